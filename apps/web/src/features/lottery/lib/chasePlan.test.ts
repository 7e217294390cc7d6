import { describe, expect, it } from 'vitest';
import { chaseDrawsAllowed, DEFAULT_CHASE_PLAN, planCost, planWithin } from './chasePlan';

describe('a chase plan’s cost', () => {
  it('costs each draw the slip times its multiplier, the first taken now', () => {
    // ₱8 slip, 5 draws from ×1 doubling every 2: 1 1 2 2 4 → 8 + 8 + 16 + 16 + 32 = ₱80.
    expect(planCost({ draws: 5, start: 1, factor: 2, every: 2, stopOnWin: false }, 800)).toEqual({
      first: 800,
      total: 8000,
      multipliers: [1, 1, 2, 2, 4],
    });
    expect(planCost({ draws: 3, start: 2, factor: 1, every: 1, stopOnWin: true }, 500).total).toBe(3000);
  });
});

describe('a chase plan within the game’s limit', () => {
  it('cuts the draws to the game’s longest chase and keeps a shorter plan as it is', () => {
    expect(planWithin({ ...DEFAULT_CHASE_PLAN, draws: 50 }, 20)).toEqual({ ...DEFAULT_CHASE_PLAN, draws: 20 });
    expect(planWithin({ ...DEFAULT_CHASE_PLAN, draws: 5 }, 120)).toEqual({ ...DEFAULT_CHASE_PLAN, draws: 5 });
  });

  it('always allows the draw on sale, even on a game that allows no chase', () => {
    expect(chaseDrawsAllowed(0)).toBe(1);
    expect(planWithin(DEFAULT_CHASE_PLAN, 0).draws).toBe(1);
  });
});
