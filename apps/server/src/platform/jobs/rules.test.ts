import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  describeSchedule,
  errorSummary,
  firstRunAt,
  nextRunAfter,
  outcomeOfFailure,
  scheduleProblem,
  scheduleTickKey,
  type RetryPolicy,
} from './rules';

const policy: RetryPolicy = { maxAttempts: 4, backoffMs: 1000, maxBackoffMs: 5000 };
const at = (iso: string) => new Date(iso);

describe('retries', () => {
  it('waits twice as long after each failure, up to the maximum', () => {
    expect([1, 2, 3, 4, 5, 40, 5000].map((attempt) => backoffMs(attempt, policy))).toEqual([
      1000, 2000, 4000, 5000, 5000, 5000, 5000,
    ]);
    expect(backoffMs(3, { ...policy, backoffMs: 0 })).toBe(0);
  });

  it('tries again after the back-off until the last attempt, then gives up', () => {
    const now = at('2026-01-01T00:00:00Z');
    expect(outcomeOfFailure(1, policy, now)).toEqual({ state: 'pending', runAt: at('2026-01-01T00:00:01Z') });
    expect(outcomeOfFailure(3, policy, now)).toEqual({ state: 'pending', runAt: at('2026-01-01T00:00:04Z') });
    expect(outcomeOfFailure(4, policy, now)).toEqual({ state: 'failed' });
    expect(outcomeOfFailure(1, { ...policy, maxAttempts: 1 }, now)).toEqual({ state: 'failed' });
  });
});

describe('recurring schedules', () => {
  const everyMinute = { everyMs: 60_000 };

  it('comes due one period after the tick it enqueued, keeping its cadence when ticked late', () => {
    const due = at('2026-01-01T10:00:00Z');
    expect(nextRunAfter(everyMinute, due, due)).toEqual(at('2026-01-01T10:01:00Z'));
    expect(nextRunAfter(everyMinute, due, at('2026-01-01T10:00:59.999Z'))).toEqual(at('2026-01-01T10:01:00Z'));
  });

  it('makes up a gap with one job, not one per missed tick', () => {
    expect(nextRunAfter(everyMinute, at('2026-01-01T10:00:00Z'), at('2026-01-01T12:30:30Z'))).toEqual(
      at('2026-01-01T12:31:00Z'),
    );
  });

  it('never answers a time in the past, even for a tick seen early by a clock behind the others', () => {
    expect(nextRunAfter(everyMinute, at('2026-01-01T10:00:00Z'), at('2026-01-01T09:59:50Z'))).toEqual(
      at('2026-01-01T10:01:00Z'),
    );
  });

  it('names each tick by its time, so replicas agree on its key', () => {
    expect(scheduleTickKey(at('2026-01-01T10:00:00Z'))).toBe('schedule:2026-01-01T10:00:00.000Z');
  });

  it('describes itself in the unit that reads best', () => {
    expect([30_000, 60_000, 90_000, 3_600_000, 7_200_000].map((everyMs) => describeSchedule({ everyMs }))).toEqual([
      'every 30 s',
      'every 1 min',
      'every 90 s',
      'every 1 h',
      'every 2 h',
    ]);
  });
});

describe('daily schedules', () => {
  const draw = { dailyAt: '21:00', timeZone: 'Asia/Manila' };

  it('comes due at the local time, today if it is still ahead, otherwise tomorrow', () => {
    expect(firstRunAt(draw, at('2026-05-10T12:59:59Z'))).toEqual(at('2026-05-10T13:00:00Z'));
    expect(firstRunAt(draw, at('2026-05-10T13:00:00Z'))).toEqual(at('2026-05-11T13:00:00Z'));
    // 03:00 in Manila is still the 10th there, though the 9th in UTC.
    expect(firstRunAt({ dailyAt: '03:00', timeZone: 'Asia/Manila' }, at('2026-05-09T18:00:00Z'))).toEqual(
      at('2026-05-09T19:00:00Z'),
    );
  });

  it('moves on a day per tick, and makes up a gap with one job', () => {
    expect(nextRunAfter(draw, at('2026-05-10T13:00:00Z'), at('2026-05-10T13:00:01Z'))).toEqual(
      at('2026-05-11T13:00:00Z'),
    );
    expect(nextRunAfter(draw, at('2026-05-10T13:00:00Z'), at('2026-05-14T02:00:00Z'))).toEqual(
      at('2026-05-14T13:00:00Z'),
    );
  });

  it('keeps the local time across a daylight-saving change', () => {
    const opening = { dailyAt: '09:00', timeZone: 'America/New_York' };
    expect(nextRunAfter(opening, at('2026-03-07T14:00:00Z'), at('2026-03-07T14:00:00Z'))).toEqual(
      at('2026-03-08T13:00:00Z'),
    );
    expect(nextRunAfter(opening, at('2026-10-31T13:00:00Z'), at('2026-10-31T13:00:00Z'))).toEqual(
      at('2026-11-01T14:00:00Z'),
    );
  });

  it('refuses what it cannot keep, naming the mistake', () => {
    expect(scheduleProblem(draw)).toBeNull();
    expect(scheduleProblem({ everyMs: 1000 })).toBeNull();
    expect(scheduleProblem({ everyMs: 999 })).toBe('a schedule runs at most every second');
    expect(scheduleProblem({ everyMs: 1500.5 })).toBe('a schedule runs at most every second');
    expect(scheduleProblem({ dailyAt: '24:00', timeZone: 'Asia/Manila' })).toBe('dailyAt "24:00" is not HH:MM');
    expect(scheduleProblem({ dailyAt: '9:00', timeZone: 'Asia/Manila' })).toBe('dailyAt "9:00" is not HH:MM');
    expect(scheduleProblem({ dailyAt: '09:00', timeZone: 'Asia/Manilla' })).toBe('"Asia/Manilla" is not a time zone');
  });

  it('describes itself with its zone', () => {
    expect(describeSchedule(draw)).toBe('daily at 21:00 Asia/Manila');
  });
});

describe('errors the operator reads', () => {
  it('keeps the name and message, bounded', () => {
    expect(errorSummary(new TypeError('bad payload'))).toBe('TypeError: bad payload');
    expect(errorSummary('plain')).toBe('plain');
    const long = errorSummary(new Error('x'.repeat(5000)), 100);
    expect(long).toHaveLength(100);
    expect(long.endsWith('…')).toBe(true);
  });
});
