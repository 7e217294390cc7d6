import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/language';
import { Link, useNavigate } from '../../shared/router';
import { useQueryClient } from '@tanstack/react-query';
import { WEB_ROUTES } from '@palaro/contract';
import { useSessionInfo } from '../../shared/session/session';
import { useSignOut } from '../../shared/session/api';
import { LOADING_TOAST_SECONDS } from '@palaro/contract';
import { EyeIcon, EyeOffIcon, LogoutIcon } from '../../shared/ui/accountIcons';
import { ArrowDownIcon, ArrowUpIcon, ChevronRightIcon, HelpIcon, MenuIcon, RefreshIcon } from '../../shared/ui/icons';
import { refreshWalletBalance } from '../../shared/wallet/api/balance';
import { useBalanceHidden } from '../../shared/wallet/live';
import { Popover } from './Popover';

function MenuButton({ testId, icon, label, onClick, pressed }: { testId: string; icon: ReactNode; label: string; onClick: () => void; pressed?: boolean }) {
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
 * The header menu (spec §2): deposit, withdraw, refresh balance, hide/show balance (members),
 * sign out (members), help centre. Without a session deposit, withdraw and refresh lead to the
 * login page (spec §8).
 */
export function HeaderMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const member = useSessionInfo() !== null;
  const close = () => setOpen(false);
  const signOut = useSignOut(LOADING_TOAST_SECONDS * 1000);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [hidden, setHidden] = useBalanceHidden();

  const refresh = () => {
    close();
    if (!member) {
      void navigate(WEB_ROUTES.login);
      return;
    }
    void refreshWalletBalance(queryClient);
  };

  const link = (key: string, to: string, label: string, icon: ReactNode) => (
    <li key={key}>
      <Link className="popover__item" to={to} data-testid={`header-menu-${key}`} onClick={close}>
        <span className="popover__icon">{icon}</span>
        <span className="popover__label">{label}</span>
        <ChevronRightIcon size={16} className="popover__chev" />
      </Link>
    </li>
  );

  return (
    <div className="header-menu">
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn icon-btn--ghost"
        data-testid="header-menu-button"
        aria-label={t('header_menu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <MenuIcon size={24} />
      </button>
      {open ? (
        <Popover id={id} label={t('header_menu_title')} onClose={close} className="menu-popover" testId="header-menu" returnFocus={buttonRef}>
          <p className="popover__title">{t('header_menu_title')}</p>
          <ul className="popover__list">
            {link('deposit', member ? WEB_ROUTES.voucherCenter : WEB_ROUTES.login, t('menu_deposit'), <ArrowDownIcon size={20} />)}
            {link('withdraw', member ? WEB_ROUTES.withdraw : WEB_ROUTES.login, t('menu_withdraw'), <ArrowUpIcon size={20} />)}
            <MenuButton testId="header-menu-refresh" icon={<RefreshIcon size={20} />} label={t('menu_refresh_balance')} onClick={refresh} />
            {member ? (
              <MenuButton
                testId="header-menu-hide-balance"
                icon={hidden ? <EyeIcon size={20} /> : <EyeOffIcon size={20} />}
                label={hidden ? t('menu_show_balance') : t('menu_hide_balance')}
                onClick={() => setHidden(!hidden)}
              />
            ) : null}
            {member ? (
              <MenuButton testId="header-menu-sign-out" icon={<LogoutIcon size={20} />} label={t('menu_sign_out')} onClick={() => { close(); void signOut(); }} />
            ) : null}
            {link('help', WEB_ROUTES.help, t('menu_help'), <HelpIcon size={20} />)}
          </ul>
          {!member ? <p className="popover__hint">{t('menu_login_hint')}</p> : null}
        </Popover>
      ) : null}
    </div>
  );
}
