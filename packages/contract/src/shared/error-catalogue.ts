/**
 * The shape of every area's error catalogue (`<area>/errors.ts`): each code the area answers with,
 * its HTTP status and the i18n key of the player's text table (spec §8). The server answers a code
 * with its status, the web shows its text; both read them from here, so a code is written once.
 */
export interface ErrorEntry {
  status: number;
  i18nKey: string;
}

export type ErrorCatalogue<Code extends string> = Record<Code, ErrorEntry>;

/** One field of every entry of a catalogue, by code: its statuses or its i18n keys. */
export function fieldByCode<Code extends string, Field extends keyof ErrorEntry>(
  catalogue: ErrorCatalogue<Code>,
  field: Field,
): Record<Code, ErrorEntry[Field]> {
  return Object.fromEntries(
    Object.entries<ErrorEntry>(catalogue).map(([code, entry]) => [code, entry[field]]),
  ) as Record<Code, ErrorEntry[Field]>;
}
