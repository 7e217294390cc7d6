import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { REPORT_MAX_DAYS } from '@palaro/contract';
import { useSettings } from '../../../shared/startup/context';
import {
  QUICK_RANGES,
  quickRange,
  todayIn,
  validateRange,
  type DayRange,
  type QuickRange,
  type RangeError,
} from '../lib/dateRange';

export interface RangeValue extends DayRange {
  quick: QuickRange | 'custom';
}

/** The starting range of a report: the last 7 days (the API's default too). */
export function useInitialRange(): RangeValue {
  const timeZone = useSettings().timeZone;
  const [initial] = useState<RangeValue>(() => ({ quick: 'week', ...quickRange('week', todayIn(timeZone)) }));
  return initial;
}

const QUICK_LABEL = { today: 'rep_range_today', week: 'rep_range_week', month: 'rep_range_month' } as const;
const ERROR_LABEL: Record<
  RangeError,
  'rep_range_required' | 'rep_range_order' | 'rep_range_future' | 'rep_range_too_long'
> = {
  range_required: 'rep_range_required',
  range_order: 'rep_range_order',
  range_future: 'rep_range_future',
  range_too_long: 'rep_range_too_long',
};

/** Quick chips (today, 7 days, 30 days) and a custom from–to; days are the merchant's (spec: time zone of the API). */
export function DateRangeFilter({ value, onChange }: { value: RangeValue; onChange: (value: RangeValue) => void }) {
  const { t } = useTranslation();
  const timeZone = useSettings().timeZone;
  const today = todayIn(timeZone);
  const [open, setOpen] = useState(value.quick === 'custom');
  const [draft, setDraft] = useState<DayRange>({ from: value.from, to: value.to });
  const [error, setError] = useState<RangeError | null>(null);

  const apply = () => {
    const problem = validateRange(draft, today);
    setError(problem);
    if (!problem) onChange({ quick: 'custom', ...draft });
  };

  return (
    <div className="rep-range" data-testid="date-range">
      <div className="rep-chips" role="group" aria-label={t('rep_range_label')}>
        {QUICK_RANGES.map((kind) => (
          <button
            key={kind}
            type="button"
            className={`rep-chip${value.quick === kind && !open ? ' is-active' : ''}`}
            aria-pressed={value.quick === kind && !open}
            data-testid={`range-${kind}`}
            onClick={() => {
              setOpen(false);
              setError(null);
              onChange({ quick: kind, ...quickRange(kind, today) });
            }}
          >
            {t(QUICK_LABEL[kind])}
          </button>
        ))}
        <button
          type="button"
          className={`rep-chip${open || value.quick === 'custom' ? ' is-active' : ''}`}
          aria-pressed={open || value.quick === 'custom'}
          aria-expanded={open}
          data-testid="range-custom"
          onClick={() => {
            setDraft({ from: value.from, to: value.to });
            setOpen((o) => !o);
          }}
        >
          {t('rep_range_custom')}
        </button>
      </div>
      {open ? (
        <div className="rep-custom" data-testid="range-custom-panel">
          <label className="rep-date">
            <span>{t('rep_range_from')}</span>
            <input
              type="date"
              value={draft.from}
              max={today}
              data-testid="range-from"
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            />
          </label>
          <span className="rep-custom__dash" aria-hidden="true">
            –
          </span>
          <label className="rep-date">
            <span>{t('rep_range_to')}</span>
            <input
              type="date"
              value={draft.to}
              max={today}
              data-testid="range-to"
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            />
          </label>
          <button
            type="button"
            className="btn btn--primary btn--sm rep-custom__apply"
            data-testid="range-apply"
            onClick={apply}
          >
            {t('rep_range_apply')}
          </button>
          {error ? (
            <p className="field__error rep-custom__error" role="alert" data-testid="range-error">
              {t(ERROR_LABEL[error], { days: REPORT_MAX_DAYS })}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
