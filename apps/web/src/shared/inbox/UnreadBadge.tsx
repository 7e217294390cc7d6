import { useTranslation } from '../i18n/language';
import { useUnreadCount } from './unread';
import './unread.css';

/** The member's unread count as a small badge (the mail entry of the member centre); nothing at 0. */
export function UnreadBadge() {
  const { t } = useTranslation();
  const count = useUnreadCount();
  if (count === 0) return null;
  return (
    <span className="unread-badge" data-testid="unread-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('service_inbox_unread', { count })}</span>
    </span>
  );
}
