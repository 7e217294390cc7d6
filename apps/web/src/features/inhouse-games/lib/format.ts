/** "96.13%" from 0.9613: the stated return to player as the paytable says it. */
export function formatPercent(fraction: number): string {
  return `${(Math.round(fraction * 10_000) / 100).toFixed(2)}%`;
}

/** "×1.21" from 12125 ten-thousandths: a mines multiplier, two decimals (payouts are exact in money). */
export function formatMultiplier(value: number, scale: number): string {
  return `×${(value / scale).toFixed(2)}`;
}
