import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import {
  promotionApplications,
  promotionGrants,
  promotionImages,
  promotionMembers,
  promotions,
  type PromotionApplicationRow,
  type PromotionGrantRow,
  type PromotionRow,
} from './schema';

const OPERATOR_LIST_LIMIT = 200;

// ── promotions ─────────────────────────────────────────────────────────────────────────────────

/** The promotions a member sees: active ones, and closed ones whose end is less than `closedSince` ago. */
export function visiblePromotions(q: Queryable, merchantId: number, closedSince: Date): Promise<PromotionRow[]> {
  return q
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.merchantId, merchantId),
        sql`(${promotions.state} = 'active' or ${promotions.endsAt} >= ${closedSince.toISOString()})`,
      ),
    )
    .orderBy(asc(promotions.sortOrder), asc(promotions.id));
}

export function allPromotions(q: Queryable, merchantId: number): Promise<PromotionRow[]> {
  return q.select().from(promotions).where(eq(promotions.merchantId, merchantId)).orderBy(asc(promotions.id));
}

export async function promotionById(q: Queryable, merchantId: number, id: number): Promise<PromotionRow | undefined> {
  const [row] = await q
    .select()
    .from(promotions)
    .where(and(eq(promotions.merchantId, merchantId), eq(promotions.id, id)));
  return row;
}

export async function promotionByCode(
  q: Queryable,
  merchantId: number,
  code: string,
): Promise<PromotionRow | undefined> {
  const [row] = await q
    .select()
    .from(promotions)
    .where(and(eq(promotions.merchantId, merchantId), eq(promotions.code, code)));
  return row;
}

export async function lockPromotion(tx: Tx, merchantId: number, id: number): Promise<PromotionRow | undefined> {
  const [row] = await tx
    .select()
    .from(promotions)
    .where(and(eq(promotions.merchantId, merchantId), eq(promotions.id, id)))
    .for('update');
  return row;
}

export async function insertPromotion(tx: Tx, row: typeof promotions.$inferInsert): Promise<PromotionRow> {
  const [inserted] = await tx.insert(promotions).values(row).returning();
  return inserted!;
}

export async function updatePromotion(
  tx: Tx,
  id: number,
  changes: Partial<typeof promotions.$inferInsert>,
): Promise<PromotionRow> {
  const [updated] = await tx.update(promotions).set(changes).where(eq(promotions.id, id)).returning();
  return updated!;
}

/**
 * Takes `amount` from the promotion's budget and one from its count, only while it is active and the
 * budget holds it: one conditional statement, so concurrent claims are ordered by the row's lock and
 * the budget is never passed. False when refused.
 */
export async function spendBudget(tx: Tx, id: number, amount: bigint): Promise<boolean> {
  const rows = await tx
    .update(promotions)
    .set({ spent: sql`${promotions.spent} + ${amount}`, grantCount: sql`${promotions.grantCount} + 1` })
    .where(
      and(
        eq(promotions.id, id),
        eq(promotions.state, 'active'),
        sql`(${promotions.budget} is null or ${promotions.spent} + ${amount} <= ${promotions.budget})`,
      ),
    )
    .returning({ id: promotions.id });
  return rows.length === 1;
}

// ── joining ────────────────────────────────────────────────────────────────────────────────────

export async function joinedPromotionIds(q: Queryable, memberId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await q
    .select({ id: promotionMembers.promotionId })
    .from(promotionMembers)
    .where(and(eq(promotionMembers.memberId, memberId), inArray(promotionMembers.promotionId, [...ids])));
  return new Set(rows.map((row) => row.id));
}

export async function insertJoin(tx: Tx, promotionId: number, memberId: number, at: Date): Promise<void> {
  await tx.insert(promotionMembers).values({ promotionId, memberId, joinedAt: at }).onConflictDoNothing();
}

// ── grants ─────────────────────────────────────────────────────────────────────────────────────

/** The grant row for a unit, once: undefined when the unit was already granted (a double tap, a job run twice). */
export async function insertGrantOnce(
  tx: Tx,
  row: typeof promotionGrants.$inferInsert,
): Promise<PromotionGrantRow | undefined> {
  const [inserted] = await tx.insert(promotionGrants).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The member's grants of these promotions. */
export function grantsOf(
  q: Queryable,
  memberId: number,
  promotionIds: readonly number[],
): Promise<PromotionGrantRow[]> {
  if (promotionIds.length === 0) return Promise.resolve([]);
  return q
    .select()
    .from(promotionGrants)
    .where(and(eq(promotionGrants.memberId, memberId), inArray(promotionGrants.promotionId, [...promotionIds])))
    .orderBy(desc(promotionGrants.id));
}

export function latestGrantsOfMember(q: Queryable, memberId: number, limit: number): Promise<PromotionGrantRow[]> {
  return q
    .select()
    .from(promotionGrants)
    .where(eq(promotionGrants.memberId, memberId))
    .orderBy(desc(promotionGrants.id))
    .limit(limit);
}

export async function memberGrantCount(q: Queryable, promotionId: number, memberId: number): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(promotionGrants)
    .where(and(eq(promotionGrants.promotionId, promotionId), eq(promotionGrants.memberId, memberId)));
  return row?.n ?? 0;
}

/** Days (local, 'YYYY-MM-DD') in [first, last] the member checked in on, in any check-in promotion. */
export async function checkInDays(
  q: Queryable,
  merchantId: number,
  memberId: number,
  first: string,
  last: string,
): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(distinct ${promotionGrants.unit})::int` })
    .from(promotionGrants)
    .innerJoin(promotions, eq(promotions.id, promotionGrants.promotionId))
    .where(
      and(
        eq(promotionGrants.merchantId, merchantId),
        eq(promotionGrants.memberId, memberId),
        sql`${promotions.rule}->>'type' = 'check_in'`,
        gte(promotionGrants.unit, first),
        lte(promotionGrants.unit, last),
      ),
    );
  return row?.n ?? 0;
}

/** Per promotion of the merchant: what was granted, how often, and what of it was claimed or approved. */
export async function grantTotals(
  q: Queryable,
  merchantId: number,
): Promise<Map<number, { granted: bigint; grants: number; claimed: bigint }>> {
  const rows = await q
    .select({
      promotionId: promotionGrants.promotionId,
      granted: sql<string>`sum(${promotionGrants.amount})`,
      grants: sql<number>`count(*)::int`,
      claimed: sql<string>`coalesce(sum(${promotionGrants.amount}) filter (where ${promotionGrants.via} <> 'issued'), 0)`,
    })
    .from(promotionGrants)
    .where(eq(promotionGrants.merchantId, merchantId))
    .groupBy(promotionGrants.promotionId);
  return new Map(
    rows.map((row) => [
      row.promotionId,
      { granted: BigInt(row.granted), grants: row.grants, claimed: BigInt(row.claimed) },
    ]),
  );
}

// ── applications and their images ──────────────────────────────────────────────────────────────

export function applicationsOf(
  q: Queryable,
  memberId: number,
  promotionIds: readonly number[],
): Promise<PromotionApplicationRow[]> {
  if (promotionIds.length === 0) return Promise.resolve([]);
  return q
    .select()
    .from(promotionApplications)
    .where(
      and(eq(promotionApplications.memberId, memberId), inArray(promotionApplications.promotionId, [...promotionIds])),
    )
    .orderBy(desc(promotionApplications.id));
}

export async function insertApplication(
  tx: Tx,
  row: typeof promotionApplications.$inferInsert,
): Promise<PromotionApplicationRow | undefined> {
  const [inserted] = await tx.insert(promotionApplications).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function lockApplication(
  tx: Tx,
  merchantId: number,
  id: number,
): Promise<PromotionApplicationRow | undefined> {
  const [row] = await tx
    .select()
    .from(promotionApplications)
    .where(and(eq(promotionApplications.merchantId, merchantId), eq(promotionApplications.id, id)))
    .for('update');
  return row;
}

export async function decideApplication(
  tx: Tx,
  id: number,
  changes: {
    status: ApplicationStatus;
    reason: string | null;
    amount: bigint | null;
    decidedBy: string;
    decidedAt: Date;
  },
): Promise<PromotionApplicationRow> {
  const [row] = await tx.update(promotionApplications).set(changes).where(eq(promotionApplications.id, id)).returning();
  return row!;
}

export function applicationsOfMerchant(
  q: Queryable,
  merchantId: number,
  status: ApplicationStatus | undefined,
): Promise<PromotionApplicationRow[]> {
  return q
    .select()
    .from(promotionApplications)
    .where(
      and(
        eq(promotionApplications.merchantId, merchantId),
        ...(status ? [eq(promotionApplications.status, status)] : []),
      ),
    )
    .orderBy(desc(promotionApplications.id))
    .limit(OPERATOR_LIST_LIMIT);
}

export async function insertImage(tx: Tx, row: typeof promotionImages.$inferInsert) {
  const [inserted] = await tx.insert(promotionImages).values(row).returning();
  return inserted!;
}

export async function waitingImageCount(q: Queryable, memberId: number): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(promotionImages)
    .where(and(eq(promotionImages.memberId, memberId), isNull(promotionImages.applicationId)));
  return row?.n ?? 0;
}

export function lockWaitingImages(tx: Tx, memberId: number, publicIds: string[]) {
  return tx
    .select()
    .from(promotionImages)
    .where(
      and(
        eq(promotionImages.memberId, memberId),
        isNull(promotionImages.applicationId),
        inArray(promotionImages.publicId, publicIds),
      ),
    )
    .for('update');
}

export async function attachImages(tx: Tx, applicationId: number, ids: number[]): Promise<void> {
  if (ids.length > 0) await tx.update(promotionImages).set({ applicationId }).where(inArray(promotionImages.id, ids));
}

export async function imagesOfApplications(
  q: Queryable,
  applicationIds: readonly number[],
): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  if (applicationIds.length === 0) return found;
  const rows = await q
    .select({ applicationId: promotionImages.applicationId, publicId: promotionImages.publicId })
    .from(promotionImages)
    .where(inArray(promotionImages.applicationId, [...applicationIds]))
    .orderBy(asc(promotionImages.id));
  for (const row of rows) {
    const list = found.get(row.applicationId!) ?? [];
    list.push(row.publicId);
    found.set(row.applicationId!, list);
  }
  return found;
}

export async function attachedImage(q: Queryable, merchantId: number, publicId: string) {
  const [row] = await q
    .select()
    .from(promotionImages)
    .where(and(eq(promotionImages.merchantId, merchantId), eq(promotionImages.publicId, publicId)));
  return row?.applicationId ? row : undefined;
}

/** Removes images never sent with an application, uploaded before `before`: their storage keys. */
export async function deleteWaitingImagesBefore(q: Queryable, before: Date): Promise<string[]> {
  const rows = await q
    .delete(promotionImages)
    .where(and(isNull(promotionImages.applicationId), lt(promotionImages.createdAt, before)))
    .returning({ key: promotionImages.storageKey });
  return rows.map((row) => row.key);
}

/** The merchants with an active automatic promotion. */
export async function merchantsWithAutomaticPromotions(q: Queryable): Promise<number[]> {
  const rows = await q
    .selectDistinct({ merchantId: promotions.merchantId })
    .from(promotions)
    .where(and(eq(promotions.claimMode, 'auto'), eq(promotions.state, 'active')));
  return rows.map((row) => row.merchantId);
}
