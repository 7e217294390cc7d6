import { useEffect, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../../shared/i18n/language';
import { Link } from '../../shared/router';
import { LOADING_TOAST_SECONDS, WEB_ROUTES } from '@palaro/contract';
import { useSignOut } from '../../shared/session/api';
import { ChevronRightIcon } from '../../shared/ui/frameIcons';
import { preloadFeedback } from '../../shared/ui/feedback';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  EyeIcon,
  EyeOffIcon,
  HelpIcon,
  LogoutIcon,
  RefreshIcon,
} from '../../shared/ui/menuIcons';
import { Popover } from '../../shared/ui/Popover';

function MenuButton({
  testId,
  icon,
  label,
  onClick,
  pressed,
}: {
  testId: string;
  icon: ReactNode;
  label: string;
  onClick: () => void;
  pressed?: boolean;
}) {
  return (
    <li>
      <button type="button" className="popover__item" data-testid={testId} aria-pressed={pressed} onClick={onClick}>
        <span className="popover__icon">{icon}</span>
        <span className="popover__label">{label}</span>
      </button>
    </li>
  );
}

/**
 * The header menu once open (spec §2): its own chunk, loaded on first use (see HeaderMenu). What
 * the items do stays with HeaderMenu, which is mounted with the header — except signing out, which
 * only a member's open menu offers, so its flow (shared/session/api) comes with the panel.
 */
export function HeaderMenuPanel({
  id,
  member,
  hidden,
  returnFocus,
  onClose,
  onRefresh,
  onToggleHidden,
}: {
  id: string;
  member: boolean;
  hidden: boolean;
  returnFocus: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onRefresh: () => void;
  onToggleHidden: () => void;
}) {
  const { t } = useTranslation();
  const signOut = useSignOut(LOADING_TOAST_SECONDS * 1000);

  // A member's menu offers sign-out, whose confirm dialog is drawn by a chunk of its own.
  useEffect(() => {
    if (member) preloadFeedback();
  }, [member]);

  const link = (key: string, to: string, label: string, icon: ReactNode) => (
    <li key={key}>
      <Link className="popover__item" to={to} data-testid={`header-menu-${key}`} onClick={onClose}>
        <span className="popover__icon">{icon}</span>
        <span className="popover__label">{label}</span>
        <ChevronRightIcon size={16} className="popover__chev" />
      </Link>
    </li>
  );

  return (
    <Popover
      id={id}
      label={t('header_menu_title')}
      onClose={onClose}
      className="menu-popover"
      testId="header-menu"
      returnFocus={returnFocus}
    >
      <p className="popover__title">{t('header_menu_title')}</p>
      <ul className="popover__list">
        {link(
          'deposit',
          member ? WEB_ROUTES.voucherCenter : WEB_ROUTES.login,
          t('menu_deposit'),
          <ArrowDownIcon size={20} />,
        )}
        {link(
          'withdraw',
          member ? WEB_ROUTES.withdraw : WEB_ROUTES.login,
          t('menu_withdraw'),
          <ArrowUpIcon size={20} />,
        )}
        <MenuButton
          testId="header-menu-refresh"
          icon={<RefreshIcon size={20} />}
          label={t('menu_refresh_balance')}
          onClick={onRefresh}
        />
        {member ? (
          <MenuButton
            testId="header-menu-hide-balance"
            icon={hidden ? <EyeIcon size={20} /> : <EyeOffIcon size={20} />}
            label={hidden ? t('menu_show_balance') : t('menu_hide_balance')}
            onClick={onToggleHidden}
          />
        ) : null}
        {member ? (
          <MenuButton
            testId="header-menu-sign-out"
            icon={<LogoutIcon size={20} />}
            label={t('menu_sign_out')}
            onClick={() => {
              onClose();
              void signOut();
            }}
          />
        ) : null}
        {link('help', WEB_ROUTES.help, t('menu_help'), <HelpIcon size={20} />)}
      </ul>
      {!member ? <p className="popover__hint">{t('menu_login_hint')}</p> : null}
    </Popover>
  );
}
