/**
 * Money rules that both apps need, said once: the server decides with them, and the web app
 * previews with them while the player types (the fee of a deposit, whether an amount is in range)
 * so its feedback is what the server will say. Zod-free, so the web bundle can import it. Amounts
 * are integer centavos, as bigint on the server and number in the browser; each rule takes either.
 */

export type Centavos = number | bigint;

/** A channel's fee: basis points of the amount plus a fixed part. */
export interface FeeRule<T extends Centavos> {
  feeBasisPoints: number;
  feeFixed: T;
}

/** What the member pays the channel: ceil(amount × bps / 10000) + fixed, so the platform never rounds in its own disfavour. */
export function depositFee<T extends Centavos>(amount: T, rule: FeeRule<T>): T {
  const fee = (BigInt(amount) * BigInt(rule.feeBasisPoints) + 9_999n) / 10_000n + BigInt(rule.feeFixed);
  return (typeof amount === 'bigint' ? fee : Number(fee)) as T;
}

/** The turnover a credit requires: percent of the amount (100 = bet it once), rounded up to the centavo. */
export function requiredTurnover<T extends Centavos>(baseAmount: T, percent: number): T {
  const required = (BigInt(baseAmount) * BigInt(percent) + 99n) / 100n;
  return (typeof baseAmount === 'bigint' ? required : Number(required)) as T;
}

export interface AmountLimits<T extends Centavos> {
  minAmount: T;
  maxAmount: T;
}

/** Which end of the range an amount is outside of, or null when it is inside (both ends are allowed). */
export function amountOutsideLimits<T extends Centavos>(amount: T, limits: AmountLimits<T>): 'below' | 'above' | null {
  if (amount < limits.minAmount) return 'below';
  if (amount > limits.maxAmount) return 'above';
  return null;
}

/**
 * A server amount (bigint) as the wire carries it, a JSON number: exact up to 2^53 − 1 centavos
 * (₱90 trillion). Past that it refuses (a RangeError, a 500) rather than send a rounded amount — as
 * the response schemas' safe integers (ZCentavos) refuse it. Where a figure has no bound below that
 * (a jackpot pool grows until someone wins it), the money stays exact in the database and the
 * ledger; only showing it fails.
 */
export function wireCentavos(amount: bigint): number {
  if (amount > BigInt(Number.MAX_SAFE_INTEGER) || amount < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError(`${amount} centavos is past what a JSON number carries exactly (2^53)`);
  return Number(amount);
}
