import { useState } from 'react';
import { Navigate, useSearchParams } from '../../shared/router';
import {
  ALL_RECORD_TYPES,
  RECORD_TYPES,
  WEB_ROUTES,
  type RecordType,
  type TAccountRecord,
  type TAccountRecords,
} from '@palaro/contract';
import { useSessionInfo } from '../../shared/session/session';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { formatDateTime } from '../../shared/lib/format';
import type { TextKey } from '../../shared/i18n';
import { DateRangeFilter, useInitialRange } from './components/DateRangeFilter';
import { FilterChips } from './components/FilterChips';
import { ReportList } from './components/ReportList';
import { usePagedReport } from './api/pagedReports';
import { TotalsBar } from './components/TotalsBar';
import { useMoney } from '../../shared/lib/money';
import './reports.css';

export const RECORD_TYPE_KEYS: Record<RecordType, TextKey> = {
  deposit: 'rec_type_deposit',
  withdraw: 'rec_type_withdraw',
  withdraw_refund: 'rec_type_withdraw_refund',
  transfer_out: 'rec_type_transfer_out',
  transfer_in: 'rec_type_transfer_in',
  trial_grant: 'rec_type_trial_grant',
  bonus: 'rec_type_bonus',
  adjustment: 'rec_type_adjustment',
  bet: 'rec_type_bet',
  win: 'rec_type_win',
  rebate: 'rec_type_rebate',
  bet_refund: 'rec_type_bet_refund',
};

/** The types of the URL's types parameter; missing, empty, A or nothing known means all (an empty list). */
export function parseTypesParam(value: string | null): RecordType[] {
  if (!value || value === ALL_RECORD_TYPES) return [];
  const known = value
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is RecordType => (RECORD_TYPES as readonly string[]).includes(s));
  return [...new Set(known)];
}

/** The types parameter for a chip tap: "all" clears the choice, a type toggles; none left means all (A). */
export function toggleType(current: RecordType[], picked: RecordType | 'all'): string {
  if (picked === 'all') return ALL_RECORD_TYPES;
  const next = current.includes(picked) ? current.filter((type) => type !== picked) : [...current, picked];
  return next.length === 0 || next.length === RECORD_TYPES.length
    ? ALL_RECORD_TYPES
    : RECORD_TYPES.filter((type) => next.includes(type)).join(',');
}

/** /m/transaction/record: account records; ?types=A (the agent centre's link) means every type. */
export default function AccountRecordsScreen() {
  const { t } = useTranslation();
  const session = useSessionInfo();
  const money = useMoney();
  const { language } = useLanguage();
  const [search, setSearch] = useSearchParams();
  const types = parseTypesParam(search.get('types'));
  const [range, setRange] = useState(useInitialRange());
  const typesParam = types.length === 0 ? ALL_RECORD_TYPES : types.join(',');
  const query = usePagedReport('records', { from: range.from, to: range.to, types: typesParam });
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;

  const pick = (key: RecordType | 'all') => {
    const next = new URLSearchParams(search);
    next.set('types', toggleType(types, key));
    setSearch(next, { replace: true });
  };

  return (
    <div className="rep-page" data-testid="records-screen">
      <div className="rep-filters">
        <DateRangeFilter value={range} onChange={setRange} />
        <FilterChips<RecordType | 'all'>
          testId="type-filter"
          label={t('rec_type_label')}
          onPick={pick}
          isActive={(key) => (key === 'all' ? types.length === 0 : types.includes(key))}
          options={[
            { key: 'all', label: t('rep_all') },
            ...RECORD_TYPES.map((key) => ({ key, label: t(RECORD_TYPE_KEYS[key]) })),
          ]}
        />
      </div>
      <ReportList<TAccountRecord, TAccountRecords>
        query={query}
        testId="records"
        emptyText={t('rep_empty_records')}
        itemKey={(item) => item.id}
        totals={(first) => (
          <TotalsBar
            items={[
              {
                label: t('rec_total_in'),
                value: money(first.totals.credited, { signed: true }),
                tone: 'pos',
                testId: 'total-credited',
              },
              {
                label: t('rec_total_out'),
                value: money(-Math.abs(first.totals.debited)),
                tone: 'neg',
                testId: 'total-debited',
              },
              { label: t('rep_total_count'), value: String(first.total) },
            ]}
          />
        )}
        renderItem={(item, timeZone) => (
          <div className="rep-row">
            <span className={`rep-type rep-type--${item.amount >= 0 ? 'in' : 'out'}`} aria-hidden="true">
              {item.amount >= 0 ? '+' : '−'}
            </span>
            <div className="rep-row__main">
              <p className="rep-row__title">{t(RECORD_TYPE_KEYS[item.type])}</p>
              <p className="rep-row__meta">{formatDateTime(item.time, language, timeZone)}</p>
              <p className="rep-row__meta rep-row__ref">
                {t('rec_reference')} {item.reference}
              </p>
              {item.memo ? <p className="rep-row__note">{item.memo}</p> : null}
            </div>
            <div className="rep-row__side">
              <p className={`rep-row__amount ${item.amount >= 0 ? 'is-pos' : 'is-neg'}`} data-testid="record-amount">
                {money(item.amount, { signed: true })}
              </p>
              <p className="rep-row__meta">
                {t('rec_balance_after')} {money(item.balanceAfter)}
              </p>
            </div>
          </div>
        )}
      />
    </div>
  );
}
