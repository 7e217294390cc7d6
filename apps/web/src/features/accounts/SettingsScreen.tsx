import { useTranslation } from '../../shared/i18n/language';
import { Link, Navigate } from '../../shared/router';
import { TIMING_MS, WEB_ROUTES } from '@palaro/contract';
import { useSessionInfo } from '../../shared/session/session';
import { useSignOut } from '../../shared/session/api';
import { ChevronRightIcon, UserIcon } from '../../shared/ui/icons';
import { KeyIcon, ShieldIcon } from '../../shared/ui/accountIcons';
import { LogoutIcon } from '../../shared/ui/menuIcons';
import '../../shared/ui/page.css';
import './accounts.css';

/** /m/set (spec §2 Settings): change-password entry and sign-out; home without a session. */
export default function SettingsScreen() {
  const { t } = useTranslation();
  const session = useSessionInfo();
  const signOut = useSignOut(TIMING_MS.logoutLoading);
  if (!session) return <Navigate to={WEB_ROUTES.home} replace />;

  return (
    <div className="acc-page" data-testid="settings-screen">
      <ul className="acc-list">
        <li>
          <div className="acc-list__item">
            <span className="acc-list__icon">
              <UserIcon size={20} />
            </span>
            <span className="acc-list__label">{t('settings_account')}</span>
            <span className="acc-list__value" data-testid="settings-account">
              {session.userName}
            </span>
          </div>
        </li>
        <li>
          <Link
            className="acc-list__item"
            to={session ? WEB_ROUTES.changePassword : WEB_ROUTES.login}
            data-testid="settings-change-password"
          >
            <span className="acc-list__icon">
              <KeyIcon size={20} />
            </span>
            <span className="acc-list__label">{t('settings_change_password')}</span>
            <ChevronRightIcon size={18} className="acc-list__chev" />
          </Link>
        </li>
        <li>
          <Link className="acc-list__item" to={WEB_ROUTES.securityCenter} data-testid="settings-security">
            <span className="acc-list__icon">
              <ShieldIcon size={20} />
            </span>
            <span className="acc-list__label">{t('settings_security')}</span>
            <ChevronRightIcon size={18} className="acc-list__chev" />
          </Link>
        </li>
      </ul>
      <div className="acc-list">
        <button
          type="button"
          className="acc-list__item acc-list__item--danger"
          data-testid="settings-sign-out"
          onClick={() => void signOut()}
        >
          <LogoutIcon size={20} />
          {t('settings_sign_out')}
        </button>
      </div>
    </div>
  );
}
