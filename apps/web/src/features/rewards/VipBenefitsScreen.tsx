import { formatRate, MEMBER_TYPES, WEB_ROUTES, type TVipClub, type TVipLevel } from '@palaro/contract';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { formatDate } from '../../shared/lib/format';
import { useMoney } from '../../shared/lib/money';
import { Navigate } from '../../shared/router';
import { useSessionInfo } from '../../shared/session/session';
import { useSettings } from '../../shared/startup/context';
import { ErrorState } from '../../shared/ui/ErrorState';
import { CrownIcon } from '../../shared/ui/icons';
import { EmptyInboxArt } from '../../shared/ui/illustrations';
import { Skeleton } from '../../shared/ui/Skeleton';
import { StateView } from '../../shared/ui/StateView';
import { TrialRefused } from '../../shared/wallet/TrialRefused';
import { useVipClub } from './api/rewards';
import '../../shared/ui/page.css';
import './rewards.css';

/** /m/member/benefits (MEMCLUB3): the VIP levels, their benefits and the member's progress — only with VIP display on. */
export default function VipBenefitsScreen() {
  const { t } = useTranslation();
  const session = useSessionInfo();
  const shown = useSettings().vip.display;
  const isTrial = session?.type === MEMBER_TYPES.trial;
  const query = useVipClub(!!session && !isTrial && shown);
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;
  if (!shown) return <Navigate to={WEB_ROUTES.mine} replace />;
  if (isTrial) return <TrialRefused />;
  return (
    <div className="rw-page" data-testid="vip-screen">
      {query.isPending ? (
        <div className="rw-skeleton" aria-busy="true" data-testid="vip-loading">
          <Skeleton height={210} radius={20} />
          <Skeleton height={150} radius={16} />
          <Skeleton height={150} radius={16} />
        </div>
      ) : query.isError ? (
        <ErrorState testId="vip-error" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.levels.length === 0 ? (
        <StateView
          compact
          testId="vip-empty"
          art={<EmptyInboxArt />}
          title={t('rep_club_empty_title')}
          body={<p>{t('rep_club_empty_body')}</p>}
        />
      ) : (
        <Club club={query.data} />
      )}
    </div>
  );
}

function Club({ club }: { club: TVipClub }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const money = useMoney();
  const next = club.levels.find((level) => level.level === club.progress.next) ?? null;
  const current = club.levels.find((level) => level.level === club.level);
  const progress = club.progress;
  return (
    <>
      <section className="rw-hero rw-hero--vip" data-testid="vip-progress">
        <p className="rw-vip__level">
          <CrownIcon size={20} />
          <span data-testid="vip-level" data-level={club.level}>
            {club.levelName}
          </span>
        </p>
        {next ? (
          <>
            <div className="rw-bar__labels">
              <span>{club.levelName}</span>
              <span>{next.name}</span>
            </div>
            <div
              className="rw-bar"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress.percent}
              aria-label={t('rep_club_progress_to', { name: next.name })}
              data-testid="vip-bar"
              data-percent={progress.percent}
            >
              <span style={{ width: `${progress.percent}%` }} />
            </div>
            <p className="rw-hero__meta">
              {t('rep_club_progress_to_pct', { name: next.name, percent: progress.percent })}
            </p>
            <dl className="rw-figures">
              {next.depositRequired > 0 ? (
                <div>
                  <dt>{t('rep_club_deposits')}</dt>
                  <dd data-testid="vip-deposits">
                    {money(Math.min(progress.deposits, next.depositRequired))} / {money(next.depositRequired)}
                  </dd>
                </div>
              ) : null}
              {next.turnoverRequired > 0 ? (
                <div>
                  <dt>{t('rep_club_turnover')}</dt>
                  <dd data-testid="vip-turnover">
                    {money(Math.min(progress.turnover, next.turnoverRequired))} / {money(next.turnoverRequired)}
                  </dd>
                </div>
              ) : null}
            </dl>
            {next.depositRequired > 0 && next.turnoverRequired > 0 ? (
              <p className="rw-hero__hint">{club.needsBoth ? t('rep_club_needs_both') : t('rep_club_needs_either')}</p>
            ) : null}
          </>
        ) : (
          <p className="rw-hero__meta">{t('rep_club_top')}</p>
        )}
        {current && progress.periodEnds && (current.keepDeposit > 0 || current.keepTurnover > 0) ? (
          <p className="rw-hero__hint" data-testid="vip-keep">
            {t('rep_club_keep', {
              name: current.name,
              day: formatDate(`${progress.periodEnds}T12:00:00Z`, language, 'UTC'),
            })}{' '}
            {current.keepDeposit > 0
              ? `${t('rep_club_deposits')} ${money(progress.periodDeposits)} / ${money(current.keepDeposit)}`
              : ''}
            {current.keepDeposit > 0 && current.keepTurnover > 0 ? ' · ' : ''}
            {current.keepTurnover > 0
              ? `${t('rep_club_turnover')} ${money(progress.periodTurnover)} / ${money(current.keepTurnover)}`
              : ''}
          </p>
        ) : null}
      </section>

      <section className="rw-section">
        <h2 className="rw-section__title">{t('rep_club_levels')}</h2>
        <ul className="rw-levels">
          {club.levels.map((level) => (
            <LevelCard key={level.level} level={level} club={club} />
          ))}
        </ul>
      </section>
    </>
  );
}

function LevelCard({ level, club }: { level: TVipLevel; club: TVipClub }) {
  const { t } = useTranslation();
  const money = useMoney();
  const rates = club.rates
    .filter((rate) => rate.vipLevel === level.level && rate.rateBp > 0)
    .map((rate) => rate.rateBp);
  const best = rates.length > 0 ? Math.max(...rates) : 0;
  const state = level.level === club.level ? 'current' : level.level < club.level ? 'reached' : 'locked';
  const benefits: [string, string][] = [
    ...(best > 0
      ? [[t('rep_club_rebate'), t('rep_club_rebate_upto', { rate: formatRate(best) })] as [string, string]]
      : []),
    ...(level.upgradeBonus > 0 ? [[t('rep_club_upgrade_bonus'), money(level.upgradeBonus)] as [string, string]] : []),
    ...(level.monthlyBonus > 0 ? [[t('rep_club_monthly_bonus'), money(level.monthlyBonus)] as [string, string]] : []),
    ...(level.birthdayBonus > 0
      ? [[t('rep_club_birthday_bonus'), money(level.birthdayBonus)] as [string, string]]
      : []),
    ...(level.withdrawDailyAmount > 0
      ? [[t('rep_club_withdraw_daily'), money(level.withdrawDailyAmount)] as [string, string]]
      : []),
  ];
  return (
    <li
      className={`rw-level rw-level--${state}`}
      data-testid="vip-level-card"
      data-level={level.level}
      data-state={state}
    >
      <div className="rw-level__head">
        <p className="rw-level__name">
          <CrownIcon size={16} />
          {level.name}
        </p>
        {state === 'current' ? <span className="rw-badge rw-badge--paid">{t('rep_club_current')}</span> : null}
      </div>
      {level.depositRequired > 0 || level.turnoverRequired > 0 ? (
        <p className="rw-level__needs">
          {[
            level.depositRequired > 0 ? `${t('rep_club_deposits')} ${money(level.depositRequired)}` : null,
            level.turnoverRequired > 0 ? `${t('rep_club_turnover')} ${money(level.turnoverRequired)}` : null,
          ]
            .filter(Boolean)
            .join(club.needsBoth ? ` ${t('rep_club_and')} ` : ` ${t('rep_club_or')} `)}
        </p>
      ) : (
        <p className="rw-level__needs">{t('rep_club_everyone')}</p>
      )}
      {benefits.length > 0 ? (
        <dl className="rw-level__benefits">
          {benefits.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
