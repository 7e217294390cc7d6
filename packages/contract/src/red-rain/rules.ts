/** What qualifies a member for an event: nothing, or deposits or valid turnover since `qualifyFrom`. */
export const RED_RAIN_QUALIFICATIONS = ['none', 'deposit', 'turnover'] as const;
export type RedRainQualification = (typeof RED_RAIN_QUALIFICATIONS)[number];

export const RED_RAIN_STATUSES = ['upcoming', 'live', 'ended', 'cancelled'] as const;
export type RedRainStatus = (typeof RED_RAIN_STATUSES)[number];

/**
 * The split of a red-envelope rain's budget into its envelopes, decided once when the event
 * starts: every envelope between `min` and `max` minor units, their sum exactly the budget. Each
 * amount is drawn uniformly between the least it may be (so the rest can still reach the budget
 * under `max`) and the least of `max`, twice the mean of what is left, and what leaves `min` for
 * every envelope after it ("double mean"); the amounts are then shuffled, so the order of grabs
 * favours no one. `random(n)` answers an integer in [0, n) (crypto.randomInt on the server).
 */
export function splitBudget(
  budget: number,
  count: number,
  bounds: { min: number; max: number },
  random: (n: number) => number,
): number[] {
  const problem = splitProblem(budget, count, bounds);
  if (problem) throw new Error(problem);
  const amounts: number[] = [];
  let left = budget;
  for (let k = count; k > 0; k -= 1) {
    if (k === 1) {
      amounts.push(left);
      break;
    }
    const low = Math.max(bounds.min, left - (k - 1) * bounds.max);
    const high = Math.min(bounds.max, left - (k - 1) * bounds.min, Math.floor((2 * left) / k));
    const amount = low + random(high - low + 1);
    amounts.push(amount);
    left -= amount;
  }
  for (let i = amounts.length - 1; i > 0; i -= 1) {
    const j = random(i + 1);
    [amounts[i], amounts[j]] = [amounts[j]!, amounts[i]!];
  }
  return amounts;
}

/** Why a budget cannot be split so, or null: whole numbers, min ≥ 1, count × min ≤ budget ≤ count × max. */
export function splitProblem(budget: number, count: number, bounds: { min: number; max: number }): string | null {
  if (![budget, count, bounds.min, bounds.max].every(Number.isSafeInteger)) return 'amounts are whole minor units';
  if (count < 1) return 'at least one envelope';
  if (bounds.min < 1) return 'every envelope holds at least 1 centavo';
  if (bounds.max < bounds.min) return 'the largest envelope is below the smallest';
  if (count * bounds.min > budget) return 'the budget cannot give every envelope its minimum';
  if (count * bounds.max < budget) return 'the envelopes at their maximum do not reach the budget';
  return null;
}
