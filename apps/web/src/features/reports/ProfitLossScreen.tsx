import { useState } from 'react';
import { Navigate } from '../../shared/router';
import { WEB_ROUTES } from '@palaro/contract';
import { useSessionInfo } from '../../shared/session/session';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { formatDate } from '../../shared/lib/format';
import { ErrorState } from '../../shared/ui/ErrorState';
import { StateView } from '../../shared/ui/StateView';
import { EmptyInboxArt } from '../../shared/ui/illustrations';
import type { TextKey } from '../../shared/i18n';
import { useProfitAndLoss } from './api/profitAndLoss';
import { DateRangeFilter, useInitialRange } from './components/DateRangeFilter';
import { ReportSkeleton } from './components/ReportList';
import { useMoney } from '../../shared/lib/money';
import './reports.css';

/** Green for a win, red for a loss, plain for even. */
export function netTone(net: number): 'pos' | 'neg' | 'even' {
  return net > 0 ? 'pos' : net < 0 ? 'neg' : 'even';
}

const CATEGORY_KEYS: Record<string, TextKey> = {
  SPORTS: 'pnl_cat_sports',
  ESPORTS: 'pnl_cat_esports',
  LIVE: 'pnl_cat_live',
  FISH: 'pnl_cat_fish',
  RNG: 'pnl_cat_rng',
  PVP: 'pnl_cat_pvp',
  INHOUSE: 'pnl_cat_inhouse',
  COCKFIGHT: 'pnl_cat_cockfight',
  LOTT: 'pnl_cat_lottery',
  ELOTT: 'pnl_cat_lottery',
};

/** /m/profitandloss: totals, per day and per game category over a day range. */
export default function ProfitLossScreen() {
  const { t } = useTranslation();
  const session = useSessionInfo();
  const money = useMoney();
  const { language } = useLanguage();
  const [range, setRange] = useState(useInitialRange());
  const query = useProfitAndLoss(range);
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;

  const body = () => {
    if (query.isPending) return <ReportSkeleton rows={3} />;
    if (query.isError)
      return <ErrorState compact testId="pnl-error" error={query.error} onRetry={() => void query.refetch()} />;
    const { totals, days, categories, timeZone } = query.data;
    const figures: { key: keyof typeof totals; label: TextKey }[] = [
      { key: 'deposits', label: 'pnl_deposits' },
      { key: 'withdrawals', label: 'pnl_withdrawals' },
      { key: 'bets', label: 'pnl_bets' },
      { key: 'wins', label: 'pnl_wins' },
      { key: 'rebates', label: 'pnl_rebates' },
      { key: 'bonuses', label: 'pnl_bonuses' },
    ];
    const activeDays = days.filter(
      (day) => day.deposits || day.withdrawals || day.bets || day.wins || day.rebates || day.bonuses || day.net,
    );
    return (
      <>
        <section className="pnl-card" data-testid="pnl-totals">
          <div className="pnl-card__net">
            <span>{t('pnl_net')}</span>
            <strong className={`is-${netTone(totals.net)}`} data-testid="pnl-net" data-tone={netTone(totals.net)}>
              {money(totals.net, { signed: true })}
            </strong>
            <small>{totals.net > 0 ? t('pnl_net_won') : totals.net < 0 ? t('pnl_net_lost') : t('pnl_net_even')}</small>
          </div>
          <dl className="pnl-card__grid">
            {figures.map((figure) => (
              <div key={figure.key}>
                <dt>{t(figure.label)}</dt>
                <dd data-testid={`pnl-${figure.key}`}>{money(totals[figure.key])}</dd>
              </div>
            ))}
          </dl>
          <p className="pnl-card__hint">{t('pnl_net_hint')}</p>
        </section>
        {categories.length > 0 ? (
          <section className="rep-section" data-testid="pnl-categories">
            <h2 className="rep-section__title">{t('pnl_by_category')}</h2>
            <ul className="rep-items">
              {categories.map((cat) => (
                <li key={cat.category} className="rep-item">
                  <div className="rep-row">
                    <div className="rep-row__main">
                      <p className="rep-row__title">
                        {CATEGORY_KEYS[cat.category] ? t(CATEGORY_KEYS[cat.category]!) : cat.category}
                      </p>
                      <p className="rep-row__meta">
                        {t('pnl_bets')} {money(cat.bets)} · {t('pnl_wins')} {money(cat.wins)}
                        {cat.rebates ? ` · ${t('pnl_rebates')} ${money(cat.rebates)}` : ''}
                      </p>
                    </div>
                    <p className={`rep-row__amount is-${netTone(cat.net)}`}>{money(cat.net, { signed: true })}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className="rep-section" data-testid="pnl-days">
          <h2 className="rep-section__title">{t('pnl_by_day')}</h2>
          {activeDays.length === 0 ? (
            <StateView
              compact
              testId="pnl-empty"
              art={<EmptyInboxArt />}
              title={t('rep_empty_title')}
              body={<p>{t('pnl_empty')}</p>}
            />
          ) : (
            <ul className="rep-items">
              {activeDays.map((day) => (
                <li key={day.day} className="rep-item" data-testid="pnl-day">
                  <div className="rep-row">
                    <div className="rep-row__main">
                      <p className="rep-row__title">{formatDate(`${day.day}T12:00:00Z`, language, 'UTC')}</p>
                      <p className="rep-row__meta">
                        {t('pnl_bets')} {money(day.bets)} · {t('pnl_wins')} {money(day.wins)}
                        {day.deposits ? ` · ${t('pnl_deposits')} ${money(day.deposits)}` : ''}
                        {day.withdrawals ? ` · ${t('pnl_withdrawals')} ${money(day.withdrawals)}` : ''}
                        {day.bonuses ? ` · ${t('pnl_bonuses')} ${money(day.bonuses)}` : ''}
                        {day.rebates ? ` · ${t('pnl_rebates')} ${money(day.rebates)}` : ''}
                      </p>
                    </div>
                    <p className={`rep-row__amount is-${netTone(day.net)}`}>{money(day.net, { signed: true })}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <p className="rep-end">{t('pnl_time_zone', { timeZone })}</p>
        </section>
      </>
    );
  };

  return (
    <div className="rep-page" data-testid="pnl-screen">
      <div className="rep-filters">
        <DateRangeFilter value={range} onChange={setRange} />
      </div>
      {body()}
    </div>
  );
}
