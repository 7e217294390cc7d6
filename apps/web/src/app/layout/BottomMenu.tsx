import { useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/language';
import { Link } from '../../shared/router';
import { WEB_ROUTES, MEMBER_CENTRE_ALIASES, decryptCustomerServiceLink } from '@palaro/contract';
import { useSettings } from '../../shared/startup/context';
import { needsTallBottomMenu } from '../../shared/lib/platform';
import { GiftIcon, HomeIcon, TelegramIcon, UserIcon, WalletIcon } from '../../shared/ui/frameIcons';

interface Item {
  key: string;
  label: string;
  icon: ReactNode;
  to?: string;
  href?: string;
  active?: boolean;
}

/** Home, activity, deposit, Telegram support (external), members. */
export function BottomMenu({ path }: { path: string }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const telegram = useMemo(() => {
    const encrypted = settings.customerService?.telegram;
    return encrypted ? decryptCustomerServiceLink(encrypted) : null;
  }, [settings.customerService?.telegram]);
  const tall = useMemo(() => needsTallBottomMenu(), []);

  const items: Item[] = [
    { key: 'home', label: t('nav_home'), icon: <HomeIcon />, to: WEB_ROUTES.home, active: path === WEB_ROUTES.home },
    {
      key: 'activity',
      label: t('nav_activity'),
      icon: <GiftIcon />,
      to: WEB_ROUTES.activity,
      active: path === WEB_ROUTES.activity || path === WEB_ROUTES.activityInfo,
    },
    {
      key: 'deposit',
      label: t('nav_deposit'),
      icon: <WalletIcon />,
      to: WEB_ROUTES.voucherCenter,
      active: path === WEB_ROUTES.voucherCenter,
    },
    ...(telegram ? [{ key: 'telegram', label: t('nav_telegram'), icon: <TelegramIcon />, href: telegram }] : []),
    {
      key: 'mine',
      label: t('nav_mine'),
      icon: <UserIcon />,
      to: WEB_ROUTES.mine,
      active: (MEMBER_CENTRE_ALIASES as readonly string[]).includes(path),
    },
  ];

  return (
    <nav
      className={`bottom-menu${tall ? ' bottom-menu--tall' : ''}`}
      data-testid="bottom-menu"
      aria-label={t('nav_label')}
    >
      <ul className="bottom-menu__list">
        {items.map((item) => (
          <li key={item.key} className={`bottom-menu__cell${item.key === 'deposit' ? ' bottom-menu__cell--main' : ''}`}>
            {item.href ? (
              <a
                className="bottom-menu__item"
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                data-testid={`bottom-menu-${item.key}`}
              >
                <span className="bottom-menu__icon">{item.icon}</span>
                <span className="bottom-menu__label">{item.label}</span>
                <span className="visually-hidden">{t('open_in_new_tab')}</span>
              </a>
            ) : (
              <Link
                className={`bottom-menu__item${item.active ? ' is-active' : ''}`}
                to={item.to!}
                aria-current={item.active ? 'page' : undefined}
                data-testid={`bottom-menu-${item.key}`}
              >
                <span className="bottom-menu__icon">{item.icon}</span>
                <span className="bottom-menu__label">{item.label}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
