/** Spec §5: "images png/jpg, max 5 MB each, max 3". */
export const FEEDBACK_MAX_IMAGES = 3;

export const FEEDBACK_CATEGORIES = ['deposit', 'withdrawal', 'games', 'account', 'suggestion', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const FEEDBACK_STATUSES = ['pending', 'answered'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/**
 * Words as a player counts them: runs of characters between spaces. The server decides the
 * merchant's bounds with it and the form counts live with it, so both agree on every text.
 */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

export function isWithinWordBounds(text: string, bounds: { minWords: number; maxWords: number }): boolean {
  const words = countWords(text);
  return words >= bounds.minWords && words <= bounds.maxWords;
}
