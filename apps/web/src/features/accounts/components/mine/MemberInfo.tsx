import { WEB_ROUTES, type TMemberInfo } from '@palaro/contract';
import { useTranslation } from '../../../../shared/i18n/language';
import { useQueryClient } from '../../../../shared/query/react';
import { Link } from '../../../../shared/router';
import { Skeleton } from '../../../../shared/ui/Skeleton';
import { ChevronRightIcon, CrownIcon, UserIcon } from '../../../../shared/ui/icons';
import { EyeIcon, EyeOffIcon, RefreshIcon } from '../../../../shared/ui/menuIcons';
import { BalanceAmount } from '../../../../shared/wallet/BalanceAmount';
import { refreshWalletBalance } from '../../../../shared/wallet/api/balance';
import { useBalanceHidden } from '../../../../shared/wallet/hidden';
import { joinedDays, type MemberCentreVariant } from '../../lib/memberCentre';
import { HeadIcon } from '../HeadIcon';

/** A guest's place for a picture in the login prompt; a member's own is their HeadIcon. */
function GuestAvatar() {
  return (
    <span className="mine-avatar" aria-hidden="true">
      <UserIcon size={30} />
    </span>
  );
}

/** The wallet balance with the header's hide/show state and a refresh. */
function MineBalance() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [hidden, setHidden] = useBalanceHidden();
  return (
    <div className="mine-balance" data-testid="mine-balance">
      <span className="mine-balance__label">{t('wallet_balance')}</span>
      <BalanceAmount className="mine-balance__amount" testId="mine-balance-amount" />
      <span className="mine-balance__actions">
        <button
          type="button"
          className="icon-btn"
          data-testid="mine-balance-toggle"
          aria-label={hidden ? t('menu_show_balance') : t('menu_hide_balance')}
          onClick={() => setHidden(!hidden)}
        >
          {hidden ? <EyeIcon size={20} /> : <EyeOffIcon size={20} />}
        </button>
        <button
          type="button"
          className="icon-btn"
          data-testid="mine-balance-refresh"
          aria-label={t('menu_refresh_balance')}
          onClick={() => void refreshWalletBalance(queryClient)}
        >
          <RefreshIcon size={20} />
        </button>
      </span>
    </div>
  );
}

interface MemberInfoProps {
  variant: MemberCentreVariant;
  /** Known from the session before the member info arrives. */
  userName: string;
  member: TMemberInfo | null;
  showBenefits: boolean;
}

/**
 * The member info panel (spec §2): account name, VIP label, joined N days, the balance and the
 * link to benefits. The new centre draws it as a card, the base one as a band across the top.
 */
export function MemberInfo({ variant, userName, member, showBenefits }: MemberInfoProps) {
  const { t } = useTranslation();
  const days = member ? joinedDays(member.regDate) : 0;
  return (
    <section className={`mine-info mine-info--${variant}`} data-testid="mine-member">
      <div className="mine-info__who">
        <HeadIcon />
        <div className="mine-info__text">
          <p className="mine-info__name" data-testid="mine-account">
            {member?.account ?? userName}
          </p>
          {member ? (
            <p className="mine-info__meta">
              <span className="vip-chip" data-testid="mine-vip">
                <CrownIcon size={14} />
                {member.vipLabel}
              </span>
              <span data-testid="mine-joined-days" data-days={days}>
                {days === 0 ? t('mine_joined_today') : t('mine_joined', { count: days })}
              </span>
            </p>
          ) : (
            <Skeleton width={160} height={16} />
          )}
          {showBenefits && variant === 'base' ? (
            <Link className="mine-info__benefits-chip" to={WEB_ROUTES.benefits} data-testid="mine-benefits-link">
              {t('mine_vip_benefits')}
              <ChevronRightIcon size={14} />
            </Link>
          ) : null}
        </div>
      </div>
      <MineBalance />
      {showBenefits && variant === 'new' ? (
        <Link className="mine-info__link" to={WEB_ROUTES.benefits} data-testid="mine-benefits-link">
          {t('mine_vip_benefits')}
          <ChevronRightIcon size={16} />
        </Link>
      ) : null}
    </section>
  );
}

/** Logged out: the login-or-register prompt, in the variant's shape. */
export function LoginPrompt({ variant, onLogin }: { variant: MemberCentreVariant; onLogin: () => void }) {
  const { t } = useTranslation();
  return (
    <section className={`mine-info mine-info--${variant} mine-info--prompt`} data-testid="mine-login-prompt">
      <div className="mine-info__who">
        <GuestAvatar />
        <div className="mine-info__text">
          <p className="mine-info__name">{t('mine_prompt_title')}</p>
          <p className="mine-info__sub">{t('mine_prompt_body')}</p>
        </div>
      </div>
      <div className="mine-info__actions">
        <button type="button" className="btn btn--primary btn--sm" data-testid="mine-login" onClick={onLogin}>
          {t('mine_login')}
        </button>
        <Link className="btn btn--outline btn--sm" to={WEB_ROUTES.register} data-testid="mine-register">
          {t('mine_register')}
        </Link>
      </div>
    </section>
  );
}
