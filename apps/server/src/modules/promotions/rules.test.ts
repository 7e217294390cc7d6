import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startOfLocalDay } from '../../platform/time-zone';
import { contributionOf, fillRequirements } from '../wallet/turnover';
import {
  checkInReward,
  depositBonus,
  grantWithinBudget,
  ineligibility,
  isBirthday,
  isoWeekOf,
  lossRebate,
  missionProgress,
  nextStreak,
  percentOf,
  periodRange,
  periodUnit,
  previousPeriodDay,
  turnoverBaseOf,
  turnoverReward,
} from './rules';

const MANILA = 'Asia/Manila';

describe('deposit bonuses (first deposit, reload, referral)', () => {
  const welcome = { percent: 100, cap: 5000_00, minDeposit: 100_00 };
  it('pays the percent of the deposit, capped, nothing below the minimum', () => {
    expect(depositBonus(welcome, 500_00n)).toBe(500_00n);
    expect(depositBonus(welcome, 100_00n)).toBe(100_00n);
    expect(depositBonus(welcome, 99_99n)).toBe(0n);
    expect(depositBonus(welcome, 8000_00n)).toBe(5000_00n);
    expect(depositBonus({ percent: 12, cap: 1200_00, minDeposit: 500_00 }, 999_99n)).toBe(119_99n); // 99,999 × 12 / 100 = 11,999.88 → 11,999 centavos
    expect(depositBonus({ percent: 12, cap: 1200_00, minDeposit: 500_00 }, 20000_00n)).toBe(1200_00n);
  });
  it('rounds down to the centavo', () => {
    expect(percentOf(333n, 50)).toBe(166n);
    expect(percentOf(1n, 99)).toBe(0n);
  });
  it('is never negative, never fractional, never above the cap (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 0, max: 1e10 }),
        fc.bigInt({ min: -1_000_000n, max: 10_000_000_000_00n }),
        (percent, cap, minDeposit, deposit) => {
          const bonus = depositBonus({ percent, cap, minDeposit }, deposit);
          expect(typeof bonus).toBe('bigint');
          expect(bonus >= 0n).toBe(true);
          expect(bonus <= BigInt(cap)).toBe(true);
          if (deposit > 0n) expect(bonus * 100n <= deposit * BigInt(percent)).toBe(true);
        },
      ),
    );
  });
});

describe('daily check-in', () => {
  const rewards = [2_00, 3_00, 5_00, 5_00, 8_00, 10_00, 20_00];
  it('pays by the day of the streak, the last amount past the list', () => {
    expect(checkInReward(rewards, 1)).toBe(2_00n);
    expect(checkInReward(rewards, 7)).toBe(20_00n);
    expect(checkInReward(rewards, 30)).toBe(20_00n);
    expect(checkInReward(rewards, 0)).toBe(0n);
  });
  it('continues a streak from yesterday and starts again after a missed day', () => {
    expect(nextStreak('2026-12-08', { day: '2026-12-07', streak: 3 })).toBe(4);
    expect(nextStreak('2026-12-08', { day: '2026-12-06', streak: 3 })).toBe(1);
    expect(nextStreak('2026-12-08', null)).toBe(1);
    // Across a month and a year.
    expect(nextStreak('2027-01-01', { day: '2026-12-31', streak: 6 })).toBe(7);
  });
});

describe('turnover reward and loss rebate', () => {
  const tiers = [
    { turnover: 5000_00, reward: 18_00 },
    { turnover: 20000_00, reward: 88_00 },
    { turnover: 100000_00, reward: 388_00 },
  ];
  it('pays the highest tier reached', () => {
    expect(turnoverReward(tiers, 4999_99n)).toBe(0n);
    expect(turnoverReward(tiers, 5000_00n)).toBe(18_00n);
    expect(turnoverReward(tiers, 99999_99n)).toBe(88_00n);
    expect(turnoverReward(tiers, 500000_00n)).toBe(388_00n);
  });
  it('rebates the net loss at the rate, capped, nothing below the minimum or on a win', () => {
    const cashback = { rateBasisPoints: 500, cap: 2000_00, minLoss: 500_00 };
    expect(lossRebate(cashback, 1000_00n, 300_00n)).toBe(35_00n); // 5 % of ₱700
    expect(lossRebate(cashback, 1000_00n, 600_00n)).toBe(0n); // ₱400 lost: below ₱500
    expect(lossRebate(cashback, 1000_00n, 1500_00n)).toBe(0n); // a net win
    expect(lossRebate(cashback, 100000_00n, 0n)).toBe(2000_00n);
    expect(lossRebate(cashback, 1234_57n, 0n)).toBe(61_72n); // 6,172.85 → 6,172
  });
  it('never negative or above the cap (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 0, max: 1e10 }),
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        (rateBasisPoints, cap, minLoss, bets, wins) => {
          const rebate = lossRebate({ rateBasisPoints, cap, minLoss }, bets, wins);
          expect(rebate >= 0n && rebate <= BigInt(cap)).toBe(true);
          expect(rebate * 10_000n <= (bets > wins ? bets - wins : 0n) * BigInt(rateBasisPoints)).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ turnover: fc.integer({ min: 0, max: 1e9 }), reward: fc.integer({ min: 0, max: 1e9 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        (tiers, turnover) => {
          const reward = turnoverReward(tiers, turnover);
          expect(reward >= 0n && reward <= BigInt(Math.max(...tiers.map((tier) => tier.reward)))).toBe(true);
        },
      ),
    );
  });
});

describe('missions and birthdays', () => {
  it('counts each task and completes when all are done', () => {
    const tasks = [
      { kind: 'deposit', target: 1000_00 },
      { kind: 'turnover', target: 5000_00 },
    ];
    const half = missionProgress(tasks, (kind) => (kind === 'deposit' ? 1000_00n : 2500_00n));
    expect(half).toMatchObject({ complete: false, progress: 75 });
    expect(missionProgress(tasks, () => 10_000_00n)).toMatchObject({ complete: true, progress: 100 });
  });
  it('knows a birthday on the day, or in the month for a monthly gift', () => {
    expect(isBirthday('1990-12-08', '2026-12-08', 'day')).toBe(true);
    expect(isBirthday('1990-12-08', '2026-12-09', 'day')).toBe(false);
    expect(isBirthday('12-08', '2026-12-30', 'month')).toBe(true);
    expect(isBirthday(undefined, '2026-12-30', 'month')).toBe(false);
  });
});

describe('periods in the merchant time zone (Asia/Manila, UTC+8, no daylight saving)', () => {
  it('names a day, an ISO week and a month', () => {
    expect(periodUnit('day', '2026-12-07')).toBe('2026-12-07');
    expect(periodUnit('week', '2026-12-07')).toBe('2026-W50');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(periodUnit('month', '2026-12-07')).toBe('2026-12');
    expect(periodUnit('once', '2026-12-07')).toBe('once');
  });
  it('starts a Manila day at 16:00 UTC the day before, across a period boundary', () => {
    const promotion = { startsAt: new Date('2026-01-01T00:00:00Z'), endsAt: null };
    expect(periodRange('day', '2026-12-08', MANILA, promotion)).toEqual({
      from: new Date('2026-12-07T16:00:00Z'),
      to: new Date('2026-12-08T16:00:00Z'),
    });
    expect(periodRange('week', '2026-12-10', MANILA, promotion)).toEqual({
      from: new Date('2026-12-06T16:00:00Z'), // Monday 7 December, 00:00 in Manila
      to: new Date('2026-12-13T16:00:00Z'),
    });
    expect(periodRange('month', '2026-12-31', MANILA, promotion).to).toEqual(new Date('2026-12-31T16:00:00Z'));
    expect(previousPeriodDay('week', '2026-12-07')).toBe('2026-12-06');
    expect(previousPeriodDay('month', '2027-01-15')).toBe('2026-12-31');
  });
  it('keeps days contiguous whatever the zone (no gap, no overlap)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3650 }),
        fc.constantFrom(MANILA, 'Europe/London', 'America/New_York'),
        (n, zone) => {
          const day = new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
          const range = periodRange('day', day, zone, { startsAt: new Date(0), endsAt: null });
          expect(range.from).toEqual(startOfLocalDay(day, zone));
          expect(range.to!.getTime()).toBeGreaterThan(range.from.getTime());
        },
      ),
    );
  });
});

describe('eligibility, budget and turnover', () => {
  const member = { type: 0, vipLevel: 0, createdAt: new Date('2026-12-01T00:00:00Z') };
  const open = { memberTypes: [0, 1], minVipLevel: 0, newMemberDays: null };
  const now = new Date('2026-12-07T00:00:00Z');
  it('keeps trial accounts, other types, lower VIP levels and old members out', () => {
    expect(ineligibility(open, member, now)).toBeNull();
    expect(ineligibility(open, { ...member, type: 4 }, now)).toBe('promo_trial');
    expect(ineligibility({ ...open, memberTypes: [1] }, member, now)).toBe('promo_not_for_you');
    expect(ineligibility({ ...open, minVipLevel: 1 }, member, now)).toBe('promo_vip_level');
    expect(ineligibility({ ...open, newMemberDays: 3 }, member, now)).toBe('promo_new_members');
    expect(ineligibility({ ...open, newMemberDays: 7 }, member, now)).toBeNull();
  });
  it('pays a grant whole or not at all within the budget', () => {
    expect(grantWithinBudget(1000n, 900n, 100n)).toBe(100n);
    expect(grantWithinBudget(1000n, 901n, 100n)).toBe(0n);
    expect(grantWithinBudget(null, 10n ** 12n, 100n)).toBe(100n);
  });
  it('bases the requirement on the bonus, or the bonus and the deposit', () => {
    expect(turnoverBaseOf('bonus', 500_00n, 500_00n)).toBe(500_00n);
    expect(turnoverBaseOf('bonus_and_deposit', 500_00n, 500_00n)).toBe(1000_00n);
  });
  it('fills a bonus requirement by each category’s weight, a deposit’s in full', () => {
    const deposit = { id: 1, required: 100_00n, done: 0n, contributions: null };
    const bonus = { id: 2, required: 1000_00n, done: 0n, contributions: { LIVE: 10, RNG: 100 } };
    // ₱100 of live casino: counts 10 % toward the bonus only.
    expect(fillRequirements([bonus], 100_00n, 'LIVE').map((change) => change.done)).toEqual([10_00n]);
    // ₱150 of live: fills the deposit's ₱100 in full, the ₱50 left counts ₱5 toward the bonus.
    expect(fillRequirements([deposit, bonus], 150_00n, 'LIVE').map((change) => change.done)).toEqual([100_00n, 5_00n]);
    expect(fillRequirements([bonus], 100_00n, 'RNG').map((change) => change.done)).toEqual([100_00n]);
    expect(fillRequirements([bonus], 100_00n, null).map((change) => change.done)).toEqual([100_00n]);
    expect(contributionOf({ LIVE: 0 }, 'LIVE')).toBe(0);
    expect(fillRequirements([{ ...bonus, contributions: { LIVE: 0 } }], 100_00n, 'LIVE')).toEqual([]);
  });
  it('never fills more than the bet at full weight nor past the requirement (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            required: fc.bigInt({ min: 1n, max: 10n ** 8n }),
            percent: fc.integer({ min: 0, max: 100 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (rows, bet) => {
          const open = rows.map((row, id) => ({
            id,
            required: row.required,
            done: 0n,
            contributions: { LIVE: row.percent },
          }));
          const changes = fillRequirements(open, bet, 'LIVE');
          let used = 0n;
          for (const { requirement, done } of changes) {
            expect(done <= requirement.required && done >= 0n).toBe(true);
            const percent = BigInt(requirement.contributions.LIVE);
            used += (done * 100n + percent - 1n) / percent;
          }
          expect(used <= bet + BigInt(changes.length)).toBe(true);
        },
      ),
    );
  });
});
