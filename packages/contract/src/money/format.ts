/**
 * Money on the wire is an integer number of centavos: 500.00 is 50000. Floats never
 * carry an amount; these two functions are the only way between what a player types or reads and
 * centavos, shared by the server and the web app so both round the same way (they do not round:
 * more than two decimals is not an amount).
 */

/** The largest amount a single request may carry: 1,000,000,000.00 (well inside 2^53). */
export const MAX_AMOUNT_CENTAVOS = 100_000_000_000;

/** "500", "500.5", "1,250.75" → centavos; null when it is not an amount (negative, 3 decimals, text). */
export function parseMoney(typed: string): number | null {
  const cleaned = typed.trim().replaceAll(',', '');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const centavos = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return centavos <= MAX_AMOUNT_CENTAVOS ? centavos : null;
}

/** 123456 → "1,234.56"; negative amounts keep their sign in front: -500 → "-5.00". */
export function formatMoney(centavos: number, options: { grouping?: boolean } = {}): string {
  const sign = centavos < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(centavos));
  const whole = Math.floor(absolute / 100);
  const cents = String(absolute % 100).padStart(2, '0');
  const wholeText = options.grouping === false ? String(whole) : whole.toLocaleString('en-US');
  return `${sign}${wholeText}.${cents}`;
}
