/**
 * The rebate's arithmetic, shared by the server (which pays) and the web app (which shows it). A
 * rate is in basis points (1 bp = 0.01 %, so 80 = 0.80 %); every amount is whole centavos.
 */

/** The largest rate an operator may set: 10 % of valid turnover. */
export const REBATE_MAX_RATE_BP = 1000;

/** The rebate on `turnover` centavos at `rateBp`, rounded down to a whole centavo (never negative). */
export function rebateOf(turnover: bigint, rateBp: number): bigint {
  if (turnover <= 0n || rateBp <= 0) return 0n;
  return (turnover * BigInt(Math.floor(rateBp))) / 10_000n;
}

/**
 * A member's day of rebates per category, capped: the categories in their order take what is left
 * of `dailyCap` (0 = no cap) one after the other, so the day's total never passes it. The server's
 * set-wise statement applies the same rule (categories ordered by name).
 */
export function capInOrder(amounts: readonly bigint[], dailyCap: bigint): bigint[] {
  if (dailyCap <= 0n) return amounts.map((amount) => (amount > 0n ? amount : 0n));
  let left = dailyCap;
  return amounts.map((amount) => {
    const raw = amount > 0n ? amount : 0n;
    const taken = raw < left ? raw : left;
    left -= taken;
    return taken;
  });
}

/**
 * What a payment of a (member, day, category) pays now: what is owed less what was already paid,
 * never negative (a rate lowered later never takes back what was paid), and nothing below the
 * merchant's minimum unless the day is closed and something was already paid.
 */
export function rebateDue(amount: bigint, paid: bigint, minPayout: bigint): bigint {
  const due = amount - paid;
  if (due <= 0n) return 0n;
  return due >= minPayout ? due : 0n;
}

/** A rate in basis points as a percentage for display: 80 → "0.80%". */
export function formatRate(rateBp: number): string {
  return `${(rateBp / 100).toFixed(2)}%`;
}
