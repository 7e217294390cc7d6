import { chaseDrawStake, chaseMultipliers, chaseTotal } from '@palaro/contract';

/**
 * A chase as the player sets it: how many draws, the multiplier of the first, whether it doubles
 * every `every` draws (factor 2) or stays (factor 1), and whether a win stops the rest.
 */
export interface ChasePlan {
  draws: number;
  start: number;
  factor: 1 | 2;
  every: number;
  stopOnWin: boolean;
}

export const DEFAULT_CHASE_PLAN: ChasePlan = { draws: 10, start: 1, factor: 1, every: 2, stopOnWin: true };

/** The multiplier of each draw of the plan (the contract's progression, capped at MAX_MULTIPLIER). */
export function planMultipliers(plan: ChasePlan): number[] {
  return chaseMultipliers({ draws: plan.draws, start: plan.start, factor: plan.factor, every: plan.every });
}

/** What the plan debits: the first draw now, every draw together, for a slip of `slipStake` at ×1. */
export function planCost(plan: ChasePlan, slipStake: number): { first: number; total: number; multipliers: number[] } {
  const multipliers = planMultipliers(plan);
  return {
    first: chaseDrawStake(slipStake, multipliers[0] ?? 1),
    total: chaseTotal(slipStake, multipliers),
    multipliers,
  };
}

/** The most draws a game lets a chase run: its own limit, and at least the draw on sale. */
export function chaseDrawsAllowed(maxChaseDraws: number): number {
  return Math.max(1, maxChaseDraws);
}

/** The plan within the game's longest chase: a plan set on a game that allows more is cut, not refused. */
export function planWithin(plan: ChasePlan, maxChaseDraws: number): ChasePlan {
  return { ...plan, draws: Math.min(plan.draws, chaseDrawsAllowed(maxChaseDraws)) };
}
