import { useMemo, type ReactNode, type RefObject } from 'react';
import { WEB_ROUTES, decryptCustomerServiceLink } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { Link } from '../../../shared/router';
import { useSettings } from '../../../shared/startup/context';
import { isExternalLink } from '../../../shared/lib/platform';
import { ChatIcon, GiftIcon, HeadsetIcon, MailIcon, UsersIcon } from '../../../shared/ui/frameIcons';

interface ServiceItem {
  key: string;
  label: string;
  icon: ReactNode;
  link: string;
  badge?: number;
}

function decrypt(value: string | undefined): string | null {
  return value ? decryptCustomerServiceLink(value) : null;
}

const ICON_SIZE = 18;

/**
 * The service column's buttons: inbox (unread badge), referral, messaging app, customer service,
 * social. Loaded when the player first reaches for the column's tab (ServiceColumn.tsx), not with
 * home: at rest only the tab shows.
 */
export function ServiceLinks({
  unreadCount,
  listId,
  listRef,
  open,
  onChosen,
}: {
  unreadCount: number;
  listId: string;
  listRef: RefObject<HTMLUListElement | null>;
  open: boolean;
  onChosen: () => void;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const links = useMemo(
    () => ({
      messagingApp: decrypt(settings.customerService?.messagingApp),
      service: decrypt(settings.customerService?.service),
      social: decrypt(settings.customerService?.social),
    }),
    [settings.customerService],
  );

  const items: ServiceItem[] = [
    {
      key: 'inbox',
      label: unreadCount > 0 ? t('service_inbox_unread', { count: unreadCount }) : t('service_inbox'),
      icon: <MailIcon size={ICON_SIZE} />,
      link: WEB_ROUTES.webEmail,
      badge: unreadCount,
    },
  ];
  if (settings.promotions?.REFERRAL)
    items.push({
      key: 'referral',
      label: t('service_referral'),
      icon: <GiftIcon size={ICON_SIZE} />,
      link: WEB_ROUTES.inviteFriends,
    });
  if (links.messagingApp)
    items.push({
      key: 'messaging',
      label: t('service_messaging'),
      icon: <ChatIcon size={ICON_SIZE} />,
      link: links.messagingApp,
    });
  items.push({
    key: 'customer-service',
    label: t('service_customer'),
    icon: <HeadsetIcon size={ICON_SIZE} />,
    link: links.service ?? WEB_ROUTES.service,
  });
  if (links.social)
    items.push({ key: 'social', label: t('service_social'), icon: <UsersIcon size={ICON_SIZE} />, link: links.social });

  return (
    <ul ref={listRef} id={listId} inert={!open} onClick={onChosen}>
      {items.map((item) => {
        const content = (
          <>
            {item.icon}
            {item.badge ? (
              <span className="service-column__badge" data-testid="service-inbox-badge" aria-hidden="true">
                {item.badge > 99 ? '99+' : item.badge}
              </span>
            ) : null}
          </>
        );
        return (
          <li key={item.key}>
            {isExternalLink(item.link) ? (
              <a
                className="service-column__btn"
                href={item.link}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${item.label} ${t('open_in_new_tab')}`}
                title={item.label}
                data-testid={`service-${item.key}`}
              >
                {content}
              </a>
            ) : (
              <Link
                className="service-column__btn"
                to={item.link}
                aria-label={item.label}
                title={item.label}
                data-testid={`service-${item.key}`}
              >
                {content}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
