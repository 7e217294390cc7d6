import { describeError } from '../log-safety';
import { addDays, localDay, localTimeOfDay } from '../time-zone';

/**
 * The scheduler's rules as plain functions: when a failed job runs again, when a recurring job next
 * comes due, how long a claim holds. The SQL in store.ts applies them; tests check them here.
 */

export interface RetryPolicy {
  /** Runs in all, the first included; a job that fails the last one stays failed until an operator retries it. */
  maxAttempts: number;
  /** The wait after the first failure; each next failure waits twice as long … */
  backoffMs: number;
  /** … up to this. */
  maxBackoffMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, backoffMs: 10_000, maxBackoffMs: 60 * 60_000 };

/**
 * How long a claim holds without being renewed. A running job renews it every third of this, so
 * it bounds how long a crashed worker's job waits before another worker takes it, not how long a
 * job may run.
 */
export const DEFAULT_LEASE_MS = 60_000;

/**
 * When a recurring job comes due: every so long (counted from its first tick), or every day at a
 * wall-clock time of a time zone. Missed ticks (every replica down) are made up by one job, not one each.
 */
export type Schedule =
  | { everyMs: number }
  | { /** `HH:MM`, 24-hour. */ dailyAt: string; /** IANA name, e.g. Asia/Manila. */ timeZone: string };

const DAILY_AT = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** What is wrong with a schedule, or null: checked when a job is defined, so a typo fails at start-up. */
export function scheduleProblem(schedule: Schedule): string | null {
  if ('everyMs' in schedule)
    return Number.isInteger(schedule.everyMs) && schedule.everyMs >= 1000
      ? null
      : 'a schedule runs at most every second';
  if (!DAILY_AT.test(schedule.dailyAt)) return `dailyAt "${schedule.dailyAt}" is not HH:MM`;
  try {
    new Intl.DateTimeFormat('en', { timeZone: schedule.timeZone });
  } catch {
    return `"${schedule.timeZone}" is not a time zone`;
  }
  return null;
}

/** The first daily time strictly after `after`. */
function nextDailyAfter(schedule: { dailyAt: string; timeZone: string }, after: Date): Date {
  const [, hours, minutes] = DAILY_AT.exec(schedule.dailyAt)!;
  const minuteOfDay = Number(hours) * 60 + Number(minutes);
  let day = localDay(after, schedule.timeZone);
  let candidate = localTimeOfDay(day, minuteOfDay, schedule.timeZone);
  while (candidate <= after) {
    day = addDays(day, 1);
    candidate = localTimeOfDay(day, minuteOfDay, schedule.timeZone);
  }
  return candidate;
}

/** When a schedule written down at `now` first comes due. */
export function firstRunAt(schedule: Schedule, now: Date): Date {
  return 'everyMs' in schedule ? new Date(now.getTime() + schedule.everyMs) : nextDailyAfter(schedule, now);
}

/** The wait before the next attempt of a job whose attempt number `attempt` (1 for the first) failed. */
export function backoffMs(attempt: number, policy: RetryPolicy): number {
  const doublings = Math.max(0, attempt - 1);
  // 2^31 already dwarfs any sensible maximum; capping the exponent keeps the number finite.
  return Math.min(policy.backoffMs * 2 ** Math.min(doublings, 31), policy.maxBackoffMs);
}

export type FailureOutcome = { state: 'pending'; runAt: Date } | { state: 'failed' };

/** After attempt number `attempt` failed at `now`: wait and try again, or give up. */
export function outcomeOfFailure(attempt: number, policy: RetryPolicy, now: Date): FailureOutcome {
  if (attempt >= policy.maxAttempts) return { state: 'failed' };
  return { state: 'pending', runAt: new Date(now.getTime() + backoffMs(attempt, policy)) };
}

/**
 * The tick after `dueAt` that is still in the future at `now`: a schedule that was not ticked for a
 * while (every replica down) enqueues one job for the gap, then keeps its cadence.
 */
export function nextRunAfter(schedule: Schedule, dueAt: Date, now: Date): Date {
  if (!('everyMs' in schedule)) return nextDailyAfter(schedule, dueAt > now ? dueAt : now);
  const elapsed = now.getTime() - dueAt.getTime();
  const ticks = elapsed < 0 ? 1 : Math.floor(elapsed / schedule.everyMs) + 1;
  return new Date(dueAt.getTime() + ticks * schedule.everyMs);
}

/** What the operator reads for a schedule. */
export function describeSchedule(schedule: Schedule): string {
  if (!('everyMs' in schedule)) return `daily at ${schedule.dailyAt} ${schedule.timeZone}`;
  const seconds = schedule.everyMs / 1000;
  if (seconds % 3600 === 0) return `every ${seconds / 3600} h`;
  if (seconds % 60 === 0) return `every ${seconds / 60} min`;
  return `every ${seconds} s`;
}

/** A schedule's own tick is its unique key, so a tick is enqueued once however many replicas see it due. */
export function scheduleTickKey(dueAt: Date): string {
  return `schedule:${dueAt.toISOString()}`;
}

/** The first line of an error, bounded: enough for the operator, never a page of stack. */
export function errorSummary(error: unknown, maxLength = 2000): string {
  const text = error instanceof Error ? describeError(error) : String(error);
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
