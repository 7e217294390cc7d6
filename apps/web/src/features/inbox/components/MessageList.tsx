import { WEB_ROUTES, type Language, type TInboxSummary } from '@palaro/contract';
import { useTranslation, useLanguage } from '../../../shared/i18n/language';
import { useUnreadCount } from '../../../shared/inbox/unread';
import { formatDateTime } from '../../../shared/lib/format';
import { useQueryClient } from '../../../shared/query/react';
import { Link } from '../../../shared/router';
import { useSettings } from '../../../shared/startup/context';
import { ErrorState, useErrorText } from '../../../shared/ui/ErrorState';
import { useToast } from '../../../shared/ui/feedback';
import { MailIcon } from '../../../shared/ui/frameIcons';
import { CoinsIcon } from '../../../shared/ui/accountIcons';
import { ChevronRightIcon } from '../../../shared/ui/icons';
import { EmptyInboxArt } from '../../../shared/ui/illustrations';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { StateView } from '../../../shared/ui/StateView';
import { afterInboxChange, markAllInboxRead, useInboxPages } from '../api/messages';

function MessageRow({ item, language, timeZone }: { item: TInboxSummary; language: Language; timeZone: string }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <li>
      <Link
        to={`${WEB_ROUTES.message}?id=${item.id}`}
        className={`inbox-row${item.read ? '' : ' is-unread'}`}
        data-testid="inbox-row"
      >
        <span className={`inbox-row__icon inbox-row__icon--${item.sender}`} aria-hidden="true">
          {item.sender === 'system' ? <CoinsIcon size={18} /> : <MailIcon size={18} />}
        </span>
        <span className="inbox-row__main">
          <span className="inbox-row__top">
            <span className="inbox-row__title">{item.title}</span>
            {item.read ? null : (
              <span className="inbox-row__dot" data-testid="inbox-unread-dot">
                <span className="visually-hidden">{t('inbox_unread')}</span>
              </span>
            )}
          </span>
          <span className="inbox-row__preview">{item.preview}</span>
          <span className="inbox-row__meta">
            <span>
              {item.sender === 'system' ? t('inbox_from_system') : t('inbox_from_operator', { name: settings.name })}
            </span>
            <time dateTime={item.sentAt}>{formatDateTime(item.sentAt, language, timeZone)}</time>
          </span>
        </span>
        <ChevronRightIcon size={16} className="inbox-row__chev" />
      </Link>
    </li>
  );
}

export function MessageListSkeleton() {
  return (
    <div className="inbox" aria-busy="true" data-testid="inbox-loading">
      <div className="inbox__bar">
        <Skeleton width={110} height={14} />
        <Skeleton width={120} height={30} radius={15} />
      </div>
      <div className="inbox__list">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="inbox-row inbox-row--skeleton">
            <Skeleton width={36} height={36} radius={12} />
            <span className="inbox-row__main">
              <Skeleton width="70%" height={15} />
              <Skeleton width="95%" height={12} />
              <Skeleton width="40%" height={11} />
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

/** The member's messages, newest first: an unread dot on each unread one, mark all read, more on demand. */
export function MessageList() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const settings = useSettings();
  const pages = useInboxPages();
  const unread = useUnreadCount();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();

  if (pages.isPending) return <MessageListSkeleton />;
  if (pages.isError && !pages.data)
    return <ErrorState testId="inbox-error" error={pages.error} onRetry={() => void pages.refetch()} />;

  const items = pages.data.pages.flatMap((page) => page.list);
  if (items.length === 0) {
    return (
      <StateView
        testId="inbox-empty"
        art={<EmptyInboxArt />}
        title={t('inbox_empty_title')}
        body={<p>{t('inbox_empty_body', { name: settings.name })}</p>}
      />
    );
  }

  const markAll = async () => {
    try {
      await markAllInboxRead();
      await afterInboxChange(queryClient);
      void toast.show(t('inbox_all_read'), { kind: 'success' });
    } catch (error) {
      void toast.show(errorText(error), { kind: 'error' });
    }
  };

  return (
    <div className="inbox">
      <div className="inbox__bar">
        <p className="inbox__count" data-testid="inbox-unread-count" aria-live="polite">
          {unread > 0 ? t('inbox_unread_count', { count: unread }) : t('inbox_all_caught_up')}
        </p>
        <button
          type="button"
          className="btn btn--outline btn--sm"
          data-testid="inbox-read-all"
          disabled={unread === 0}
          onClick={() => void markAll()}
        >
          {t('inbox_mark_all_read')}
        </button>
      </div>
      <ul className="inbox__list" data-testid="inbox-list">
        {items.map((item) => (
          <MessageRow key={item.id} item={item} language={language} timeZone={settings.timeZone} />
        ))}
      </ul>
      {pages.hasNextPage ? (
        <button
          type="button"
          className="btn btn--outline btn--block"
          onClick={() => void pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
        >
          {pages.isFetchingNextPage ? t('loading') : t('inbox_more')}
        </button>
      ) : (
        <p className="inbox__end">{t('inbox_end')}</p>
      )}
      {pages.isFetchNextPageError ? (
        <p className="inbox__end" role="alert">
          {t('in_unknown_error')}
        </p>
      ) : null}
    </div>
  );
}
