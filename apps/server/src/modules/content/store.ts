import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { announceChange } from '../../platform/cache/change-feed';
import type { Queryable } from '../../platform/db/database';
import {
  announcements,
  helpArticles,
  helpCategories,
  userAgreements,
  type AnnouncementRow,
  type HelpArticleRow,
  type HelpCategoryRow,
  type LocalisedText,
  type NewAnnouncementRow,
  type UserAgreementRow,
} from './schema';

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

/** Every announcement of a merchant, active or not, newest first: the operator's list. */
export function listAllAnnouncements(q: Queryable, merchantId: number): Promise<AnnouncementRow[]> {
  return q
    .select()
    .from(announcements)
    .where(eq(announcements.merchantId, merchantId))
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
    .limit(MAX_ACTIVE_READ);
}

export async function insertAnnouncement(q: Queryable, row: NewAnnouncementRow): Promise<AnnouncementRow> {
  const [inserted] = await q.insert(announcements).values(row).returning();
  await announceChange(q, contentTopic(row.merchantId));
  return inserted!;
}

export type AnnouncementChanges = Partial<
  Pick<
    NewAnnouncementRow,
    'groupName' | 'title' | 'content' | 'imageUrl' | 'link' | 'sortOrder' | 'publishedAt' | 'expiresAt' | 'active'
  >
>;

export async function updateAnnouncement(
  q: Queryable,
  merchantId: number,
  id: number,
  changes: AnnouncementChanges,
): Promise<AnnouncementRow | undefined> {
  const [row] = await q
    .update(announcements)
    .set(changes)
    .where(and(eq(announcements.merchantId, merchantId), eq(announcements.id, id)))
    .returning();
  if (row) await announceChange(q, contentTopic(merchantId));
  return row;
}

export async function deleteAnnouncement(q: Queryable, merchantId: number, id: number): Promise<boolean> {
  const deleted = await q
    .delete(announcements)
    .where(and(eq(announcements.merchantId, merchantId), eq(announcements.id, id)))
    .returning({ id: announcements.id });
  if (deleted.length > 0) await announceChange(q, contentTopic(merchantId));
  return deleted.length > 0;
}

/** The topic a change to a merchant's help centre or agreements is announced under (cache.ts listens). */
export function pagesTopic(merchantId: number): string {
  return `content-pages:merchant:${merchantId}`;
}

export function listHelpCategories(q: Queryable, merchantId: number): Promise<HelpCategoryRow[]> {
  return q
    .select()
    .from(helpCategories)
    .where(eq(helpCategories.merchantId, merchantId))
    .orderBy(asc(helpCategories.sortOrder), asc(helpCategories.id));
}

export function listActiveHelpArticles(q: Queryable, merchantId: number): Promise<HelpArticleRow[]> {
  return q
    .select()
    .from(helpArticles)
    .where(and(eq(helpArticles.merchantId, merchantId), eq(helpArticles.active, true)))
    .orderBy(asc(helpArticles.sortOrder), asc(helpArticles.id));
}

export function listAllHelpArticles(q: Queryable, merchantId: number): Promise<HelpArticleRow[]> {
  return q
    .select()
    .from(helpArticles)
    .where(eq(helpArticles.merchantId, merchantId))
    .orderBy(asc(helpArticles.categoryId), asc(helpArticles.sortOrder), asc(helpArticles.id));
}

/** The category of this key, made with `title` when the merchant has none yet. */
export async function ensureHelpCategory(
  q: Queryable,
  merchantId: number,
  key: string,
  title: LocalisedText,
  sortOrder: number,
): Promise<HelpCategoryRow> {
  const [made] = await q
    .insert(helpCategories)
    .values({ merchantId, key, title, sortOrder })
    .onConflictDoNothing({ target: [helpCategories.merchantId, helpCategories.key] })
    .returning();
  if (made) {
    await announceChange(q, pagesTopic(merchantId));
    return made;
  }
  const [existing] = await q
    .select()
    .from(helpCategories)
    .where(and(eq(helpCategories.merchantId, merchantId), eq(helpCategories.key, key)));
  return existing!;
}

export async function findHelpCategory(
  q: Queryable,
  merchantId: number,
  key: string,
): Promise<HelpCategoryRow | undefined> {
  const [row] = await q
    .select()
    .from(helpCategories)
    .where(and(eq(helpCategories.merchantId, merchantId), eq(helpCategories.key, key)));
  return row;
}

export async function insertHelpArticle(
  q: Queryable,
  row: typeof helpArticles.$inferInsert,
): Promise<HelpArticleRow | undefined> {
  const [inserted] = await q
    .insert(helpArticles)
    .values(row)
    .onConflictDoNothing({ target: [helpArticles.merchantId, helpArticles.seedKey] })
    .returning();
  if (inserted) await announceChange(q, pagesTopic(row.merchantId));
  return inserted;
}

export async function updateHelpArticle(
  q: Queryable,
  merchantId: number,
  id: number,
  changes: Partial<Pick<HelpArticleRow, 'title' | 'content' | 'sortOrder' | 'active'>>,
): Promise<HelpArticleRow | undefined> {
  const [row] = await q
    .update(helpArticles)
    .set(changes)
    .where(and(eq(helpArticles.merchantId, merchantId), eq(helpArticles.id, id)))
    .returning();
  if (row) await announceChange(q, pagesTopic(merchantId));
  return row;
}

/** Every version of the merchant's terms, newest first. */
export function listAgreements(q: Queryable, merchantId: number): Promise<UserAgreementRow[]> {
  return q
    .select()
    .from(userAgreements)
    .where(eq(userAgreements.merchantId, merchantId))
    .orderBy(desc(userAgreements.version));
}

/**
 * The next version of the terms. The version is the merchant's highest plus one, computed in the
 * insert itself; two operators publishing at once collide on the primary key and one is refused.
 */
export async function insertAgreement(
  q: Queryable,
  row: Omit<typeof userAgreements.$inferInsert, 'version'>,
): Promise<UserAgreementRow> {
  const [inserted] = await q
    .insert(userAgreements)
    .values({
      ...row,
      version: sql<number>`(select coalesce(max(${userAgreements.version}), 0) + 1 from ${userAgreements} where ${userAgreements.merchantId} = ${row.merchantId})`,
    })
    .returning();
  await announceChange(q, pagesTopic(row.merchantId));
  return inserted!;
}

/** The version in force at `now`: the highest already published. */
export async function agreementVersionAt(q: Queryable, merchantId: number, now: Date): Promise<number | null> {
  const [row] = await q
    .select({ version: userAgreements.version })
    .from(userAgreements)
    .where(and(eq(userAgreements.merchantId, merchantId), lte(userAgreements.publishedAt, now)))
    .orderBy(desc(userAgreements.version))
    .limit(1);
  return row?.version ?? null;
}
