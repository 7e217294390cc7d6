import { z } from 'zod';

/**
 * Trimmed, bounded text. Which characters may reach the database is one server-wide rule applied
 * to every request before validation (apps/server/src/platform/http/storable-text.ts), not here.
 */
export const text = (max: number) => z.string().trim().max(max);

/** A partial update must change something: an empty one is refused as bad input. */
export function atLeastOneChange<T extends z.ZodObject>(update: T) {
  return update.refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Nothing to change: give at least one setting',
  });
}
