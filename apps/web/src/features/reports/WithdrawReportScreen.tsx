import { useState } from 'react';
import { Navigate } from '../../shared/router';
import {
  WEB_ROUTES,
  WITHDRAW_STATUSES,
  type TWithdrawal,
  type TWithdrawReport,
  type WithdrawStatus,
} from '@palaro/contract';
import { useSessionInfo } from '../../shared/session/session';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { formatDateTime } from '../../shared/lib/format';
import { DateRangeFilter, useInitialRange } from './components/DateRangeFilter';
import { FilterChips } from './components/FilterChips';
import { ReportList } from './components/ReportList';
import { usePagedReport } from './api/pagedReports';
import { StatusBadge } from './components/StatusBadge';
import { TotalsBar } from './components/TotalsBar';
import { useMoney } from '../../shared/lib/money';
import { PayoutMark } from '../../shared/ui/PayoutMark';
import './reports.css';

type StatusFilter = WithdrawStatus | 'all';
export const WITHDRAW_STATUS_KEYS = {
  pending: 'rep_status_pending_approval',
  paid: 'rep_status_paid',
  rejected: 'rep_status_rejected',
} as const;

/** /m/withdrawReport: the member's withdrawals by day range and status. */
export default function WithdrawReportScreen() {
  const { t } = useTranslation();
  const session = useSessionInfo();
  const money = useMoney();
  const { language } = useLanguage();
  const [range, setRange] = useState(useInitialRange());
  const [status, setStatus] = useState<StatusFilter>('all');
  const params = { from: range.from, to: range.to, status: status === 'all' ? undefined : status };
  const query = usePagedReport('withdrawals', params);
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;

  return (
    <div className="rep-page" data-testid="withdraw-report-screen">
      <div className="rep-filters">
        <DateRangeFilter value={range} onChange={setRange} />
        <FilterChips
          testId="status-filter"
          label={t('rep_status_label')}
          isActive={(key) => key === status}
          onPick={setStatus}
          options={[
            { key: 'all', label: t('rep_all') },
            ...WITHDRAW_STATUSES.map((key) => ({ key, label: t(WITHDRAW_STATUS_KEYS[key]) })),
          ]}
        />
      </div>
      <ReportList<TWithdrawal, TWithdrawReport>
        query={query}
        testId="withdraw-report"
        emptyText={t('rep_empty_withdrawals')}
        itemKey={(item) => item.orderNo}
        totals={(first) => (
          <TotalsBar
            items={[
              { label: t('rep_total_paid'), value: money(first.totals.paidAmount), tone: 'pos', testId: 'total-paid' },
              {
                label: t('rep_total_pending'),
                value: money(first.totals.pendingAmount),
                tone: 'warn',
                testId: 'total-pending',
              },
              { label: t('rep_total_count'), value: String(first.total) },
            ]}
          />
        )}
        renderItem={(item, timeZone) => (
          <div className="rep-row">
            <PayoutMark kind={item.payoutKind} size={36} />
            <div className="rep-row__main">
              <p className="rep-row__title">
                {item.payoutName}{' '}
                <span className="rep-row__muted masked-number" data-testid="masked-account">
                  {item.payoutNumber}
                </span>
              </p>
              <p className="rep-row__meta">{formatDateTime(item.createdAt, language, timeZone)}</p>
              <p className="rep-row__meta rep-row__ref">
                {t('rep_order_no')} {item.orderNo}
              </p>
              {item.note ? <p className="rep-row__note">{item.note}</p> : null}
            </div>
            <div className="rep-row__side">
              <p className="rep-row__amount">{money(item.amount)}</p>
              <StatusBadge status={item.status} label={t(WITHDRAW_STATUS_KEYS[item.status])} />
            </div>
          </div>
        )}
      />
    </div>
  );
}
