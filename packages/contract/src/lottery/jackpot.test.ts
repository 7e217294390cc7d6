import { describe, expect, it } from 'vitest';
import { betTypeRule, oddsTable, PRIZE_GROUP_DEFAULT, prizeTiers, settleBet, type BetTypeRule } from './bet-types';
import {
  drawJackpot,
  jackpotBasis,
  jackpotContribution,
  jackpotShare,
  P642_JACKPOT_MINIMUM,
  P642_JACKPOT_SHARE_BASIS_POINTS,
} from './jackpot';

const PICK6: BetTypeRule = betTypeRule('P642_PICK6')!;
const DRAWN = [41, 4, 27, 12, 33, 19];
const TICKET = 2000;
const settle = (
  picks: number[],
  unitStake = TICKET,
  multiplier = 1,
  jackpot: { pool: number; units: number } | null = null,
) => settleBet(PICK6, [picks], DRAWN, PRIZE_GROUP_DEFAULT, unitStake, multiplier, jackpot);

describe('PCSO 6/42 prize tiers, by hand (drawn 4, 12, 19, 27, 33, 41)', () => {
  it('5, 4 and 3 of 6 pay ₱24,000, ₱800 and ₱20 per ₱20; 2 of 6 nothing', () => {
    expect(settle([4, 12, 19, 27, 33, 40]).winAmount).toBe(2_400_000);
    expect(settle([4, 12, 19, 27, 1, 2]).winAmount).toBe(80_000);
    expect(settle([4, 12, 19, 1, 2, 3]).winAmount).toBe(2000);
    expect(settle([4, 12, 1, 2, 3, 5]).winAmount).toBe(0);
    // ₱40 a ticket, multiplier 2: four tickets' worth.
    expect(settle([4, 12, 19, 27, 33, 40], 4000, 2).winAmount).toBe(9_600_000);
  });

  it('eight numbers with five drawn: 28 tickets — 3 of them 5 of 6, 15 of them 4 of 6, 10 of them 3 of 6', () => {
    // 3 × ₱24,000 + 15 × ₱800 + 10 × ₱20 = ₱84,200.
    expect(settle([4, 12, 19, 27, 33, 1, 2, 3])).toMatchObject({
      winningCombinations: 28,
      jackpotCombinations: 0,
      winAmount: 8_420_000,
    });
  });

  it('6 of 6 takes the jackpot: alone the whole pool, shared by stake with other winners, rounded down per winner', () => {
    expect(settle([4, 12, 19, 27, 33, 41], TICKET, 1, { pool: 600_000_000, units: 2000 }).winAmount).toBe(600_000_000);
    // A ₱20 ticket and a ₱20 × 3 one on the same numbers: a quarter and three quarters.
    expect(settle([4, 12, 19, 27, 33, 41], TICKET, 1, { pool: 600_000_000, units: 8000 }).winAmount).toBe(150_000_000);
    expect(settle([4, 12, 19, 27, 33, 41], TICKET, 3, { pool: 600_000_000, units: 8000 }).winAmount).toBe(450_000_000);
    // ₱1,000,000.01 shared one third / two thirds: 33,333,333 + 66,666,667 centavos, one centavo left to the house.
    expect(jackpotShare({ pool: 100_000_001, units: 6000 }, 2000)).toBe(33_333_333);
    expect(jackpotShare({ pool: 100_000_001, units: 6000 }, 4000)).toBe(66_666_667);
  });

  it('seven numbers holding the six drawn: the jackpot ticket and six tickets of 5 of 6', () => {
    expect(settle([4, 12, 19, 27, 33, 41, 42], TICKET, 1, { pool: 594_000_000, units: 2000 })).toMatchObject({
      winningCombinations: 7,
      jackpotCombinations: 1,
      jackpotWin: 594_000_000,
      winAmount: 594_000_000 + 6 * 2_400_000,
    });
  });

  it('a jackpot win cannot be settled without the draw’s jackpot, nor for more than its winning stakes', () => {
    expect(() => settle([4, 12, 19, 27, 33, 41])).toThrow(/jackpot/);
    expect(() => settle([4, 12, 19, 27, 33, 41], TICKET, 2, { pool: 1000, units: 2000 })).toThrow(/exceeds/);
  });

  it('the odds view shows the tiers (the jackpot has no fixed odds) and no single odds figure', () => {
    expect(prizeTiers(PICK6)).toEqual([
      { matches: 6, odds: null },
      { matches: 5, odds: 12_000_000 },
      { matches: 4, odds: 400_000 },
      { matches: 3, odds: 10_000 },
    ]);
    expect(oddsTable(PICK6, PRIZE_GROUP_DEFAULT)).toEqual([]);
  });

  it('the tiers’ probabilities are exact (1, 216, 9,450 and 142,800 tickets of 5,245,786) and the fixed prizes return 14.87 %', () => {
    const counts = PICK6.tiers!.list.map((tier) => Number(tier.probability.num));
    expect(counts).toEqual([1, 216, 9450, 142_800]);
    const fixedReturn = PICK6.tiers!.list.reduce(
      (sum, tier) => sum + (((tier.odds ?? 0) / 10_000) * Number(tier.probability.num)) / Number(tier.probability.den),
      0,
    );
    expect(fixedReturn).toBeCloseTo(15_600_000 / 20 / 5_245_786, 10);
  });
});

describe('the running jackpot pool', () => {
  it('grows by 35 % of the draw’s real-money stakes, rounded down', () => {
    expect(jackpotContribution(1_000_001, P642_JACKPOT_SHARE_BASIS_POINTS)).toBe(350_000);
  });

  it('no winner: the next draw starts from the grown pool; a real-money winner: from the minimum again', () => {
    expect(drawJackpot(P642_JACKPOT_MINIMUM, P642_JACKPOT_MINIMUM, 3500, 1_000_000, 0, 0)).toEqual({
      jackpot: { pool: 594_350_000, contribution: 350_000, units: 0, trialUnits: 0 },
      nextPool: 594_350_000,
    });
    expect(drawJackpot(700_000_000, P642_JACKPOT_MINIMUM, 3500, 2000, 2000, 0).nextPool).toBe(P642_JACKPOT_MINIMUM);
  });

  it('play money shares the pool among play-money winners only and never resets it', () => {
    const { jackpot, nextPool } = drawJackpot(700_000_000, P642_JACKPOT_MINIMUM, 3500, 0, 0, 2000);
    expect(nextPool).toBe(700_000_000);
    expect(jackpotBasis(jackpot, true)).toEqual({ pool: 700_000_000, units: 2000 });
    expect(jackpotBasis(jackpot, false)).toEqual({ pool: 700_000_000, units: 0 });
    expect(jackpotBasis(null, false)).toBeNull();
  });
});

describe('past 2^53 centavos, in bigint as the server counts, every figure stays exact', () => {
  const BEYOND = 2n ** 53n + 1n; // 9,007,199,254,740,993: a JSON number cannot hold it

  it('a win: the 5D sum of 0 (97,500×) on a unit of ₱10,000,000,000.03 pays every centavo', () => {
    // 1,000,000,000,003 × 975,000,000 ten-thousandths / 10,000: formed whole, divided once.
    const { winAmount } = settleBet(betTypeRule('SSC_SUM')!, [[0]], [0, 0, 0, 0, 0], 1950, 1_000_000_000_003n, 1);
    expect(winAmount).toBe(97_500_000_000_292_500n);
    expect(winAmount > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    // The same bet in numbers, as the browser would preview it, has already lost centavos.
    const previewed = settleBet(betTypeRule('SSC_SUM')!, [[0]], [0, 0, 0, 0, 0], 1950, 1_000_000_000_003, 1).winAmount;
    expect(BigInt(previewed)).not.toBe(97_500_000_000_292_500n);
  });

  it('a jackpot pool past 2^53 grows, is shared and rounds down to the centavo exactly', () => {
    const { jackpot, nextPool } = drawJackpot(BEYOND, 594_000_000n, 3500, 1_000_003n, 6000n, 0n);
    // 35 % of ₱10,000.03 is 350,001.05 centavos: 350,001 added, the 0.05 stays with the house.
    expect(jackpot).toEqual({ pool: BEYOND + 350_001n, contribution: 350_001n, units: 6000n, trialUnits: 0n });
    expect(nextPool).toBe(594_000_000n);
    const basis = jackpotBasis(jackpot, false)!;
    // One third and two thirds of 9,007,199,255,090,994: 3,002,399,751,696,998 and 6,004,799,503,393,996.
    expect(jackpotShare(basis, 2000n)).toBe(3_002_399_751_696_998n);
    expect(jackpotShare(basis, 4000n)).toBe(6_004_799_503_393_996n);
    // Settled through the bet: the 6-of-6 ticket's share, in the pool's own centavos.
    expect(settleBet(PICK6, [DRAWN], DRAWN, PRIZE_GROUP_DEFAULT, 2000n, 2, basis).winAmount).toBe(
      6_004_799_503_393_996n,
    );
  });
});
