import { useTranslation } from '../../shared/i18n/language';
import { Link } from '../../shared/router';
import { WEB_ROUTES, backGoesHome } from '@palaro/contract';
import { useSettings } from '../../shared/startup/context';
import type { TextKey } from '../../shared/i18n';
import { BackButton } from '../../shared/ui/BackButton';
import { HeaderMenu } from './HeaderMenu';
import { LanguageControl } from '../../shared/ui/LanguageControl';
import { CdnImage } from '../../shared/ui/CdnImage';
import { cachedMemberInfo, memberDisplayName, useSessionInfo } from '../../shared/session/session';
import { UserIcon } from '../../shared/ui/frameIcons';
import { BalancePending } from '../../shared/wallet/BalancePending';
import { useMemberParts } from './useMemberParts';

/** Home: merchant logo and the guest actions. Other pages: back arrow and the route's title. */
export function Header({ isHome, path, titleKey }: { isHome: boolean; path: string; titleKey: TextKey | null }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const session = useSessionInfo();
  const memberParts = useMemberParts();

  if (isHome) {
    return (
      <header className="app-header app-header--home" data-testid="app-header">
        <Link to={WEB_ROUTES.home} className="app-header__brand" aria-label={settings.name}>
          <CdnImage
            data-testid="header-logo"
            className="app-header__logo"
            src={settings.logoUrl}
            alt={settings.name}
            width={106}
            height={26}
            loading="eager"
          />
        </Link>
        <div className="app-header__actions">
          {session ? (
            // Member header: nickname (else account name) and the total wallet balance, 2 decimals (spec §2).
            <Link className="member-chip" to={WEB_ROUTES.mine} data-testid="header-member-name">
              <UserIcon size={16} />
              <span className="visually-hidden">{t('header_member')}: </span>
              <span className="member-chip__text">
                <span className="member-chip__name">
                  {/* Until the member parts arrive, the cached member info names the member: the same words, nothing moves. */}
                  {memberParts ? <memberParts.MemberName /> : memberDisplayName(cachedMemberInfo(), session.userName)}
                </span>
                {memberParts ? (
                  <memberParts.BalanceAmount className="member-chip__balance" testId="header-balance" />
                ) : (
                  <BalancePending className="member-chip__balance" testId="header-balance" />
                )}
              </span>
              {memberParts ? <memberParts.PlayMoneyBadge /> : null}
            </Link>
          ) : (
            <>
              <Link className="btn btn--sm app-header__login" to={WEB_ROUTES.login} data-testid="header-login">
                {t('header_login')}
              </Link>
              {settings.whitelabel?.DIRECTREG3 ? (
                <Link className="btn btn--sm btn--primary" to={WEB_ROUTES.register} data-testid="header-register">
                  {t('header_register')}
                </Link>
              ) : null}
            </>
          )}
          <LanguageControl available={settings.languages} />
          <HeaderMenu />
        </div>
      </header>
    );
  }

  return (
    <header className="app-header app-header--page" data-testid="app-header">
      <BackButton to={backGoesHome(path) ? WEB_ROUTES.home : undefined} />
      <h1 className="app-header__title" data-testid="page-title">
        {titleKey ? t(titleKey) : settings.name}
      </h1>
      {/* Every screen offers the language, so switching never means leaving the game, the lottery or the records. */}
      <LanguageControl available={settings.languages} />
    </header>
  );
}
