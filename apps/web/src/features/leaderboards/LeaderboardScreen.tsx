import { useEffect, useState } from 'react';
import { WEB_ROUTES, type TLeaderboardPeriod, type TLeaderboardRow } from '@palaro/contract';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { formatCountdown, formatDateTime } from '../../shared/lib/format';
import { moneyText } from '../../shared/lib/money';
import { Link } from '../../shared/router';
import { useSettings } from '../../shared/startup/context';
import { ErrorState } from '../../shared/ui/ErrorState';
import { TrophyIcon } from '../../shared/ui/accountIcons';
import { Skeleton } from '../../shared/ui/Skeleton';
import { StateView } from '../../shared/ui/StateView';
import { EmptyInboxArt } from '../../shared/ui/illustrations';
import { useLeaderboard } from './api/leaderboard';
import '../../shared/ui/page.css';
import './leaderboard.css';

/** Ticks once a second while mounted: the countdowns. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function LeaderboardSkeleton() {
  return (
    <div className="lb" aria-busy="true" data-testid="leaderboard-loading">
      <Skeleton height={148} radius={20} />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={52} radius={14} />
      ))}
    </div>
  );
}

function StatusChip({ period, now }: { period: TLeaderboardPeriod; now: number }) {
  const { t } = useTranslation();
  const left = (Date.parse(period.status === 'upcoming' ? period.startsAt : period.endsAt) - now) / 1000;
  const text =
    period.status === 'live'
      ? t('lb_ends_in', { time: formatCountdownLong(left) })
      : period.status === 'upcoming'
        ? t('lb_starts_in', { time: formatCountdownLong(left) })
        : period.status === 'settling'
          ? t('lb_settling')
          : t('lb_paid');
  return (
    <span className={`lb-chip lb-chip--${period.status}`} data-testid="leaderboard-status">
      {period.status === 'live' ? <span className="lb-chip__dot" aria-hidden="true" /> : null}
      {text}
    </span>
  );
}

/** "2d 04:12:09" past a day, else the clock countdown. */
function formatCountdownLong(seconds: number): string {
  const days = Math.floor(Math.max(0, seconds) / 86_400);
  return days > 0 ? `${days}d ${formatCountdown(seconds - days * 86_400)}` : formatCountdown(seconds);
}

function RankBadge({ rank }: { rank: number }) {
  return (
    <span className={`lb-rank${rank <= 3 ? ` lb-rank--${rank}` : ''}`} aria-label={`#${rank}`}>
      {rank}
    </span>
  );
}

function RankRow({ row, symbol }: { row: TLeaderboardRow; symbol: string }) {
  const { t } = useTranslation();
  return (
    <li className={`lb-row${row.me ? ' is-me' : ''}`} data-testid="leaderboard-row">
      <RankBadge rank={row.rank} />
      <span className="lb-row__name">
        {row.name}
        {row.me ? <span className="lb-row__you">{t('lb_you')}</span> : null}
      </span>
      <span className="lb-row__figures">
        <span className="lb-row__score">{moneyText(row.score, symbol)}</span>
        {row.prize > 0 ? <span className="lb-row__prize">+{moneyText(row.prize, symbol)}</span> : null}
      </span>
    </li>
  );
}

function PeriodView({
  period,
  symbol,
  refreshSeconds,
}: {
  period: TLeaderboardPeriod;
  symbol: string;
  refreshSeconds: number;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const settings = useSettings();
  const now = useNow();
  const title = language === 'EN' ? period.title.EN : period.title.TY;
  const byTurnover = period.metric === 'turnover';
  const scoreLabel = byTurnover ? t('lb_col_turnover') : t('lb_col_wins');
  return (
    <section className="lb-period" data-testid="leaderboard-period">
      <header className="lb-hero">
        <div className="lb-hero__top">
          <span className="lb-hero__icon" aria-hidden="true">
            <TrophyIcon size={22} />
          </span>
          <StatusChip period={period} now={now} />
        </div>
        <h2 className="lb-hero__title">{title}</h2>
        <p className="lb-hero__meta">
          {byTurnover ? t('lb_by_turnover') : t('lb_by_wins')} ·{' '}
          {period.fromDay === period.toDay ? period.fromDay : `${period.fromDay} – ${period.toDay}`}
        </p>
        <ol className="lb-prizes" aria-label={t('lb_prizes')}>
          {period.prizes.slice(0, 3).map((prize, index) => (
            <li key={index} className={`lb-prize lb-prize--${index + 1}`}>
              <span className="lb-prize__place">{t('lb_place', { rank: index + 1 })}</span>
              <span className="lb-prize__amount">{moneyText(prize, symbol)}</span>
            </li>
          ))}
        </ol>
        {period.prizes.length > 3 ? (
          <p className="lb-hero__more">{t('lb_more_prizes', { count: period.prizes.length - 3 })}</p>
        ) : null}
      </header>

      {period.status === 'upcoming' ? (
        <p className="lb-note">{t('lb_upcoming_note')}</p>
      ) : period.top.length === 0 ? (
        <div className="lb-none" data-testid="leaderboard-no-scores">
          <p>{t('lb_no_scores')}</p>
          <Link className="btn btn--primary btn--sm" to={WEB_ROUTES.home}>
            {t('lb_play')}
          </Link>
        </div>
      ) : (
        <>
          <div className="lb-head" aria-hidden="true">
            <span>{t('lb_col_rank')}</span>
            <span>{t('lb_col_player')}</span>
            <span>{scoreLabel}</span>
          </div>
          <ol className="lb-list" data-testid="leaderboard-list">
            {period.top.map((row) => (
              <RankRow key={`${row.rank}-${row.name}-${row.score}`} row={row} symbol={symbol} />
            ))}
          </ol>
        </>
      )}

      {period.status !== 'upcoming' ? (
        <div className="lb-me" data-testid="leaderboard-me">
          <span className="lb-me__label">{t('lb_my_place')}</span>
          <span className="lb-me__rank">{period.me.rank ? `#${period.me.rank}` : t('lb_not_ranked')}</span>
          <span className="lb-me__score">
            {scoreLabel}: <strong>{moneyText(period.me.score, symbol)}</strong>
          </span>
          {period.me.prize > 0 ? (
            <span className="lb-me__prize">
              {period.status === 'paid'
                ? t('lb_won', { amount: moneyText(period.me.prize, symbol) })
                : t('lb_would_win', { amount: moneyText(period.me.prize, symbol) })}
            </span>
          ) : null}
        </div>
      ) : null}
      {period.status === 'live' ? (
        <p className="lb-note">
          {t('lb_refresh_note', { seconds: refreshSeconds })}
          {period.refreshedAt
            ? ` ${t('lb_updated', { time: formatDateTime(period.refreshedAt, language, settings.timeZone) })}`
            : ''}
        </p>
      ) : null}
    </section>
  );
}

/** /m/leaderBoard (MISSION): the periods, each ranking live while it runs, names masked, the member's own place. */
export default function LeaderboardScreen() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const settings = useSettings();
  const query = useLeaderboard();
  const [chosen, setChosen] = useState<number | null>(null);

  if (query.isPending) return <LeaderboardSkeleton />;
  if (query.isError && !query.data)
    return <ErrorState testId="leaderboard-error" error={query.error} onRetry={() => void query.refetch()} />;
  const { list, currencySymbol, refreshSeconds } = query.data;
  if (list.length === 0)
    return (
      <StateView
        testId="leaderboard-empty"
        art={<EmptyInboxArt />}
        title={t('lb_empty_title')}
        body={<p>{t('lb_empty_body', { name: settings.name })}</p>}
      />
    );
  const period = list.find((row) => row.id === chosen) ?? list[0]!;
  return (
    <div className="lb" data-testid="leaderboard-screen">
      {list.length > 1 ? (
        <div className="lb-tabs" role="tablist" aria-label={t('title_leaderboard')}>
          {list.map((row) => (
            <button
              key={row.id}
              type="button"
              role="tab"
              aria-selected={row.id === period.id}
              className={`lb-tab${row.id === period.id ? ' is-active' : ''}`}
              onClick={() => setChosen(row.id)}
            >
              {language === 'EN' ? row.title.EN : row.title.TY}
            </button>
          ))}
        </div>
      ) : null}
      <PeriodView key={period.id} period={period} symbol={currencySymbol} refreshSeconds={refreshSeconds} />
    </div>
  );
}
