import { useEffect } from 'react';
import { WEB_ROUTES } from '@palaro/contract';
import { useLanguage, useTranslation } from '../../../shared/i18n/language';
import { refreshUnreadCount } from '../../../shared/inbox/unread';
import { formatDateTime } from '../../../shared/lib/format';
import { useQueryClient } from '../../../shared/query/react';
import { Link, useNavigate } from '../../../shared/router';
import { useSettings } from '../../../shared/startup/context';
import { ErrorState, useErrorText } from '../../../shared/ui/ErrorState';
import { useConfirm, useToast } from '../../../shared/ui/feedback';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { inboxKeys } from '../api/keys';
import { afterInboxChange, deleteInboxMessage, useInboxMessage } from '../api/messages';
import { RichText } from '../../../shared/ui/RichText';

/** One message, opened (which marks it read): its title, date and rich text; delete it from here. */
export function MessageView({ id }: { id: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const settings = useSettings();
  const message = useInboxMessage(id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const errorText = useErrorText();
  const opened = message.data?.id;

  // Opening it marked it read: the list's dot and every badge follow.
  useEffect(() => {
    if (!opened) return;
    void queryClient.invalidateQueries({ queryKey: inboxKeys.pages });
    void refreshUnreadCount(queryClient);
  }, [opened, queryClient]);

  if (message.isPending) {
    return (
      <article className="inbox-message" aria-busy="true" data-testid="inbox-message-loading">
        <Skeleton width="75%" height={22} />
        <Skeleton width="45%" height={12} />
        <Skeleton width="100%" height={14} />
        <Skeleton width="92%" height={14} />
        <Skeleton width="60%" height={14} />
      </article>
    );
  }
  if (message.isError) {
    return <ErrorState testId="inbox-message-error" error={message.error} onRetry={() => void message.refetch()} />;
  }

  const remove = async () => {
    const sure = await confirm({
      message: t('inbox_delete_confirm'),
      okText: t('inbox_delete'),
      cancelText: t('in_more_cancel'),
    });
    if (!sure) return;
    try {
      await deleteInboxMessage(id);
      await afterInboxChange(queryClient);
      void toast.show(t('inbox_deleted'), { kind: 'success' });
      void navigate(WEB_ROUTES.webEmail, { replace: true });
    } catch (error) {
      void toast.show(errorText(error), { kind: 'error' });
    }
  };

  const { title, sentAt, sender, bodyHtml } = message.data;
  return (
    <article className="inbox-message" data-testid="inbox-message">
      <header className="inbox-message__head">
        <h2 className="inbox-message__title">{title}</h2>
        <p className="inbox-message__meta">
          <span>
            {sender === 'system' ? t('inbox_from_system') : t('inbox_from_operator', { name: settings.name })}
          </span>
          <time dateTime={sentAt}>{formatDateTime(sentAt, language, settings.timeZone)}</time>
        </p>
      </header>
      <RichText className="inbox-message__body" html={bodyHtml} />
      <div className="inbox-message__actions">
        <Link to={WEB_ROUTES.webEmail} className="btn btn--outline" data-testid="inbox-back">
          {t('inbox_back_to_list')}
        </Link>
        <button type="button" className="btn btn--outline" data-testid="inbox-delete" onClick={() => void remove()}>
          {t('inbox_delete')}
        </button>
      </div>
    </article>
  );
}
