import { and, desc, eq } from 'drizzle-orm';
import { announceChange } from '../../platform/cache/change-feed';
import type { Queryable } from '../../platform/db/database';
import { announcements, type AnnouncementRow, type NewAnnouncementRow } from './schema';

/**
 * The most a merchant keeps active at once, as far as readers are concerned: the newest this many
 * are read (a screen shows at most 200 of a kind), so a bad row count cannot flood the memory.
 */
const MAX_ACTIVE_READ = 2000;

/**
 * A merchant's active announcements of every type, platform and group, published or scheduled, in
 * the home's order (sort order, then newest first). Readers filter them in memory (service.ts):
 * the whole set is small and the same for every player of the merchant.
 */
export async function listActiveAnnouncements(q: Queryable, merchantId: number): Promise<AnnouncementRow[]> {
  const newest = await q
    .select()
    .from(announcements)
    .where(and(eq(announcements.merchantId, merchantId), eq(announcements.active, true)))
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
    .limit(MAX_ACTIVE_READ);
  return newest.sort(
    (a, b) => a.sortOrder - b.sortOrder || b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id,
  );
}

/** The topic a change to a merchant's announcements is announced under (cache.ts listens). */
export function contentTopic(merchantId: number): string {
  return `content:merchant:${merchantId}`;
}

/** Every merchant whose rows these are hears of the change on commit (their cached lists start over). */
async function announceChanged(q: Queryable, rows: readonly NewAnnouncementRow[]): Promise<void> {
  for (const merchantId of new Set(rows.map((row) => row.merchantId)))
    await announceChange(q, contentTopic(merchantId));
}

export async function insertAnnouncements(q: Queryable, rows: NewAnnouncementRow[]): Promise<void> {
  if (rows.length === 0) return;
  await q.insert(announcements).values(rows);
  await announceChanged(q, rows);
}

/** Seed rows carry a seed key; a row whose key exists already is skipped, edited or not. */
export async function insertSeedAnnouncements(q: Queryable, rows: NewAnnouncementRow[]): Promise<void> {
  if (rows.length === 0) return;
  await q
    .insert(announcements)
    .values(rows)
    .onConflictDoNothing({ target: [announcements.merchantId, announcements.seedKey] });
  await announceChanged(q, rows);
}
