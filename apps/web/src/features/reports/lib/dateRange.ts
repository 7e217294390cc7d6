import { REPORT_MAX_DAYS } from '@palaro/contract';

/** A day range of a report, both ends included, in the merchant's time zone (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}
export type QuickRange = 'today' | 'week' | 'month';
export const QUICK_RANGES: readonly QuickRange[] = ['today', 'week', 'month'];
const QUICK_DAYS: Record<QuickRange, number> = { today: 1, week: 7, month: 30 };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in a time zone, e.g. "2026-05-03" in Asia/Manila. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Days between two dates, both included ("2026-05-01".."2026-05-01" is 1). */
export function daysInRange(range: DayRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The range of a quick chip ending today: today, the last 7 days, the last 30 days. */
export function quickRange(kind: QuickRange, today: string): DayRange {
  return { from: addDays(today, -(QUICK_DAYS[kind] - 1)), to: today };
}

export type RangeError = 'range_required' | 'range_order' | 'range_future' | 'range_too_long';

/** Why a custom range cannot be asked for, or null when it can. */
export function validateRange(range: { from: string; to: string }, today: string): RangeError | null {
  if (!DAY.test(range.from) || !DAY.test(range.to)) return 'range_required';
  if (range.from > range.to) return 'range_order';
  if (range.to > today) return 'range_future';
  if (daysInRange(range) > REPORT_MAX_DAYS) return 'range_too_long';
  return null;
}
