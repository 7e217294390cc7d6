/**
 * The previous winning number as the menu shows it (spec §2): split by '~', the first part
 * comma-separated, and its first number shown digit by digit. "3,8,1,0,6" → balls 3 8 1 0 6 (each
 * number one digit); "12345,5678~…" (the Vietnamese draw, ĐB first) → balls 1 2 3 4 5 of ĐB.
 */
export interface PreviousNumberView {
  /** The balls drawn on the item: the first number's digits, or every number when each is a single ball. */
  balls: string[];
  /** The whole first part as read aloud ("3, 8, 1, 0, 6"), for the item's label. */
  spoken: string;
}

export function previousNumberView(previousWinningNumber: string): PreviousNumberView | null {
  const firstPart = previousWinningNumber.split('~')[0]?.trim() ?? '';
  if (!firstPart) return null;
  const numbers = firstPart
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (numbers.length === 0) return null;
  // One number per position (5D, Fast 3, PK10, 11x5) shows every number as a ball; a multi-digit
  // first number (the special prize) shows its digits one ball each.
  const balls = numbers.length > 1 ? numbers : [...numbers[0]!];
  return { balls, spoken: numbers.join(', ') };
}
