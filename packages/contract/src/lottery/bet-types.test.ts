import { describe, expect, it } from 'vitest';
import {
  BET_TYPES,
  DRAGON_TIGER,
  MAX_COMBINATIONS_PER_BET,
  ONLY_OPTION,
  PRIZE_GROUP_DEFAULT,
  SIDE,
  ZY_PRIZE_GROUP,
  betStake,
  betTypeRule,
  betTypesOf,
  formatOdds,
  hasFixedOdds,
  memberPrizeGroup,
  oddsFor,
  oddsTable,
  playTypeNamed,
  playTypesOf,
  returnRate,
  selectionProblem,
  settleBet,
  soldUnder,
  xienProbability,
  type BetTypeRule,
} from './bet-types';
import { LOTTERY_FAMILIES, VN_DIGITS, drawFamilyResult } from './families';
import { simulationRandom } from '../inhouse/fairness';

const G = PRIZE_GROUP_DEFAULT; // 1950 = 97.5 %

function rule(code: string): BetTypeRule {
  const found = betTypeRule(code);
  if (!found) throw new Error(`no bet type ${code}`);
  return found;
}

/** The odds of a bet type with one price, or of one option, in ten-thousandths. */
function odds(code: string, option?: number): number {
  const table = oddsTable(rule(code), G);
  return (option === undefined ? table[0] : table.find((entry) => entry.option === option))!.odds;
}

/** Total paid for picks at unit stake ₱1 (100 centavos), multiplier 1. */
function win(code: string, picks: number[][], result: number[]): number {
  return settleBet(rule(code), picks, result, G, 100, 1).winAmount;
}

describe('prize groups', () => {
  it('1950 is a 97.5 % return; a member is capped by the upline and the difference is rebate', () => {
    expect(returnRate(1950)).toBe(0.975);
    expect(memberPrizeGroup(1950, 1900)).toEqual({ group: 1900, rebateRate: 0 });
    expect(memberPrizeGroup(1900, 1950)).toEqual({ group: 1900, rebateRate: 0.025 });
  });
  it('odds are floor(group / 2000 / p) in ten-thousandths, never rounded up', () => {
    expect(oddsFor(1950, { num: 45n, den: 100n })).toBe(21666); // 2.16666…
    expect(oddsFor(1980, { num: 1n, den: 2n })).toBe(19800);
    expect(formatOdds(21666)).toBe('2.1666');
  });
});

describe('odds of every bet type at 1950, computed by hand (payout = 0.975 / p)', () => {
  const cases: [code: string, option: number | undefined, expected: number][] = [
    ['SSC_FIXED_PLACE', undefined, 97500],
    ['SSC_BSOE', undefined, 19500],
    ['SSC_SUM', 0, 975_000_000],
    ['SSC_SUM', 1, 195_000_000],
    ['SSC_SUM_BSOE', undefined, 19500],
    ['SSC_DRAGON_TIGER', DRAGON_TIGER.DRAGON, 21666],
    ['SSC_DRAGON_TIGER', DRAGON_TIGER.TIGER, 21666],
    ['SSC_DRAGON_TIGER', DRAGON_TIGER.TIE, 97500],
    ['SSC_STRAIGHT_FIRST2', undefined, 975_000],
    ['SSC_STRAIGHT_LAST2', undefined, 975_000],
    ['SSC_STRAIGHT_LAST3', undefined, 9_750_000],
    ['SSC_STRAIGHT_MIDDLE3', undefined, 9_750_000],
    ['SSC_GROUP2_LAST2', undefined, 487_500],
    ['SSC_GROUP3_FIRST3', undefined, 3_250_000],
    ['SSC_GROUP6_LAST3', undefined, 1_625_000],
    ['K3_SUM', 3, 2_106_000],
    ['K3_SUM', 18, 2_106_000],
    ['K3_SUM', 4, 702_000],
    ['K3_SUM', 10, 78_000],
    ['K3_SUM', 11, 78_000],
    ['K3_TRIPLE', undefined, 2_106_000],
    ['K3_ANY_TRIPLE', undefined, 351_000],
    ['K3_PAIR', undefined, 131_625],
    ['K3_THREE_DIFFERENT', undefined, 351_000],
    ['K3_BSOE', undefined, 19500],
    ['PK10_POSITION', undefined, 97500],
    ['PK10_TOP2_SUM', 3, 438_750],
    ['PK10_TOP2_SUM', 11, 87_750],
    ['PK10_TOP2_SUM', 19, 438_750],
    ['PK10_DRAGON_TIGER', undefined, 19500],
    ['PK10_BSOE', undefined, 19500],
    ['X11X5_ANY1', undefined, 21450],
    ['X11X5_ANY2', undefined, 53625],
    ['X11X5_ANY3', undefined, 160_875],
    ['X11X5_ANY4', undefined, 643_500],
    ['X11X5_ANY5', undefined, 4_504_500],
    ['X11X5_ANY6', undefined, 750_750],
    ['X11X5_ANY7', undefined, 214_500],
    ['X11X5_ANY8', undefined, 80_437],
    ['X11X5_FIRST2_STRAIGHT', undefined, 1_072_500],
    ['X11X5_FIRST3_STRAIGHT', undefined, 9_652_500],
    ['X11X5_FIRST2_GROUP', undefined, 536_250],
    ['X11X5_FIRST3_GROUP', undefined, 1_608_750],
    ['VN_DE', undefined, 975_000],
    ['VN_DAU', undefined, 97500],
    ['VN_DUOI', undefined, 97500],
    ['VN_LO2', undefined, 36111],
    ['VN_LO3', undefined, 423_913],
  ];
  it.each(cases)('%s %s → %i', (code, option, expected) => {
    expect(odds(code, option)).toBe(expected);
  });

  it('xiên k: 0.975 / P(all k numbers among 27 endings), P by inclusion–exclusion (floats agree)', () => {
    for (const k of [2, 3, 4]) {
      let p = 0;
      for (let j = 0; j <= k; j += 1)
        p += (-1) ** j * [1, k, (k * (k - 1)) / 2, (k * (k - 1) * (k - 2)) / 6, 1][j]! * (1 - j / 100) ** 27;
      const exact = xienProbability(k);
      expect(Number(exact.num) / Number(exact.den)).toBeCloseTo(p, 12);
      expect(Math.abs(odds(`VN_XIEN${k}`) - Math.floor((0.975 / p) * 10_000))).toBeLessThanOrEqual(1);
    }
    expect(formatOdds(odds('VN_XIEN2'))).toMatch(/^17\.7/); // P ≈ 0.05488
  });

  it('every option of every bet type has odds above 1× and a probability that sums to 1 where options cover every result', () => {
    for (const each of BET_TYPES)
      for (const entry of oddsTable(each, G)) expect(entry.odds, each.code).toBeGreaterThan(10_000);
    const sumProbability = (code: string) => {
      const r = rule(code);
      let total = 0;
      for (let option = r.rows[0]!.min; option <= r.rows[0]!.max; option += 1)
        total += Number(r.probability([option]).num) / Number(r.probability([option]).den);
      return total;
    };
    expect(sumProbability('SSC_SUM')).toBeCloseTo(1, 12);
    expect(sumProbability('K3_SUM')).toBeCloseTo(1, 12);
    expect(sumProbability('PK10_TOP2_SUM')).toBeCloseTo(1, 12);
    expect(sumProbability('SSC_DRAGON_TIGER')).toBeCloseTo(1, 12);
  });
});

describe('settlement of every bet type against hand-made results (unit ₱1, ×1)', () => {
  it('SSC 1-2-3-4-5', () => {
    const r = [1, 2, 3, 4, 5];
    expect(win('SSC_FIXED_PLACE', [[1, 2], [], [], [], [5]], r)).toBe(2 * 975); // two of three combinations at 9.75
    expect(win('SSC_FIXED_PLACE', [[0], [], [], [], []], r)).toBe(0);
    expect(win('SSC_BSOE', [[SIDE.BIG, SIDE.SMALL, SIDE.ODD], [], [], [], [SIDE.BIG]], r)).toBe(3 * 195); // 1: small, odd; 5: big
    expect(win('SSC_SUM', [[14, 15, 16]], r)).toBe(
      Math.floor((100 * oddsFor(G, rule('SSC_SUM').probability([15]))) / 10_000),
    );
    expect(win('SSC_SUM_BSOE', [[SIDE.SMALL, SIDE.ODD, SIDE.BIG, SIDE.EVEN]], r)).toBe(2 * 195); // 15: small, odd
    expect(win('SSC_DRAGON_TIGER', [[DRAGON_TIGER.TIGER]], r)).toBe(216); // 2.1666 × ₱1, rounded down
    expect(win('SSC_DRAGON_TIGER', [[DRAGON_TIGER.DRAGON, DRAGON_TIGER.TIE]], r)).toBe(0);
    expect(win('SSC_STRAIGHT_FIRST2', [[1, 2], [2]], r)).toBe(9750);
    expect(win('SSC_STRAIGHT_LAST3', [[3], [4], [5, 6]], r)).toBe(97_500);
    expect(win('SSC_STRAIGHT_MIDDLE3', [[2], [4], [3]], r)).toBe(0);
    expect(win('SSC_GROUP2_FIRST2', [[1, 2, 3]], r)).toBe(4875);
  });
  it('SSC groups 3 and 6 and a pair that never wins group 2', () => {
    expect(win('SSC_GROUP3_LAST3', [[7, 2]], [0, 0, 7, 2, 7])).toBe(32_500); // 7-7-2: [7 doubled, 2] wins, [2 doubled, 7] does not
    expect(win('SSC_GROUP3_LAST3', [[7, 2]], [0, 0, 7, 2, 1])).toBe(0);
    expect(win('SSC_GROUP6_LAST3', [[3, 4, 5, 6]], [0, 0, 5, 3, 4])).toBe(16_250);
    expect(win('SSC_GROUP6_LAST3', [[3, 4, 5]], [0, 0, 5, 5, 4])).toBe(0);
    expect(win('SSC_GROUP2_LAST2', [[4, 5]], [0, 0, 0, 4, 4])).toBe(0);
  });
  it('K3 2-2-5 and 4-4-4', () => {
    expect(win('K3_SUM', [[9, 10]], [2, 2, 5])).toBe(Math.floor((100 * oddsFor(G, { num: 25n, den: 216n })) / 10_000)); // 25 ways to make 9
    expect(win('K3_PAIR', [[2, 5]], [2, 2, 5])).toBe(1316);
    expect(win('K3_TRIPLE', [[2]], [2, 2, 5])).toBe(0);
    expect(win('K3_ANY_TRIPLE', [[ONLY_OPTION]], [2, 2, 5])).toBe(0);
    expect(win('K3_THREE_DIFFERENT', [[2, 5, 6]], [2, 2, 5])).toBe(0);
    expect(win('K3_THREE_DIFFERENT', [[1, 3, 5, 6]], [5, 1, 3])).toBe(3510);
    expect(win('K3_BSOE', [[SIDE.SMALL, SIDE.ODD, SIDE.BIG]], [2, 2, 5])).toBe(390);
    expect(win('K3_ANY_TRIPLE', [[ONLY_OPTION]], [4, 4, 4])).toBe(3510);
    expect(win('K3_TRIPLE', [[4, 5]], [4, 4, 4])).toBe(21_060);
    expect(win('K3_PAIR', [[4]], [4, 4, 4])).toBe(1316);
    expect(win('K3_BSOE', [[SIDE.BIG, SIDE.EVEN]], [4, 4, 4])).toBe(390);
  });
  it('PK10 3-7-1-2-4-5-6-8-9-10', () => {
    const r = [3, 7, 1, 2, 4, 5, 6, 8, 9, 10];
    expect(win('PK10_POSITION', [[3, 4], [7], [], [], [], [], [], [], [], [1]], r)).toBe(2 * 975);
    expect(win('PK10_TOP2_SUM', [[10]], r)).toBe(Math.floor((100 * oddsFor(G, { num: 8n, den: 90n })) / 10_000));
    // 1st (3) vs 10th (10): tiger; 2nd (7) vs 9th (9): tiger; 5th (4) vs 6th (5): tiger.
    expect(
      win(
        'PK10_DRAGON_TIGER',
        [[DRAGON_TIGER.DRAGON, DRAGON_TIGER.TIGER], [DRAGON_TIGER.TIGER], [], [], [DRAGON_TIGER.DRAGON]],
        r,
      ),
    ).toBe(2 * 195);
    expect(win('PK10_BSOE', [[SIDE.SMALL, SIDE.ODD], [SIDE.BIG], [], [], [], [], [], [], [], [SIDE.ODD]], r)).toBe(
      3 * 195,
    );
  });
  it('11x5 3-7-1-9-11', () => {
    const r = [3, 7, 1, 9, 11];
    expect(win('X11X5_ANY1', [[2, 3, 7]], r)).toBe(429); // 2 × 2.145 × ₱1, rounded down once at the end
    expect(win('X11X5_ANY2', [[3, 5, 7]], r)).toBe(536);
    expect(win('X11X5_ANY5', [[1, 3, 7, 9, 11]], r)).toBe(45_045);
    expect(win('X11X5_ANY6', [[1, 2, 3, 7, 9, 11]], r)).toBe(7507);
    expect(win('X11X5_ANY7', [[1, 2, 3, 4, 7, 9, 11, 10]], r)).toBe(3 * 2145); // C(3, 2) of the 7-subsets hold all five
    expect(win('X11X5_ANY8', [[1, 2, 3, 4, 5, 6, 7, 8]], r)).toBe(0);
    expect(
      win(
        'X11X5_FIRST2_STRAIGHT',
        [
          [3, 7],
          [7, 3],
        ],
        r,
      ),
    ).toBe(10_725); // 3-7 wins; 7-3 loses; 3-3 and 7-7 are not combinations
    expect(win('X11X5_FIRST3_STRAIGHT', [[3], [7], [1]], r)).toBe(96_525);
    expect(win('X11X5_FIRST2_GROUP', [[7, 3]], r)).toBe(5362);
    expect(win('X11X5_FIRST3_GROUP', [[1, 3, 7, 9]], r)).toBe(16_087);
  });
  it('electronic lô/đề: đề 45, lô 45 twice, xiên among the endings', () => {
    // ĐB 12345, G1 00001, G2 ×2, G3 ×6, G4 ×4, G5 ×6, G6 ×3 ending 345 once more, G7 45 67 89 01.
    const r = [
      12345, 1, 11111, 22222, 30303, 40404, 50505, 60606, 70707, 80808, 1234, 2345, 3456, 4567, 1111, 2222, 3333, 4444,
      5555, 6666, 345, 678, 901, 45, 67, 89, 1,
    ];
    expect(r).toHaveLength(VN_DIGITS.length);
    expect(win('VN_DE', [[45, 54]], r)).toBe(9750);
    expect(win('VN_DAU', [[4]], r)).toBe(975);
    expect(win('VN_DUOI', [[4]], r)).toBe(0);
    expect(win('VN_DUOI', [[5]], r)).toBe(975);
    expect(win('VN_LO2', [[45]], r)).toBe(Math.floor((100 * 4 * 36111) / 10_000)); // 12345, 2345, 345, 45: four occurrences
    expect(win('VN_LO2', [[1]], r)).toBe(Math.floor((100 * 3 * 36111) / 10_000)); // 00001, 901, 01
    expect(win('VN_LO3', [[345]], r)).toBe(Math.floor((100 * 3 * 423_913) / 10_000)); // 12345, 2345, 345 (G7's 45 has two digits)
    expect(win('VN_XIEN2', [[45, 67, 98]], r)).toBe(Math.floor((100 * oddsFor(G, xienProbability(2))) / 10_000)); // only {45, 67}
    expect(win('VN_XIEN4', [[1, 45, 67, 89]], r)).toBe(Math.floor((100 * oddsFor(G, xienProbability(4))) / 10_000));
  });
  it('stake and win scale with unit stake and multiplier, rounded down once', () => {
    expect(betStake(200, 3, 3)).toBe(1800);
    expect(settleBet(rule('SSC_FIXED_PLACE'), [[1, 2], [], [], [], [5]], [1, 2, 3, 4, 5], G, 200, 3).winAmount).toBe(
      11_700,
    );
    expect(settleBet(rule('SSC_DRAGON_TIGER'), [[DRAGON_TIGER.TIGER]], [1, 2, 3, 4, 5], G, 7, 3).winAmount).toBe(45); // 21 × 2.1666 = 45.4986
  });
});

describe('selections', () => {
  it('refuses malformed picks with a reason and counts combinations', () => {
    expect(selectionProblem(rule('SSC_FIXED_PLACE'), [[1]])).toBe('rows');
    expect(selectionProblem(rule('SSC_FIXED_PLACE'), [[], [], [], [], []])).toBe('too_few');
    expect(selectionProblem(rule('SSC_FIXED_PLACE'), [[10], [], [], [], []])).toBe('out_of_range');
    expect(selectionProblem(rule('SSC_FIXED_PLACE'), [[1, 1], [], [], [], []])).toBe('duplicate');
    expect(selectionProblem(rule('SSC_FIXED_PLACE'), [[1.5], [], [], [], []])).toBe('not_integer');
    expect(selectionProblem(rule('SSC_STRAIGHT_FIRST2'), [[1], []])).toBe('too_few');
    expect(selectionProblem(rule('SSC_GROUP6_LAST3'), [[1, 2]])).toBe('too_few');
    expect(selectionProblem(rule('X11X5_FIRST2_STRAIGHT'), [[3], [3]])).toBe('too_few'); // no pair of different numbers
    expect(selectionProblem(rule('VN_XIEN4'), [Array.from({ length: 14 }, (_, i) => i)])).toBe('too_many');
    expect(
      selectionProblem(rule('SSC_STRAIGHT_LAST3'), [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      ]),
    ).toBeNull();
    expect(rule('SSC_STRAIGHT_LAST3').countCombinations([[0, 1], [2, 3, 4], [5]])).toBe(6);
    expect(rule('SSC_GROUP3_LAST3').countCombinations([[1, 2, 3]])).toBe(6);
    expect(rule('X11X5_FIRST3_STRAIGHT').countCombinations([[1, 2], [1, 2], [3]])).toBe(2);
  });
  it('every bet type: combinations listed = combinations counted, never above the limit at the largest picks', () => {
    for (const each of BET_TYPES) {
      const full = each.rows.map((row) =>
        Array.from({ length: Math.min(each.maxPicks, row.max - row.min + 1) }, (_, i) => row.min + i),
      );
      expect(each.combinations(full).length, each.code).toBe(each.countCombinations(full));
      expect(each.countCombinations(full), each.code).toBeLessThanOrEqual(MAX_COMBINATIONS_PER_BET);
      expect(selectionProblem(each, full), each.code).toBeNull();
    }
  });
});

describe('return to player: every bet type returns its prize group', () => {
  const fullPicks = (each: BetTypeRule) =>
    each.rows.map((row) =>
      Array.from({ length: Math.min(each.maxPicks, row.max - row.min + 1) }, (_, i) => row.min + i),
    );

  it('Fast 3, exactly: over all 216 throws each bet type returns 97.5 % (less the rounding down of odds)', () => {
    const throws: number[][] = [];
    for (let a = 1; a <= 6; a += 1)
      for (let b = 1; b <= 6; b += 1) for (let c = 1; c <= 6; c += 1) throws.push([a, b, c]);
    for (const each of BET_TYPES.filter((r) => r.family === 'K3')) {
      const picks = fullPicks(each);
      const stakes = throws.length * each.countCombinations(picks) * 10_000;
      const paid = throws.reduce((sum, result) => sum + settleBet(each, picks, result, G, 10_000, 1).winAmount, 0);
      expect(paid / stakes, each.code).toBeGreaterThan(0.9749);
      expect(paid / stakes, each.code).toBeLessThanOrEqual(0.975);
    }
  });

  it('the other families, simulated: 97.5 % within 4.5 standard errors of the sample over 5,000 draws', () => {
    for (const family of LOTTERY_FAMILIES.filter((f) => f !== 'K3')) {
      const random = simulationRandom(12);
      const results = Array.from({ length: 5000 }, () => drawFamilyResult(family, random));
      // A tiered bet type (6/42) pays PCSO's prizes, not its group (lottery/jackpot.test.ts).
      for (const each of BET_TYPES.filter(
        (r) => r.family === family && !r.tiers && r.countCombinations(fullPicks(r)) <= 50,
      )) {
        const picks = fullPicks(each);
        const stake = each.countCombinations(picks) * 100;
        const ratios = results.map((result) => settleBet(each, picks, result, G, 100, 1).winAmount / stake);
        const mean = ratios.reduce((sum, x) => sum + x, 0) / ratios.length;
        const variance = ratios.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (ratios.length - 1);
        const standardError = Math.sqrt(variance / ratios.length);
        expect(Math.abs(mean - 0.975), `${each.code}: ${mean}`).toBeLessThan(4.5 * standardError + 0.005);
      }
    }
  }, 60_000);
});

describe('play types: every bet type is on the standard board (Tradition) or the two-sided board (Entertainment)', () => {
  const entertainment = [
    'SSC_BALL',
    'SSC_BSOE',
    'SSC_SUM',
    'SSC_SUM_BSOE',
    'SSC_DRAGON_TIGER',
    'K3_SUM',
    'K3_BSOE',
    'PK10_POSITION',
    'PK10_TOP2_SUM',
    'PK10_DRAGON_TIGER',
    'PK10_BSOE',
  ];
  it.each(BET_TYPES.map((each) => [each.code, each.playType] as const))('%s is %s', (code, playType) => {
    expect(playType).toBe(entertainment.includes(code) ? 'Entertainment' : 'Tradition');
  });
  it('every Entertainment code names a bet type; each family shows the boards it has, Tradition first', () => {
    expect(entertainment.every((code) => betTypeRule(code) !== undefined)).toBe(true);
    expect(playTypesOf(betTypesOf('SSC'))).toEqual(['Tradition', 'Entertainment']);
    expect(playTypesOf(betTypesOf('K3'))).toEqual(['Tradition', 'Entertainment']);
    expect(playTypesOf(betTypesOf('PK10'))).toEqual(['Entertainment']);
    expect(playTypesOf(betTypesOf('X11X5'))).toEqual(['Tradition']);
    expect(playTypesOf(betTypesOf('VNN'))).toEqual(['Tradition']);
  });
  it('the ball number (Entertainment) and fixed place (Tradition) are one bet: same odds, same wins', () => {
    expect(odds('SSC_BALL')).toBe(odds('SSC_FIXED_PLACE'));
    expect(win('SSC_BALL', [[1], [], [], [], [5]], [1, 2, 3, 4, 5])).toBe(
      win('SSC_FIXED_PLACE', [[1], [], [], [], [5]], [1, 2, 3, 4, 5]),
    );
    expect(win('SSC_BALL', [[1], [], [], [], [5]], [1, 2, 3, 4, 5])).toBe(2 * 975);
  });
});

describe('prize mode ZY: the two-sided board at the game’s fixed odds', () => {
  it('sells only the Entertainment bet types; Lott and Elott sell every one', () => {
    expect(betTypesOf('SSC', 'ZY').map((each) => each.code)).toEqual([
      'SSC_BALL',
      'SSC_BSOE',
      'SSC_SUM',
      'SSC_SUM_BSOE',
      'SSC_DRAGON_TIGER',
    ]);
    expect(betTypesOf('K3', 'ZY').map((each) => each.code)).toEqual(['K3_SUM', 'K3_BSOE']);
    expect(betTypesOf('X11X5', 'ZY')).toEqual([]);
    expect(betTypesOf('SSC', 'Elott')).toEqual(betTypesOf('SSC'));
    expect(soldUnder(rule('SSC_STRAIGHT_FIRST2'), 'ZY')).toBe(false);
    expect(soldUnder(rule('SSC_STRAIGHT_FIRST2'), 'Elott')).toBe(true);
    expect([hasFixedOdds('ZY'), hasFixedOdds('Elott'), hasFixedOdds('Lott')]).toEqual([true, false, false]);
  });
  it('pays the market’s two-sided prices at 1980 (0.99 / p): 1.98, 9.9, 2.2 and 9.9 on a tie, K3 sum 3 → 213.84', () => {
    const zy = (code: string, option: number | null = null) =>
      oddsTable(rule(code), ZY_PRIZE_GROUP).find((entry) => entry.option === option)!.odds;
    expect(ZY_PRIZE_GROUP).toBe(1980);
    expect(zy('SSC_BSOE')).toBe(19800);
    expect(zy('SSC_SUM_BSOE')).toBe(19800);
    expect(zy('SSC_BALL')).toBe(99000);
    expect(zy('SSC_DRAGON_TIGER', DRAGON_TIGER.DRAGON)).toBe(22000);
    expect(zy('SSC_DRAGON_TIGER', DRAGON_TIGER.TIE)).toBe(99000);
    expect(zy('K3_SUM', 3)).toBe(2_138_400);
    expect(zy('K3_SUM', 10)).toBe(79200); // 0.99 × 216 / 27
    expect(zy('PK10_TOP2_SUM', 11)).toBe(89100); // 0.99 × 90 / 10
    expect(zy('PK10_POSITION')).toBe(99000);
    // ₱10 on big, ball 1 = 7: ₱19.80 back.
    expect(
      settleBet(rule('SSC_BSOE'), [[SIDE.BIG], [], [], [], []], [7, 0, 0, 0, 0], ZY_PRIZE_GROUP, 1000, 1).winAmount,
    ).toBe(1980);
  });
});

describe('play type names in links', () => {
  it("reads the full names in any case and the spec's short forms, nothing else", () => {
    expect(['Tradition', 'entertainment', ' trad ', 'ENT', 'tra'].map(playTypeNamed)).toEqual([
      'Tradition',
      'Entertainment',
      'Tradition',
      'Entertainment',
      'Tradition',
    ]);
    expect(['', 'tr', 'x', 'traditional', null, undefined].map(playTypeNamed)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
