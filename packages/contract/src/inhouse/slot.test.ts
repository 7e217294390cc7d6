import { describe, expect, it } from 'vitest';
import { simulationRandom, type RandomInt } from './fairness';
import {
  evaluateLine,
  evaluateSpin,
  gridForStops,
  playSlotRound,
  slotExactRtp,
  slotRoundLineBets,
  slotWinAmount,
  SLOT_BET_STEPS,
  SLOT_LINE_COUNT,
  SLOT_MAX_FREE_SPINS,
  SLOT_PAYLINES,
  SLOT_REELS,
  SLOT_STATED_RTP,
  type SlotSymbol,
} from './slot';
import { slotRoundFromSeeds } from './verify';

/** Stops showing no scatter on any reel (checked below). */
const PLAIN_STOPS = [0, 0, 0, 0, 0];

/** The stop of `reel` that shows its first PEARL in `row`. */
function pearlStop(reel: number, row: number): number {
  const strip = SLOT_REELS[reel]!;
  return (strip.indexOf('PEARL') - row + strip.length) % strip.length;
}

/** A RandomInt that replays given spins' stops, in order. */
function scripted(spins: number[][]): RandomInt {
  const queue = spins.flat();
  return () => {
    const next = queue.shift();
    if (next === undefined) throw new Error('the script ran out');
    return next;
  };
}

describe('slot: the tables', () => {
  it('has 5 reels of 3 rows, 20 distinct paylines, wilds only on reels 2–5 and bets in whole line bets', () => {
    expect(SLOT_REELS).toHaveLength(5);
    expect(SLOT_LINE_COUNT).toBeGreaterThanOrEqual(20);
    expect(new Set(SLOT_PAYLINES.map((rows) => rows.join(''))).size).toBe(SLOT_LINE_COUNT);
    expect(SLOT_REELS[0]).not.toContain('SUN');
    for (const strip of SLOT_REELS.slice(1)) expect(strip).toContain('SUN');
    for (const bet of SLOT_BET_STEPS) expect(bet % SLOT_LINE_COUNT).toBe(0);
    expect(gridForStops(PLAIN_STOPS).flat()).not.toContain('PEARL');
  });

  it('states the RTP its tables give exactly (to two decimals of a percent)', () => {
    const rtp = slotExactRtp();
    expect(rtp.total).toBeCloseTo(rtp.lines + rtp.scatters + rtp.freeSpins, 12);
    expect(Math.abs(rtp.total - SLOT_STATED_RTP)).toBeLessThan(0.00005);
  });
});

describe('slot: line evaluation', () => {
  const line = (...symbols: SlotSymbol[]) => evaluateLine(symbols);

  it('pays 3, 4 and 5 of a kind from the first reel, in line bets', () => {
    expect(line('EAGLE', 'EAGLE', 'EAGLE', 'SHELL', 'EAGLE')).toEqual({ symbol: 'EAGLE', count: 3, lineBets: 30 });
    expect(line('SHELL', 'SHELL', 'SHELL', 'SHELL', 'SHELL')).toEqual({ symbol: 'SHELL', count: 5, lineBets: 30 });
    expect(line('MANGO', 'MANGO', 'COCONUT', 'MANGO', 'MANGO')).toBeNull();
    expect(line('COCONUT', 'MANGO', 'MANGO', 'MANGO', 'MANGO')).toBeNull();
  });

  it('lets the wild stand for the first reel’s symbol anywhere in the run', () => {
    expect(line('EAGLE', 'SUN', 'EAGLE', 'SUN', 'SHELL')).toEqual({ symbol: 'EAGLE', count: 4, lineBets: 120 });
    expect(line('SHELL', 'SUN', 'SUN', 'SUN', 'SUN')).toEqual({ symbol: 'SHELL', count: 5, lineBets: 30 });
    expect(line('TARSIER', 'SUN', 'SUN', 'JEEPNEY', 'TARSIER')).toEqual({ symbol: 'TARSIER', count: 3, lineBets: 25 });
  });

  it('never makes a line of scatters, nor lets the wild stand for one', () => {
    expect(line('PEARL', 'PEARL', 'PEARL', 'PEARL', 'PEARL')).toBeNull();
    expect(line('PEARL', 'SUN', 'SUN', 'SUN', 'SUN')).toBeNull();
    expect(line('MANGO', 'PEARL', 'MANGO', 'MANGO', 'MANGO')).toBeNull();
  });
});

describe('slot: scatters and free spins', () => {
  it('pays scatters anywhere in view and awards free spins by their number', () => {
    const three = evaluateSpin([pearlStop(0, 0), 0, pearlStop(2, 2), 0, pearlStop(4, 1)], 1);
    expect(three.scatterCount).toBe(3);
    expect(three.scatterLineBets).toBe(2 * SLOT_LINE_COUNT);
    expect(three.freeSpinsAwarded).toBe(10);
    const five = evaluateSpin(
      [0, 1, 2, 0, 1].map((row, reel) => pearlStop(reel, row)),
      3,
    );
    expect(five.scatterCount).toBe(5);
    expect(five.scatterLineBets).toBe(50 * SLOT_LINE_COUNT * 3);
    expect(five.freeSpinsAwarded).toBe(20);
    const two = evaluateSpin([pearlStop(0, 0), pearlStop(1, 1), 0, 0, 0], 1);
    expect([two.scatterCount, two.scatterLineBets, two.freeSpinsAwarded]).toEqual([2, 0, 0]);
  });

  it('plays the awarded free spins in the same round, tripled, and retriggers them', () => {
    const trigger = [pearlStop(0, 0), pearlStop(1, 1), pearlStop(2, 2), 0, 0];
    const round = playSlotRound(scripted([trigger, trigger, ...Array.from({ length: 19 }, () => PLAIN_STOPS)]));
    expect(round.base.freeSpinsAwarded).toBe(10);
    expect(round.freeSpins).toHaveLength(20);
    expect(round.freeSpins.every((spin) => spin.multiplier === 3)).toBe(true);
    expect(round.freeSpins[0]!.scatterLineBets).toBe(2 * SLOT_LINE_COUNT * 3);
    expect(round.lineBets).toBe(round.base.lineBets + round.freeSpins.reduce((sum, spin) => sum + spin.lineBets, 0));
  });

  it('stops at 250 free spins however often they retrigger', () => {
    const five = [0, 1, 2, 0, 1].map((row, reel) => pearlStop(reel, row));
    const round = playSlotRound(scripted(Array.from({ length: 1 + SLOT_MAX_FREE_SPINS }, () => five)));
    expect(round.freeSpins).toHaveLength(SLOT_MAX_FREE_SPINS);
  });

  it('the fast simulation path and the full round agree round for round', () => {
    const full = simulationRandom(7);
    const fast = simulationRandom(7);
    const rounds = Array.from({ length: 10_000 }, () => [slotRoundLineBets(fast), playSlotRound(full).lineBets]);
    expect(rounds.filter(([quick, slow]) => quick !== slow)).toEqual([]);
    expect(rounds.some(([quick]) => quick! > 0)).toBe(true);
  }, 60_000);

  it('turns line bets into centavos for every bet step', () => {
    expect(slotWinAmount(100, 30)).toBe(150);
    expect(slotWinAmount(2000, 1)).toBe(100);
  });

  it('recomputes a round from its seeds the same way every time', async () => {
    const seeds = {
      serverSeed: 'a3f1c9e07b5d24681f0e9c3b7a2d5e8f4c1b6a9d0e3f7a2b5c8d1e4f7a0b3c6d',
      clientSeed: 'lucky-isla',
      nonce: 0,
    };
    const round = await slotRoundFromSeeds(seeds);
    expect(round.base.stops).toEqual([
      0x96e406b6 % 29,
      0xb6b9ea62 % 32,
      0x36491d65 % 33,
      0xb32be210 % 33,
      0x32d7dee3 % 32,
    ]);
    expect(await slotRoundFromSeeds(seeds)).toEqual(round);
    expect(await slotRoundFromSeeds({ ...seeds, nonce: 1 })).not.toEqual(round);
  });
});

describe('slot: return to player by simulation', () => {
  it('lands within 5 standard errors of the stated RTP over 1,000,000 rounds', () => {
    const int = simulationRandom(20261126);
    const rounds = 1_000_000;
    let sum = 0;
    let sumOfSquares = 0;
    for (let round = 0; round < rounds; round += 1) {
      const payout = slotRoundLineBets(int) / SLOT_LINE_COUNT;
      sum += payout;
      sumOfSquares += payout * payout;
    }
    const mean = sum / rounds;
    const standardError = Math.sqrt((sumOfSquares / rounds - mean * mean) / (rounds - 1));
    expect(Math.abs(mean - SLOT_STATED_RTP)).toBeLessThan(5 * standardError);
  }, 120_000);
});
