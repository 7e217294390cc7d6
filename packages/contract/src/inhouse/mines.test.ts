import { describe, expect, it } from 'vitest';
import { simulationRandom, type RandomInt } from './fairness';
import {
  minesExactRtp,
  minesMultiplier,
  minesMultiplierTable,
  minesPayout,
  minesSafeCells,
  minesSurvivalChance,
  placeMines,
  simulateMinesRound,
  MINES_CELL_COUNT,
  MINES_MAX_MINES,
  MINES_MIN_MINES,
  MINES_MULTIPLIER_SCALE,
  MINES_STATED_RTP,
} from './mines';
import { mineCellsFromSeeds } from './verify';

describe('mines: multipliers', () => {
  it('pays 97 % of the inverse chance, rounded down to 1/10,000', () => {
    expect(minesMultiplier(1, 1)).toBe(10104); // 0.97 × 25/24 = 1.010416…
    expect(minesMultiplier(24, 1)).toBe(242500); // 0.97 × 25
    expect(minesMultiplier(3, 5)).toBe(19570); // 0.97 × (25·24·23)/(20·19·18) = 1.95701…
    expect(minesMultiplier(1, 24)).toBe(242500); // 0.97 × C(25,24)/C(24,24)
    expect(minesMultiplier(12, 13)).toBe(Math.floor(0.97 * 5_200_300 * MINES_MULTIPLIER_SCALE)); // C(25,13)/C(13,13)
    expect(minesMultiplier(5, 0)).toBe(0);
  });

  it('returns at most 97 % and within 0.0001 ÷ multiplier of it for every mines count and reveal count', () => {
    const table = minesMultiplierTable();
    for (let mines = MINES_MIN_MINES; mines <= MINES_MAX_MINES; mines += 1) {
      expect(table[mines]).toHaveLength(minesSafeCells(mines) + 1);
      for (let reveals = 1; reveals <= minesSafeCells(mines); reveals += 1) {
        const rtp = minesExactRtp(mines, reveals);
        expect(rtp).toBeLessThanOrEqual(MINES_STATED_RTP + 1e-12);
        expect(rtp).toBeGreaterThan(
          MINES_STATED_RTP - MINES_MULTIPLIER_SCALE ** -1 / (table[mines]![reveals]! / MINES_MULTIPLIER_SCALE) - 1e-12,
        );
        expect(table[mines]![reveals]!).toBeGreaterThan(table[mines]![reveals - 1]!);
      }
    }
  });

  it('refuses impossible mines and reveal counts', () => {
    expect(() => minesMultiplier(0, 1)).toThrow(RangeError);
    expect(() => minesMultiplier(25, 1)).toThrow(RangeError);
    expect(() => minesMultiplier(3, 23)).toThrow(RangeError);
    expect(() => minesMultiplier(3, -1)).toThrow(RangeError);
  });

  it('rounds a cash-out to the nearest centavo, half up', () => {
    expect(minesPayout(100, 10104)).toBe(101); // 101.04
    expect(minesPayout(100, 19570)).toBe(196); // 195.70
    expect(minesPayout(1000, 10104)).toBe(1010); // 1010.4
    expect(minesPayout(5000, 10001)).toBe(5001); // 5000.5: half a centavo rounds up
    expect(minesPayout(100, 10049)).toBe(100); // 100.49
  });

  it('pays exactly for any bet and multiplier, also past 2^53 where floating point rounds', () => {
    expect(minesPayout(89_057_460, 28_152_733_758)).toBe(250_721_096_054_373);
    const largest = minesMultiplier(12, 13);
    expect(minesPayout(1_000_000, largest)).toBe(Number((1_000_000n * BigInt(largest) + 5_000n) / 10_000n));
  });
});

describe('mines: placing the mines', () => {
  it('is a Fisher–Yates shuffle: 24 draws from 25, 24, … 2, the first cells are mines', () => {
    const asked: number[] = [];
    const lowest: RandomInt = (n) => {
      asked.push(n);
      return 0;
    };
    // j = 0 every time: cell i swaps with cell 0, so cell 0 ends at the end and 24, 0… rotate in.
    const mines = placeMines(lowest, 3);
    expect(asked).toEqual(Array.from({ length: 24 }, (_, index) => 25 - index));
    expect(mines).toHaveLength(3);
    const highest: RandomInt = (n) => n - 1; // j = i: nothing moves
    expect(placeMines(highest, 4)).toEqual([0, 1, 2, 3]);
  });

  it('puts each cell under a mine equally often (chi-square over 25 cells)', () => {
    const int = simulationRandom(9);
    const counts = new Array<number>(MINES_CELL_COUNT).fill(0);
    const layouts = 50_000;
    for (let layout = 0; layout < layouts; layout += 1) for (const cell of placeMines(int, 5)) counts[cell]! += 1;
    const expected = (layouts * 5) / MINES_CELL_COUNT;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(51.2); // 24 degrees of freedom, 0.1 % critical value
  });

  it('recomputes the same mines from the same seeds', async () => {
    const seeds = {
      serverSeed: 'a3f1c9e07b5d24681f0e9c3b7a2d5e8f4c1b6a9d0e3f7a2b5c8d1e4f7a0b3c6d',
      clientSeed: 'lucky-isla',
      nonce: 4,
    };
    const cells = await mineCellsFromSeeds(seeds, 6);
    expect(cells).toHaveLength(6);
    expect(new Set(cells).size).toBe(6);
    expect(await mineCellsFromSeeds(seeds, 6)).toEqual(cells);
    // Fewer mines are the first of the same shuffle.
    expect((await mineCellsFromSeeds(seeds, 24)).filter((cell) => cells.includes(cell))).toEqual(cells);
  });
});

describe('mines: return to player by simulation', () => {
  for (const [mines, reveals] of [
    [3, 5],
    [10, 3],
  ] as const) {
    it(`${mines} mines, ${reveals} reveals then cash out: within 5 standard errors of the exact RTP (200,000 rounds)`, () => {
      const int = simulationRandom(mines * 100 + reveals);
      const rounds = 200_000;
      let sum = 0;
      let sumOfSquares = 0;
      for (let round = 0; round < rounds; round += 1) {
        const payout = simulateMinesRound(int, mines, reveals) / MINES_MULTIPLIER_SCALE;
        sum += payout;
        sumOfSquares += payout * payout;
      }
      const mean = sum / rounds;
      const standardError = Math.sqrt((sumOfSquares / rounds - mean * mean) / (rounds - 1));
      expect(minesSurvivalChance(mines, reveals)).toBeGreaterThan(0.1);
      expect(Math.abs(mean - minesExactRtp(mines, reveals))).toBeLessThan(5 * standardError);
      expect(Math.abs(minesExactRtp(mines, reveals) - MINES_STATED_RTP)).toBeLessThan(0.0001);
    }, 120_000);
  }
});
