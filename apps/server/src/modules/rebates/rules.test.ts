import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capInOrder,
  levelAfterKeepPeriod,
  levelFor,
  meetsRequirement,
  progressPercent,
  rebateDue,
  rebateOf,
} from '@palaro/contract';
import { localDay, startOfLocalDay } from '../../platform/time-zone';
import { levelsPassed, monthlyBonusReference, upgradeBonusReference } from '../vip/rules';
import { daysToClose, firstClaimableDay, rebateReference } from './rules';

const MANILA = 'Asia/Manila';

describe('rebate arithmetic (hand-computed)', () => {
  it('rate in basis points of valid turnover, rounded down to a centavo', () => {
    // ₱1,000.00 at 0.50 % = ₱5.00
    expect(rebateOf(100_000n, 50)).toBe(500n);
    // ₱123.45 at 0.80 % = 98.76 centavos → 98
    expect(rebateOf(12_345n, 80)).toBe(98n);
    // ₱0.99 at 1 % = 0.99 centavo → 0
    expect(rebateOf(99n, 100)).toBe(0n);
    expect(rebateOf(0n, 100)).toBe(0n);
    expect(rebateOf(-5_000n, 100)).toBe(0n);
    expect(rebateOf(100_000n, 0)).toBe(0n);
  });

  it('the daily cap is taken by the categories in order', () => {
    // ELOTT 300, FISH 400, RNG 500 with a cap of 600: 300 + 300 + 0
    expect(capInOrder([300n, 400n, 500n], 600n)).toEqual([300n, 300n, 0n]);
    expect(capInOrder([300n, 400n], 0n)).toEqual([300n, 400n]);
  });

  it('what a payment pays: owed less paid, never negative, not below the minimum', () => {
    expect(rebateDue(500n, 0n, 100n)).toBe(500n);
    expect(rebateDue(500n, 450n, 100n)).toBe(0n);
    expect(rebateDue(500n, 450n, 1n)).toBe(50n);
    expect(rebateDue(400n, 500n, 1n)).toBe(0n);
  });

  it('references name the paid total, so a retried payment names the same one', () => {
    expect(rebateReference(42, '2026-03-01', 'RNG', 500n)).toBe('RB42-20260301-RNG-500');
    expect(upgradeBonusReference(42, 3)).toBe('VU42-L3');
    expect(monthlyBonusReference(42, '2026-03-01')).toBe('VM42-202603');
  });
});

describe('days in Asia/Manila (UTC+8, no daylight saving)', () => {
  it('a bet at 23:59:59 Manila is the day before one at 00:00:00', () => {
    expect(localDay(new Date('2026-03-01T15:59:59.999Z'), MANILA)).toBe('2026-03-01');
    expect(localDay(new Date('2026-03-01T16:00:00.000Z'), MANILA)).toBe('2026-03-02');
    expect(startOfLocalDay('2026-03-02', MANILA).toISOString()).toBe('2026-03-01T16:00:00.000Z');
  });

  it('the job closes each day after the last closed one up to yesterday, at most three a run', () => {
    expect(daysToClose(null, '2026-03-02')).toEqual(['2026-03-01']);
    expect(daysToClose('2026-03-01', '2026-03-02')).toEqual([]);
    expect(daysToClose('2026-02-26', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    // Across the month end of a leap year
    expect(daysToClose('2028-02-28', '2028-03-02')).toEqual(['2028-02-29', '2028-03-01']);
    expect(firstClaimableDay('2026-03-02', 7)).toBe('2026-02-24');
  });
});

describe('rebates over any parameters (fast-check)', () => {
  it('never negative, never a fraction, never above the cap, never above turnover × rate', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.bigInt({ min: -1_000_000n, max: 10_000_000_000n }), fc.integer({ min: 0, max: 1000 })), {
          maxLength: 10,
        }),
        fc.bigInt({ min: 0n, max: 100_000_000n }),
        (lines, cap) => {
          const raw = lines.map(([turnover, rate]) => rebateOf(turnover, rate));
          const capped = capInOrder(raw, cap);
          capped.forEach((amount, index) => {
            expect(typeof amount).toBe('bigint');
            expect(amount >= 0n).toBe(true);
            expect(amount <= (raw[index]! > 0n ? raw[index]! : 0n)).toBe(true);
            const [turnover, rate] = lines[index]!;
            // The exact rebate, in hundredths of a basis point, is at least the paid one.
            if (turnover > 0n) expect(amount * 10_000n <= turnover * BigInt(rate)).toBe(true);
          });
          const total = capped.reduce((sum, amount) => sum + amount, 0n);
          if (cap > 0n) expect(total <= cap).toBe(true);
        },
      ),
    );
  });

  it('payments over any sequence of owed amounts never pay more than the highest owed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 1_000_000n }), { maxLength: 12 }),
        fc.bigInt({ min: 1n, max: 500n }),
        (owed, least) => {
          let paid = 0n;
          for (const amount of owed) {
            const due = rebateDue(amount, paid, least);
            expect(due >= 0n).toBe(true);
            paid += due;
          }
          const most = owed.reduce((max, amount) => (amount > max ? amount : max), 0n);
          expect(paid <= most).toBe(true);
        },
      ),
    );
  });
});

describe('VIP rules', () => {
  const levels = [
    { level: 0, depositRequired: 0, turnoverRequired: 0 },
    { level: 1, depositRequired: 170_000, turnoverRequired: 170_000 },
    { level: 2, depositRequired: 1_000_000, turnoverRequired: 5_000_000 },
  ];

  it('both requirements, or either (hand-computed)', () => {
    expect(levelFor({ deposits: 170_000, turnover: 169_999 }, levels, true)).toBe(0);
    expect(levelFor({ deposits: 170_000, turnover: 170_000 }, levels, true)).toBe(1);
    expect(levelFor({ deposits: 170_000, turnover: 169_999 }, levels, false)).toBe(1);
    expect(levelFor({ deposits: 0, turnover: 5_000_000 }, levels, false)).toBe(2);
    expect(meetsRequirement({ deposits: 0, turnover: 0 }, levels[0]!, true)).toBe(true);
  });

  it('progress is the smaller share when both are needed, the larger when either is', () => {
    expect(progressPercent({ deposits: 85_000, turnover: 170_000 }, levels[1]!, true)).toBe(50);
    expect(progressPercent({ deposits: 85_000, turnover: 170_000 }, levels[1]!, false)).toBe(100);
    expect(progressPercent({ deposits: 0, turnover: 0 }, { depositRequired: 0, turnoverRequired: 0 }, true)).toBe(100);
  });

  it('a keep period below its amounts drops the level, never below 0', () => {
    const keep = { keepDeposit: 50_000, keepTurnover: 100_000 };
    expect(levelAfterKeepPeriod(3, { deposits: 50_000, turnover: 100_000 }, keep, true, 1)).toBe(3);
    expect(levelAfterKeepPeriod(3, { deposits: 49_999, turnover: 100_000 }, keep, true, 1)).toBe(2);
    expect(levelAfterKeepPeriod(3, { deposits: 49_999, turnover: 100_000 }, keep, false, 1)).toBe(3);
    expect(levelAfterKeepPeriod(1, { deposits: 0, turnover: 0 }, keep, true, 5)).toBe(0);
    expect(levelsPassed(1, 4)).toEqual([2, 3, 4]);
  });

  it('over any figures: progress 0–100 whole, a level never below 0 (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.record({ deposits: fc.integer({ min: 0, max: 1e12 }), turnover: fc.integer({ min: 0, max: 1e12 }) }),
        fc.record({
          depositRequired: fc.integer({ min: 0, max: 1e12 }),
          turnoverRequired: fc.integer({ min: 0, max: 1e12 }),
        }),
        fc.boolean(),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        (figures, next, both, level, dropBy) => {
          const percent = progressPercent(figures, next, both);
          expect(Number.isInteger(percent) && percent >= 0 && percent <= 100).toBe(true);
          if (meetsRequirement(figures, next, both)) expect(percent).toBe(100);
          const after = levelAfterKeepPeriod(
            level,
            figures,
            { keepDeposit: next.depositRequired, keepTurnover: next.turnoverRequired },
            both,
            dropBy,
          );
          expect(after >= 0 && after <= level).toBe(true);
        },
      ),
    );
  });
});
