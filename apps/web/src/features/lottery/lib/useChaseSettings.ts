import { useState } from 'react';
import { DEFAULT_CHASE_PLAN, planCost, type ChasePlan } from './chasePlan';
import { chaseDrawsAllowed, planWithin } from './chasePlan';

/** Whether the slip is chased, and on what plan (kept within the game's longest chase), with what it costs. */
export function useChaseSettings(maxChaseDraws: number, slipStake: number) {
  const [on, setOn] = useState(false);
  const [chosen, setPlan] = useState<ChasePlan>(DEFAULT_CHASE_PLAN);
  const plan = planWithin(chosen, maxChaseDraws);
  return { on, setOn, plan, setPlan, cost: planCost(plan, slipStake), maxDraws: chaseDrawsAllowed(maxChaseDraws) };
}

export type ChaseSettings = ReturnType<typeof useChaseSettings>;
