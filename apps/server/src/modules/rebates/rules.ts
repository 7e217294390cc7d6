import { addDays } from '../../platform/time-zone';

/**
 * The journal reference of one rebate payment: the member, the day, the category and the paid total
 * after it. Each (member, day, category) is paid by entries whose paid totals only grow, so a
 * payment retried after a crash, or a second claim that read the same row, names the same
 * reference and the journal's unique (kind, reference) refuses it.
 */
export function rebateReference(memberId: number, day: string, category: string, paidAfter: bigint): string {
  return `RB${memberId}-${day.replaceAll('-', '')}-${category}-${paidAfter}`;
}

/** At most this many past days are closed by one run of the daily job (a long outage catches up over runs). */
export const MAX_DAYS_PER_RUN = 3;

/**
 * The days the daily job closes now, oldest first: each day after the last one closed up to
 * yesterday, or yesterday alone when none was ever closed; at most `max` of them.
 */
export function daysToClose(lastClosed: string | null, today: string, max = MAX_DAYS_PER_RUN): string[] {
  const yesterday = addDays(today, -1);
  const days: string[] = [];
  for (let day = lastClosed === null ? yesterday : addDays(lastClosed, 1); day <= yesterday; day = addDays(day, 1)) {
    days.push(day);
    if (days.length >= max) break;
  }
  return days;
}

/** The first day still claimable today: `claimDays` days, today included. */
export function firstClaimableDay(today: string, claimDays: number): string {
  return addDays(today, -(Math.max(1, claimDays) - 1));
}
