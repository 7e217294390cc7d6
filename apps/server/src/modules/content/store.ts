import { and, asc, count, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { ContentPlatform, ContentType } from '@palaro/contract';
import type { Queryable } from '../../platform/db/database';
import { announcements, type AnnouncementRow, type NewAnnouncementRow } from './schema';

export interface AnnouncementFilter {
  merchantId: number;
  types: readonly ContentType[];
  platform: ContentPlatform;
  /** null selects the rows without a group (the player home); a name selects that screen's rows. */
  groupName: string | null;
  publishedBy: Date;
}

function visibleTo(filter: AnnouncementFilter) {
  return and(
    eq(announcements.merchantId, filter.merchantId),
    inArray(announcements.type, [...filter.types]),
    eq(announcements.platform, filter.platform),
    filter.groupName === null ? isNull(announcements.groupName) : eq(announcements.groupName, filter.groupName),
    eq(announcements.active, true),
    lte(announcements.publishedAt, filter.publishedBy),
  );
}

/** Hard cap per call: a screen never shows more, and a bad row count cannot flood a response. */
const MAX_LISTED = 200;

export async function listAnnouncements(q: Queryable, filter: AnnouncementFilter): Promise<AnnouncementRow[]> {
  return q
    .select()
    .from(announcements)
    .where(visibleTo(filter))
    .orderBy(asc(announcements.sortOrder), desc(announcements.publishedAt), desc(announcements.id))
    .limit(MAX_LISTED);
}

export async function pageAnnouncements(
  q: Queryable,
  filter: AnnouncementFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AnnouncementRow[]; totalCount: number }> {
  const [rows, totals] = await Promise.all([
    q
      .select()
      .from(announcements)
      .where(visibleTo(filter))
      .orderBy(desc(announcements.publishedAt), desc(announcements.id))
      .offset(page.offset)
      .limit(page.limit),
    q.select({ value: count() }).from(announcements).where(visibleTo(filter)),
  ]);
  return { rows, totalCount: totals[0]?.value ?? 0 };
}

/** Seed rows carry a seed key; a row whose key exists already is skipped, edited or not. */
export async function insertSeedAnnouncements(q: Queryable, rows: NewAnnouncementRow[]): Promise<void> {
  if (rows.length === 0) return;
  await q.insert(announcements).values(rows).onConflictDoNothing({ target: [announcements.merchantId, announcements.seedKey] });
}

export async function countAnnouncements(q: Queryable, merchantId: number): Promise<number> {
  const totals = await q.select({ value: count() }).from(announcements).where(eq(announcements.merchantId, merchantId));
  return totals[0]?.value ?? 0;
}
