/**
 * The bet selector's rules: the server names the bet steps; the selector moves between them and
 * never offers a step the balance cannot pay (unless nothing is affordable: then the lowest).
 */

/** The step to start on: the remembered bet if the server still offers it, else the lowest. */
export function initialBet(steps: readonly number[], remembered: number | null): number {
  if (steps.length === 0) return 0;
  return remembered !== null && steps.includes(remembered) ? remembered : steps[0]!;
}

/** The next step up or down from `bet` (bet may be off the list after the steps changed); null at an end. */
export function stepBet(steps: readonly number[], bet: number, direction: 1 | -1): number | null {
  if (steps.length === 0) return null;
  if (direction > 0) return steps.find((step) => step > bet) ?? null;
  return [...steps].reverse().find((step) => step < bet) ?? null;
}

/** The highest step the balance pays, or the lowest step when none is affordable. */
export function highestAffordable(steps: readonly number[], balance: number): number {
  const affordable = steps.filter((step) => step <= balance);
  return affordable.length > 0 ? affordable[affordable.length - 1]! : (steps[0] ?? 0);
}

export function canAfford(bet: number, balance: number | null): boolean {
  return balance !== null && bet > 0 && bet <= balance;
}
