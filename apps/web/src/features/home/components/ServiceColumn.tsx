import { useEffect, useId, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { Link } from '../../../shared/router';
import { WEB_ROUTES, decryptCustomerServiceLink } from '@palaro/contract';
import { useSettings } from '../../../shared/startup/context';
import { isExternalLink } from '../../../shared/lib/platform';
import { ChatIcon, ChevronRightIcon, GiftIcon, HeadsetIcon, MailIcon, UsersIcon } from '../../../shared/ui/frameIcons';

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
 * The floating column on home: inbox (unread badge), referral, messaging app, customer service,
 * social. At rest only a slim tab shows at the right edge, inside the page's margin, so the column
 * never lies over a tile or a link; a tap on the tab slides the column out, and scrolling, a tap
 * elsewhere or Escape puts it away again.
 */
export function ServiceColumn({ unreadCount }: { unreadCount: number }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const column = useRef<HTMLElement>(null);
  const handle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusListOnOpen = useRef(false);
  const focusHandleOnClose = useRef(false);
  const listId = useId();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) {
      // Once the tab is back in reach (not inert), a keyboard user's focus returns to it.
      if (focusHandleOnClose.current) handle.current?.focus({ preventScroll: true });
      focusHandleOnClose.current = false;
      return;
    }
    if (focusListOnOpen.current) {
      focusListOnOpen.current = false;
      list.current?.querySelector<HTMLElement>('a')?.focus({ preventScroll: true });
    }
    const close = () => setOpen(false);
    const onPointerDown = (event: PointerEvent) => {
      if (!column.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      focusHandleOnClose.current = true;
      close();
    };
    window.addEventListener('scroll', close, { passive: true });
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('scroll', close);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const onHandle = (event: MouseEvent<HTMLButtonElement>) => {
    // The tab leaves the tab order once open, so focus moves on to the first button.
    focusListOnOpen.current = document.activeElement === event.currentTarget;
    setOpen(true);
  };
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

  const state = open ? 'open' : 'tucked';

  return (
    <aside
      ref={column}
      className="service-column"
      data-testid="service-column"
      data-state={state}
      aria-label={t('service_column')}
    >
      {/* The tab at the edge while tucked; out of the way (and of the tab order) while open. */}
      <button
        ref={handle}
        type="button"
        className="service-column__handle"
        data-testid="service-column-handle"
        aria-label={t('service_column_show')}
        aria-controls={listId}
        aria-expanded={open}
        inert={open}
        onClick={onHandle}
      >
        <ChevronRightIcon size={14} className="service-column__chev" />
        {unreadCount > 0 ? <span className="service-column__handle-dot" aria-hidden="true" /> : null}
      </button>
      <ul ref={list} id={listId} inert={!open} onClick={() => setOpen(false)}>
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
    </aside>
  );
}
