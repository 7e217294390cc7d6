import { describe, expect, it } from 'vitest';
import { DEFAULT_CHASE_PLAN } from '../components/Chase';
import { chaseDrawsAllowed, planWithin } from './chasePlan';

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
