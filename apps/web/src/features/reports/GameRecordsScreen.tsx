import { useState } from 'react';
import { Navigate, useSearchParams } from '../../shared/router';
import { GAME_CATEGORIES, WEB_ROUTES, type GameCategory, type TGameRecord, type TGameRecords } from '@palaro/contract';
import { useSessionInfo } from '../../shared/session/session';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { formatDateTime } from '../../shared/lib/format';
import { useMoney } from '../../shared/lib/money';
import { DateRangeFilter, useInitialRange } from './components/DateRangeFilter';
import { FilterChips } from './components/FilterChips';
import { ReportList } from './components/ReportList';
import { StatusBadge } from './components/StatusBadge';
import { TotalsBar } from './components/TotalsBar';
import { usePagedReport } from './api/pagedReports';
import { netTone } from './ProfitLossScreen';
import './reports.css';

/** The URL's category (?gameType=RNG), or undefined for every category. */
export function parseCategoryParam(value: string | null): GameCategory | undefined {
  return GAME_CATEGORIES.includes(value as GameCategory) ? (value as GameCategory) : undefined;
}

/** /m/gameRecord: every round of the member's games — game, provider, time, stake, win and net — with totals. */
export default function GameRecordsScreen() {
  const { t } = useTranslation();
  const session = useSessionInfo();
  const money = useMoney();
  const { language } = useLanguage();
  const [search, setSearch] = useSearchParams();
  const category = parseCategoryParam(search.get('gameType'));
  const [range, setRange] = useState(useInitialRange());
  const query = usePagedReport('bets', { from: range.from, to: range.to, gameType: category });
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;

  const pick = (key: GameCategory | 'all') => {
    const next = new URLSearchParams(search);
    if (key === 'all' || key === category) next.delete('gameType');
    else next.set('gameType', key);
    setSearch(next, { replace: true });
  };

  return (
    <div className="rep-page" data-testid="bets-screen">
      <div className="rep-filters">
        <DateRangeFilter value={range} onChange={setRange} />
        <FilterChips<GameCategory | 'all'>
          testId="category-filter"
          label={t('bets_category_label')}
          onPick={pick}
          isActive={(key) => (key === 'all' ? category === undefined : key === category)}
          options={[
            { key: 'all', label: t('rep_all') },
            ...GAME_CATEGORIES.map((key) => ({ key, label: t(`cat_${key}`) })),
          ]}
        />
      </div>
      <ReportList<TGameRecord, TGameRecords>
        query={query}
        testId="bets"
        emptyText={t('bets_empty')}
        itemKey={(item) => `${item.vendor}:${item.roundId}`}
        totals={(first) => (
          <TotalsBar
            pairs
            items={[
              { label: t('bets_total_stake'), value: money(first.totals.stake), testId: 'total-stake' },
              { label: t('bets_total_win'), value: money(first.totals.win), testId: 'total-win' },
              {
                label: t('bets_total_net'),
                value: money(first.totals.net, { signed: true }),
                tone: first.totals.net > 0 ? 'pos' : first.totals.net < 0 ? 'neg' : undefined,
                testId: 'total-net',
              },
              { label: t('bets_total_rounds'), value: String(first.total), testId: 'total-rounds' },
            ]}
          />
        )}
        renderItem={(item, timeZone) => (
          <div className="rep-row">
            <div className="rep-row__main">
              <p className="rep-row__title" data-testid="bet-game">
                {item.gameName}
              </p>
              <p className="rep-row__meta">
                {item.vendorName} · {t(`cat_${item.gameType}`)}
              </p>
              <p className="rep-row__meta">{formatDateTime(item.time, language, timeZone)}</p>
              <p className="rep-row__meta rep-row__ref">
                {t('bets_round')} {item.roundId}
              </p>
            </div>
            <div className="rep-row__side">
              <p className={`rep-row__amount is-${netTone(item.net)}`} data-testid="bet-net">
                {money(item.net, { signed: true })}
              </p>
              <p className="rep-row__meta">
                {t('bets_stake')} {money(item.stake)}
              </p>
              <p className="rep-row__meta">
                {t('bets_win')} {money(item.win)}
              </p>
              {item.refunded > 0 ? (
                <p className="rep-row__meta">
                  {t('bets_refunded')} {money(item.refunded)}
                </p>
              ) : null}
              {item.status !== 'settled' ? (
                <StatusBadge status={item.status} label={t(`bets_status_${item.status}`)} />
              ) : null}
            </div>
          </div>
        )}
      />
    </div>
  );
}
