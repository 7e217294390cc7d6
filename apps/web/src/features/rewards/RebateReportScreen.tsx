import { useState, type ComponentType } from 'react';
import { formatRate, MEMBER_TYPES, WEB_ROUTES, type TRebateReport } from '@palaro/contract';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { formatDate } from '../../shared/lib/format';
import { useMoney } from '../../shared/lib/money';
import { Navigate } from '../../shared/router';
import { useSessionInfo } from '../../shared/session/session';
import { ErrorState } from '../../shared/ui/ErrorState';
import { EmptyInboxArt } from '../../shared/ui/illustrations';
import { Skeleton } from '../../shared/ui/Skeleton';
import { StateView } from '../../shared/ui/StateView';
import { TrialRefused } from '../../shared/wallet/TrialRefused';
import { useRebateReport } from './api/rewards';
import { CATEGORY_KEYS } from './lib/categories';
import '../../shared/ui/page.css';
import './rewards.css';

/** /m/member/rebateReport (PLYRBT): the member's rebates by day and category. */
/** A day range as the reports' filter gives it (the app passes that filter in: app/screens/RebateReport.tsx). */
export interface DayRangeValue {
  from: string;
  to: string;
}

export default function RebateReportScreen<R extends DayRangeValue>({
  RangeFilter,
  initialRange,
}: {
  RangeFilter: ComponentType<{ value: R; onChange: (value: R) => void }>;
  initialRange: R;
}) {
  const { t } = useTranslation();
  const session = useSessionInfo();
  const isTrial = session?.type === MEMBER_TYPES.trial;
  const [range, setRange] = useState(initialRange);
  const query = useRebateReport(range, !!session && !isTrial);
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;
  if (isTrial) return <TrialRefused />;
  return (
    <div className="rw-page" data-testid="rebate-report-screen">
      <RangeFilter value={range} onChange={setRange} />
      {query.isPending ? (
        <div className="rw-skeleton" aria-busy="true" data-testid="rebate-report-loading">
          <Skeleton height={96} radius={20} />
          <Skeleton height={120} radius={16} />
        </div>
      ) : query.isError ? (
        <ErrorState compact testId="rebate-report-error" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.days.length === 0 ? (
        <StateView
          compact
          testId="rebate-report-empty"
          art={<EmptyInboxArt />}
          title={t('rep_rb_report_empty_title')}
          body={<p>{t('rep_rb_report_empty_body')}</p>}
        />
      ) : (
        <Report report={query.data} />
      )}
    </div>
  );
}

function Report({ report }: { report: TRebateReport }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const money = useMoney();
  return (
    <>
      <section className="rw-totals" data-testid="rebate-report-totals">
        <div>
          <span>{t('rep_rb_total_rebate')}</span>
          <strong data-testid="rebate-report-total">{money(report.totals.amount)}</strong>
        </div>
        <div>
          <span>{t('rep_rb_total_paid')}</span>
          <strong>{money(report.totals.paid)}</strong>
        </div>
        <div>
          <span>{t('rep_rb_turnover')}</span>
          <strong>{money(report.totals.turnover)}</strong>
        </div>
      </section>
      <ul className="rw-days">
        {report.days.map((day) => (
          <li key={day.day} className="rw-day" data-testid="rebate-report-day" data-day={day.day}>
            <div className="rw-day__head">
              <p className="rw-day__date">{formatDate(`${day.day}T12:00:00Z`, language, 'UTC')}</p>
              <p className="rw-day__amount">{money(day.amount)}</p>
            </div>
            <ul className="rw-lines rw-lines--flat">
              {day.lines.map((line) => {
                const state = line.paid >= line.amount ? 'paid' : line.paid > 0 ? 'part' : 'open';
                return (
                  <li
                    key={line.category}
                    className="rw-line"
                    data-testid="rebate-report-line"
                    data-category={line.category}
                  >
                    <div className="rw-line__main">
                      <p className="rw-line__title">
                        {CATEGORY_KEYS[line.category] ? t(CATEGORY_KEYS[line.category]!) : line.category}
                      </p>
                      <p className="rw-line__meta">
                        {t('rep_rb_turnover')} {money(line.turnover)} · {formatRate(line.rateBp)}
                      </p>
                    </div>
                    <div className="rw-line__side">
                      <p className="rw-line__amount">{money(line.amount)}</p>
                      <p className={`rw-badge rw-badge--${state}`} data-testid="rebate-report-state" data-state={state}>
                        {state === 'paid'
                          ? t('rep_rb_state_paid')
                          : state === 'part'
                            ? t('rep_rb_state_part')
                            : t('rep_rb_state_open')}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
    </>
  );
}
