import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from '../../shared/router';
import { useQueryClient } from '../../shared/query/react';
import {
  DEPOSIT_STATUSES,
  WEB_ROUTES,
  type DepositStatus,
  type TDepositOrder,
  type TDepositRecords,
} from '@palaro/contract';
import { useSessionInfo } from '../../shared/session/session';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { formatDateTime } from '../../shared/lib/format';
import { useSettings } from '../../shared/startup/context';
import { ErrorState } from '../../shared/ui/ErrorState';
import { Skeleton } from '../../shared/ui/Skeleton';
import { Spinner } from '../../shared/ui/feedback';
import { CheckIcon, CloseIcon } from '../../shared/ui/icons';
import { invalidateDepositRecords, useDepositOrder } from './api/depositOrder';
import { DateRangeFilter, useInitialRange } from './components/DateRangeFilter';
import { FilterChips } from './components/FilterChips';
import { ReportList } from './components/ReportList';
import { usePagedReport } from './api/pagedReports';
import { StatusBadge } from './components/StatusBadge';
import { TotalsBar } from './components/TotalsBar';
import { useMoney } from '../../shared/lib/money';
import './reports.css';

export const DEPOSIT_STATUS_KEYS = {
  pending: 'rep_status_pending',
  paid: 'rep_status_paid',
  declined: 'rep_status_declined',
  expired: 'rep_status_expired',
  rejected: 'rep_status_rejected',
} as const;

function ReturnedOrder({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const query = useDepositOrder(orderNo);
  const status = query.data?.status;
  // Once decided, the list shows the decided order too.
  useEffect(() => {
    if (status && status !== 'pending') void invalidateDepositRecords(queryClient);
  }, [status, queryClient]);

  if (query.isPending) return <Skeleton height={96} radius={18} />;
  if (query.isError)
    return (
      <ErrorState compact testId="returned-order-error" error={query.error} onRetry={() => void query.refetch()} />
    );
  const order = query.data;
  const tone = order.status === 'paid' ? 'ok' : order.status === 'pending' ? 'wait' : 'bad';
  return (
    <section className={`rep-returned rep-returned--${tone}`} data-testid="returned-order" aria-live="polite">
      <span className="rep-returned__icon" aria-hidden="true">
        {order.status === 'pending' ? (
          <Spinner />
        ) : order.status === 'paid' ? (
          <CheckIcon size={22} strokeWidth={3} />
        ) : (
          <CloseIcon size={22} />
        )}
      </span>
      <div className="rep-row__main">
        <p className="rep-returned__title" data-testid="returned-order-status">
          {order.status === 'pending'
            ? t('dep_waiting_confirmation')
            : order.status === 'paid'
              ? t('dep_paid_title')
              : t('dep_failed_title', { status: t(DEPOSIT_STATUS_KEYS[order.status]).toLowerCase() })}
        </p>
        <p className="rep-row__meta">
          {order.channelName} · {t('rep_order_no')} {order.orderNo}
        </p>
        {order.status === 'paid' ? (
          <p className="rep-row__meta">{t('dep_credited', { amount: money(order.creditAmount) })}</p>
        ) : null}
      </div>
      <p className="rep-row__amount">{money(order.amount)}</p>
    </section>
  );
}

/** /m/vouReport: deposit records; ?order=<orderNo> (back from the gateway) shows that order on top until it is decided. */
export default function DepositRecordsScreen() {
  const { t } = useTranslation();
  const session = useSessionInfo();
  const money = useMoney();
  const { language } = useLanguage();
  const settings = useSettings();
  const [search] = useSearchParams();
  const orderNo = search.get('order');
  const [range, setRange] = useState(useInitialRange());
  const [status, setStatus] = useState<DepositStatus | 'all'>('all');
  const query = usePagedReport('deposits', {
    from: range.from,
    to: range.to,
    status: status === 'all' ? undefined : status,
  });
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;

  return (
    <div className="rep-page" data-testid="deposit-records-screen">
      {orderNo && /^[A-Za-z0-9]{6,32}$/.test(orderNo) ? <ReturnedOrder orderNo={orderNo} /> : null}
      <div className="rep-filters">
        <DateRangeFilter value={range} onChange={setRange} />
        <FilterChips
          testId="status-filter"
          label={t('rep_status_label')}
          isActive={(key) => key === status}
          onPick={setStatus}
          options={[
            { key: 'all', label: t('rep_all') },
            ...DEPOSIT_STATUSES.map((key) => ({ key, label: t(DEPOSIT_STATUS_KEYS[key]) })),
          ]}
        />
      </div>
      <ReportList<TDepositOrder, TDepositRecords>
        query={query}
        testId="deposit-records"
        emptyText={t('rep_empty_deposits')}
        itemKey={(item) => item.orderNo}
        totals={(first) => (
          <TotalsBar
            items={[
              {
                label: t('rep_total_deposited'),
                value: money(first.totals.paidAmount),
                tone: 'pos',
                testId: 'total-paid',
              },
              { label: t('rep_total_paid_count'), value: String(first.totals.paidCount) },
              { label: t('rep_total_count'), value: String(first.total) },
            ]}
          />
        )}
        renderItem={(item, timeZone) => (
          <div className={`rep-row${item.orderNo === orderNo ? ' is-highlight' : ''}`}>
            <div className="rep-row__main">
              <p className="rep-row__title">{item.channelName}</p>
              <p className="rep-row__meta">{formatDateTime(item.createdAt, language, timeZone || settings.timeZone)}</p>
              <p className="rep-row__meta rep-row__ref">
                {t('rep_order_no')} {item.orderNo}
              </p>
              {item.fee > 0 ? <p className="rep-row__meta">{t('dep_fee', { fee: money(item.fee) })}</p> : null}
              {item.note ? <p className="rep-row__note">{item.note}</p> : null}
            </div>
            <div className="rep-row__side">
              <p className="rep-row__amount">{money(item.amount)}</p>
              <StatusBadge status={item.status} label={t(DEPOSIT_STATUS_KEYS[item.status])} />
            </div>
          </div>
        )}
      />
    </div>
  );
}
