import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitBudget, splitProblem } from '@palaro/contract';
import { randomInt } from 'node:crypto';
import { periodBounds, periodProblem, periodStatus, rankScores } from './rules';

const MANILA = 'Asia/Manila';

describe('leaderboard ranking', () => {
  it('ranks highest first, leaves out members without a score and pays each rank its prize', () => {
    const ranked = rankScores(
      [
        { memberId: 3, score: 500n },
        { memberId: 1, score: 900n },
        { memberId: 2, score: 0n },
        { memberId: 4, score: 100n },
      ],
      [1000n, 500n],
    );
    expect(ranked).toEqual([
      { memberId: 1, score: 900n, rank: 1, prize: 1000n },
      { memberId: 3, score: 500n, rank: 2, prize: 500n },
      { memberId: 4, score: 100n, rank: 3, prize: 0n },
    ]);
  });

  it('gives a tie one rank and shares the prizes of the places it holds, the odd centavo to the earlier account', () => {
    // Hand-computed: ranks 1, 2, 2, 4; the tie holds places 2 and 3, so it shares 500 + 201 = 701.
    const ranked = rankScores(
      [
        { memberId: 10, score: 900n },
        { memberId: 12, score: 400n },
        { memberId: 11, score: 400n },
        { memberId: 13, score: 100n },
      ],
      [1000n, 500n, 201n, 50n],
    );
    expect(ranked.map(({ memberId, rank, prize }) => [memberId, rank, prize])).toEqual([
      [10, 1, 1000n],
      [11, 2, 351n],
      [12, 2, 350n],
      [13, 4, 50n],
    ]);
  });

  it('a tie across the last prized place shares only the prizes that exist', () => {
    const ranked = rankScores(
      [
        { memberId: 1, score: 5n },
        { memberId: 2, score: 5n },
        { memberId: 3, score: 5n },
      ],
      [300n, 100n],
    );
    expect(ranked.map((row) => row.prize)).toEqual([134n, 133n, 133n]);
    expect(ranked.every((row) => row.rank === 1)).toBe(true);
  });

  it('never pays more than the prizes, never a negative or fractional amount (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ memberId: fc.integer({ min: 1, max: 1e6 }), score: fc.bigInt({ min: 0n, max: 50n }) }), {
          maxLength: 60,
        }),
        fc.array(fc.bigInt({ min: 1n, max: 10_000n }), { minLength: 1, maxLength: 20 }),
        (raw, drawn) => {
          // Prizes as an operator may set them: never more for a lower rank.
          const prizes = drawn.toSorted((a, b) => (a > b ? -1 : a < b ? 1 : 0));
          const scores = [...new Map(raw.map((row) => [row.memberId, row])).values()];
          const ranked = rankScores(scores, prizes);
          const paid = ranked.reduce((sum, row) => sum + row.prize, 0n);
          const total = prizes.reduce((sum, prize) => sum + prize, 0n);
          expect(paid <= total).toBe(true);
          if (ranked.length >= prizes.length) expect(paid).toBe(total);
          for (const row of ranked) expect(row.prize >= 0n).toBe(true);
          for (let i = 1; i < ranked.length; i += 1) {
            expect(ranked[i]!.score <= ranked[i - 1]!.score).toBe(true);
            if (ranked[i]!.score < ranked[i - 1]!.score)
              expect(ranked[i]!.prize <= ranked[i - 1]!.prize + 1n).toBe(true);
          }
        },
      ),
    );
  });
});

describe('leaderboard periods in the merchant’s zone (Asia/Manila, UTC+8, no daylight saving)', () => {
  it('a period of local days runs from the first local midnight to the midnight after the last', () => {
    const { startsAt, endsAt } = periodBounds('2026-12-01', '2026-12-07', MANILA);
    expect(startsAt.toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(endsAt.toISOString()).toBe('2026-12-07T16:00:00.000Z');
  });

  it('across the month and year boundary', () => {
    const { startsAt, endsAt } = periodBounds('2026-12-31', '2027-01-01', MANILA);
    expect(startsAt.toISOString()).toBe('2026-12-30T16:00:00.000Z');
    expect(endsAt.toISOString()).toBe('2027-01-01T16:00:00.000Z');
  });

  it('a bet at 23:59 Manila time on the last day counts, one at 00:00 the next day does not', () => {
    const period = { state: 'scheduled' as const, ...periodBounds('2026-12-01', '2026-12-07', MANILA) };
    // 23:59:59 on 7 December in Manila is 15:59:59 UTC.
    expect(periodStatus(period, new Date('2026-12-07T15:59:59Z'))).toBe('live');
    expect(periodStatus(period, new Date('2026-12-07T16:00:00Z'))).toBe('settling');
    expect(periodStatus(period, new Date('2026-11-30T15:59:59Z'))).toBe('upcoming');
    expect(periodStatus({ ...period, state: 'paid' }, new Date('2026-12-08T00:00:00Z'))).toBe('paid');
  });

  it('refuses a period ending before it starts, too long, or with a lower rank paying more', () => {
    const limits = { maxDays: 31, maxPrizeRanks: 10 };
    expect(periodProblem({ fromDay: '2026-12-07', toDay: '2026-12-01', prizes: [1] }, limits, MANILA)).toMatch(
      /ends before/,
    );
    expect(periodProblem({ fromDay: '2026-01-01', toDay: '2026-03-01', prizes: [1] }, limits, MANILA)).toMatch(
      /at most 31/,
    );
    expect(periodProblem({ fromDay: '2026-12-01', toDay: '2026-12-01', prizes: [5, 9] }, limits, MANILA)).toMatch(
      /lower rank/,
    );
    expect(periodProblem({ fromDay: '2026-12-01', toDay: '2026-12-31', prizes: [9, 5, 5] }, limits, MANILA)).toBeNull();
  });
});

describe('the split of a red-envelope rain’s budget', () => {
  const random = (n: number) => (n <= 1 ? 0 : randomInt(n));

  it('sums exactly to the budget, every envelope between its bounds and at least 1 centavo (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 100_000 }),
        (count, min, spread, extra) => {
          const max = min + spread;
          const budget = Math.min(count * min + extra, count * max);
          fc.pre(splitProblem(budget, count, { min, max }) === null);
          const amounts = splitBudget(budget, count, { min, max }, random);
          expect(amounts).toHaveLength(count);
          expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(budget);
          for (const amount of amounts) {
            expect(Number.isInteger(amount)).toBe(true);
            expect(amount).toBeGreaterThanOrEqual(Math.max(1, min));
            expect(amount).toBeLessThanOrEqual(max);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('also with the draws at their extremes (always the least, always the most)', () => {
    for (const pick of [() => 0, (n: number) => n - 1]) {
      const amounts = splitBudget(10_000, 100, { min: 1, max: 300 }, pick);
      expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(10_000);
      expect(Math.min(...amounts)).toBeGreaterThanOrEqual(1);
      expect(Math.max(...amounts)).toBeLessThanOrEqual(300);
    }
  });

  it('one envelope per centavo when the budget is exactly the count', () => {
    expect(splitBudget(5, 5, { min: 1, max: 5 }, random)).toEqual([1, 1, 1, 1, 1]);
  });

  it('refuses a budget that cannot be split so', () => {
    expect(splitProblem(99, 100, { min: 1, max: 10 })).toMatch(/minimum/);
    expect(splitProblem(1001, 100, { min: 1, max: 10 })).toMatch(/maximum/);
    expect(splitProblem(100, 10, { min: 0, max: 10 })).toMatch(/1 centavo/);
    expect(splitProblem(100, 10, { min: 5, max: 4 })).toMatch(/largest/);
    expect(() => splitBudget(99, 100, { min: 1, max: 10 }, random)).toThrow();
  });
});
