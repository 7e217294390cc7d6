import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '../../shared/query/react';
import { useTranslation } from '../../shared/i18n/language';
import { Link, useNavigate } from '../../shared/router';
import { MEMBER_TYPES, TIMING_MS, WEB_ROUTES } from '@palaro/contract';
import { useSettings } from '../../shared/startup/context';
import { BackButton } from '../../shared/ui/BackButton';
import { renewSession, useMemberInfo } from '../../shared/session/api';
import { useSessionInfo } from '../../shared/session/session';
import { useToast } from '../../shared/ui/feedback';
import { Skeleton } from '../../shared/ui/Skeleton';
import { ChevronRightIcon, CrownIcon, MailIcon, UserIcon, UsersIcon } from '../../shared/ui/icons';
import { ArrowDownIcon, ArrowUpIcon, EyeIcon, EyeOffIcon, RefreshIcon } from '../../shared/ui/menuIcons';
import {
  AgencyIcon,
  ChartIcon,
  CogIcon,
  CoinsIcon,
  DocIcon,
  DownloadIcon,
  FeedbackIcon,
  PercentIcon,
  ShieldIcon,
  TransferIcon,
  TrophyIcon,
} from '../../shared/ui/accountIcons';
import { BalanceAmount } from '../../shared/wallet/BalanceAmount';
import { refreshWalletBalance } from '../../shared/wallet/api/balance';
import { useBalanceHidden } from '../../shared/wallet/hidden';
import { joinedDays, memberEntries, memberTiles, type EntryName, type TileName } from './lib/memberCentre';
import { DownloadSheet } from './components/DownloadSheet';
import { HeadIcon } from './components/HeadIcon';
import { LoginDialog } from './components/LoginDialog';
import '../../shared/ui/page.css';
import './accounts.css';
import './mine.css';

const ENTRY_ICONS: Record<EntryName, ReactNode> = {
  agency: <AgencyIcon size={20} />,
  depositRecords: <ArrowDownIcon size={20} />,
  withdrawReport: <ArrowUpIcon size={20} />,
  accountRecords: <DocIcon size={20} />,
  bettingRecords: <DocIcon size={20} />,
  profitLoss: <ChartIcon size={20} />,
  uplineTransfer: <TransferIcon size={20} />,
  rewardCenter: <TrophyIcon size={20} />,
  manualRebate: <CoinsIcon size={20} />,
  leaderboard: <TrophyIcon size={20} />,
  myRebate: <PercentIcon size={20} />,
  mail: <MailIcon size={20} />,
  feedback: <FeedbackIcon size={20} />,
};

/** The member's wallet balance in the info panel, with the header's hide/show state and a refresh. */
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

const TILE_ICONS: Record<TileName, ReactNode> = {
  benefits: <CrownIcon size={24} />,
  download: <DownloadIcon size={24} />,
  deposit: <ArrowDownIcon size={24} />,
  withdraw: <ArrowUpIcon size={24} />,
  invite: <UsersIcon size={24} />,
  security: <ShieldIcon size={24} />,
};

/** /m/mine and /m/member/home (spec §2 Member centre). */
export default function MineScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const session = useSessionInfo();
  const memberQuery = useMemberInfo();
  const member = session ? (memberQuery.data ?? null) : null;
  const navigate = useNavigate();
  const toast = useToast();
  const [dialog, setDialog] = useState<'login' | 'download' | null>(null);
  const isTrial = session?.type === MEMBER_TYPES.trial || member?.type === MEMBER_TYPES.trial;

  // Trial members are refused from the member centre with free_reject for 2 s (spec §2), then home.
  useEffect(() => {
    if (!isTrial) return;
    void toast.show(t('free_reject'), { durationMs: TIMING_MS.toastLong, kind: 'error' });
    void navigate(WEB_ROUTES.home, { replace: true });
  }, [isTrial, toast, t, navigate]);

  // The member centre renews the session (spec §7).
  const signedIn = session !== null && !isTrial;
  useEffect(() => {
    if (signedIn) void renewSession().catch(() => undefined);
  }, [signedIn]);

  const go = (to: string) => {
    if (!session) setDialog('login');
    else void navigate(to);
  };

  const onTile = (name: TileName, to: string | null) => {
    if (!session) return setDialog('login');
    if (name === 'download') return setDialog('download');
    if (name === 'invite' && !to) return void toast.show(t('in_contact_service'), { durationMs: TIMING_MS.toastLong });
    if (to) void navigate(to);
  };

  const entries = memberEntries(settings, member);
  const tiles = memberTiles(settings);

  return (
    <div className="mine" data-testid="mine-screen">
      <div className="mine__bar">
        <BackButton to={WEB_ROUTES.home} testId="screen-back" />
        <h1 className="mine__title" data-testid="screen-title">
          {t('title_member_centre')}
        </h1>
        <div className="mine__bar-actions">
          <button
            type="button"
            className="icon-btn"
            aria-label={t('mine_download')}
            data-testid="mine-download"
            onClick={() => setDialog('download')}
          >
            <DownloadIcon size={22} />
          </button>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('mine_settings')}
            data-testid="mine-settings"
            onClick={() => go(WEB_ROUTES.settings)}
          >
            <CogIcon size={22} />
          </button>
        </div>
      </div>

      {session ? (
        <section className="mine-card" data-testid="mine-member">
          <HeadIcon />
          <div className="mine-card__text">
            {member ? (
              <>
                <p className="mine-card__name" data-testid="mine-account">
                  {member.account}
                </p>
                <p className="mine-card__meta">
                  <span className="vip-chip" data-testid="mine-vip">
                    <CrownIcon size={14} />
                    {member.vipLabel}
                  </span>
                  <span data-testid="mine-joined-days" data-days={joinedDays(member.regDate)}>
                    {joinedDays(member.regDate) === 0
                      ? t('mine_joined_today')
                      : t('mine_joined', { count: joinedDays(member.regDate) })}
                  </span>
                </p>
              </>
            ) : (
              <>
                <p className="mine-card__name" data-testid="mine-account">
                  {session.userName}
                </p>
                <Skeleton width={160} height={16} />
              </>
            )}
          </div>
          <MineBalance />
          {settings.vip.display && settings.vip.benefits ? (
            <Link className="mine-card__link" to={WEB_ROUTES.benefits} data-testid="mine-benefits-link">
              {t('mine_vip_benefits')}
              <ChevronRightIcon size={16} />
            </Link>
          ) : null}
        </section>
      ) : (
        <section className="mine-card mine-card--prompt" data-testid="mine-login-prompt">
          <span className="mine-card__avatar" aria-hidden="true">
            <UserIcon size={30} />
          </span>
          <div className="mine-card__text">
            <p className="mine-card__name">{t('mine_prompt_title')}</p>
            <p className="mine-card__sub">{t('mine_prompt_body')}</p>
          </div>
          <div className="mine-card__actions">
            <button
              type="button"
              className="btn btn--primary btn--sm"
              data-testid="mine-login"
              onClick={() => setDialog('login')}
            >
              {t('mine_login')}
            </button>
            <Link className="btn btn--outline btn--sm" to={WEB_ROUTES.register} data-testid="mine-register">
              {t('mine_register')}
            </Link>
          </div>
        </section>
      )}

      <nav className="mine-tiles" aria-label={t('mine_tiles')}>
        {tiles.map((tile) => (
          <button
            key={tile.name}
            type="button"
            className="mine-tile"
            data-testid={`mine-tile-${tile.name}`}
            onClick={() => onTile(tile.name, tile.to)}
          >
            <span className="mine-tile__icon">{TILE_ICONS[tile.name]}</span>
            <span className="mine-tile__label">{t(tile.labelKey)}</span>
          </button>
        ))}
      </nav>

      {entries.length > 0 ? (
        <nav aria-label={t('mine_list')}>
          <ul className="acc-list">
            {entries.map((entry) => (
              <li key={entry.name}>
                <button
                  type="button"
                  className="acc-list__item"
                  data-testid={`mine-entry-${entry.name}`}
                  onClick={() => go(entry.to)}
                >
                  <span className="acc-list__icon">{ENTRY_ICONS[entry.name]}</span>
                  <span className="acc-list__label">{t(entry.labelKey)}</span>
                  <ChevronRightIcon size={18} className="acc-list__chev" />
                </button>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {dialog === 'login' ? <LoginDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'download' ? <DownloadSheet onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
