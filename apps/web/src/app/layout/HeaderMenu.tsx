import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WEB_ROUTES } from '@palaro/contract';
import { useSessionInfo } from '../../shared/session/session';
import { useSignOut } from '../../shared/session/api';
import { LOADING_TOAST_SECONDS } from '@palaro/contract';
import { LogoutIcon } from '../../shared/ui/accountIcons';
import { ArrowDownIcon, ArrowUpIcon, ChevronRightIcon, HelpIcon, MenuIcon } from '../../shared/ui/icons';
import { Popover } from './Popover';

/**
 * The header menu: deposit, withdraw, help centre, and sign out for members. Without a session
 * deposit and withdraw lead to the login page (spec §8). Balance items come with the wallet.
 */
export function HeaderMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const member = useSessionInfo() !== null;
  const close = () => setOpen(false);
  const signOut = useSignOut(LOADING_TOAST_SECONDS * 1000);

  const items = [
    { key: 'deposit', to: member ? WEB_ROUTES.voucherCenter : WEB_ROUTES.login, label: t('menu_deposit'), icon: <ArrowDownIcon size={20} /> },
    { key: 'withdraw', to: member ? WEB_ROUTES.withdraw : WEB_ROUTES.login, label: t('menu_withdraw'), icon: <ArrowUpIcon size={20} /> },
    { key: 'help', to: WEB_ROUTES.help, label: t('menu_help'), icon: <HelpIcon size={20} /> },
  ];

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
            {items.map((item) => (
              <li key={item.key}>
                <Link className="popover__item" to={item.to} data-testid={`header-menu-${item.key}`} onClick={close}>
                  <span className="popover__icon">{item.icon}</span>
                  <span className="popover__label">{item.label}</span>
                  <ChevronRightIcon size={16} className="popover__chev" />
                </Link>
              </li>
            ))}
            {member ? (
              <li>
                <button type="button" className="popover__item" data-testid="header-menu-sign-out" onClick={() => { close(); void signOut(); }}>
                  <span className="popover__icon"><LogoutIcon size={20} /></span>
                  <span className="popover__label">{t('menu_sign_out')}</span>
                </button>
              </li>
            ) : null}
          </ul>
          {!member ? <p className="popover__hint">{t('menu_login_hint')}</p> : null}
        </Popover>
      ) : null}
    </div>
  );
}
