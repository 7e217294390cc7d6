import type { ChasePlan } from '../components/Chase';

/** The most draws a game lets a chase run: its own limit, and at least the draw on sale. */
export function chaseDrawsAllowed(maxChaseDraws: number): number {
  return Math.max(1, maxChaseDraws);
}

/** The plan within the game's longest chase: a plan set on a game that allows more is cut, not refused. */
export function planWithin(plan: ChasePlan, maxChaseDraws: number): ChasePlan {
  return { ...plan, draws: Math.min(plan.draws, chaseDrawsAllowed(maxChaseDraws)) };
}
