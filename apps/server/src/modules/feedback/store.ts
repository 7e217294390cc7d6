import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { FeedbackStatus } from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import { feedback, feedbackImages, type FeedbackImageRow, type FeedbackRow } from './schema';

/** Feedback a member sees: the latest first. */
const MEMBER_LIST_LIMIT = 50;
const OPERATOR_LIST_LIMIT = 100;

export async function insertImage(tx: Tx, row: typeof feedbackImages.$inferInsert): Promise<FeedbackImageRow> {
  const [inserted] = await tx.insert(feedbackImages).values(row).returning();
  return inserted!;
}

export async function waitingImageCount(q: Queryable, merchantId: number, memberId: number): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(feedbackImages)
    .where(
      and(
        eq(feedbackImages.merchantId, merchantId),
        eq(feedbackImages.memberId, memberId),
        isNull(feedbackImages.feedbackId),
      ),
    );
  return row?.n ?? 0;
}

/** The member's own images waiting to be sent, among `publicIds`, locked for the feedback that takes them. */
export function lockWaitingImages(
  tx: Tx,
  merchantId: number,
  memberId: number,
  publicIds: string[],
): Promise<FeedbackImageRow[]> {
  return tx
    .select()
    .from(feedbackImages)
    .where(
      and(
        eq(feedbackImages.merchantId, merchantId),
        eq(feedbackImages.memberId, memberId),
        isNull(feedbackImages.feedbackId),
        inArray(feedbackImages.publicId, publicIds),
      ),
    )
    .for('update');
}

export async function attachImages(tx: Tx, feedbackId: number, imageIds: number[]): Promise<void> {
  if (imageIds.length > 0)
    await tx.update(feedbackImages).set({ feedbackId }).where(inArray(feedbackImages.id, imageIds));
}

export async function insertFeedback(tx: Tx, row: typeof feedback.$inferInsert): Promise<FeedbackRow> {
  const [inserted] = await tx.insert(feedback).values(row).returning();
  return inserted!;
}

/** One image of the merchant's by its public id. */
export async function imageByPublicId(
  q: Queryable,
  merchantId: number,
  publicId: string,
): Promise<FeedbackImageRow | undefined> {
  const [row] = await q
    .select()
    .from(feedbackImages)
    .where(and(eq(feedbackImages.merchantId, merchantId), eq(feedbackImages.publicId, publicId)));
  return row;
}

/** Removes one of the member's images not sent yet; answers its storage key when there was one. */
export async function deleteWaitingImage(
  q: Queryable,
  merchantId: number,
  memberId: number,
  publicId: string,
): Promise<string | undefined> {
  const [row] = await q
    .delete(feedbackImages)
    .where(
      and(
        eq(feedbackImages.merchantId, merchantId),
        eq(feedbackImages.memberId, memberId),
        isNull(feedbackImages.feedbackId),
        eq(feedbackImages.publicId, publicId),
      ),
    )
    .returning({ storageKey: feedbackImages.storageKey });
  return row?.storageKey;
}

/** Removes every image not sent before `before`, answering their storage keys. */
export async function deleteWaitingImagesBefore(q: Queryable, before: Date): Promise<string[]> {
  const rows = await q
    .delete(feedbackImages)
    .where(and(isNull(feedbackImages.feedbackId), lt(feedbackImages.createdAt, before)))
    .returning({ storageKey: feedbackImages.storageKey });
  return rows.map((row) => row.storageKey);
}

export function feedbackOfMember(q: Queryable, merchantId: number, memberId: number): Promise<FeedbackRow[]> {
  return q
    .select()
    .from(feedback)
    .where(and(eq(feedback.merchantId, merchantId), eq(feedback.memberId, memberId)))
    .orderBy(desc(feedback.id))
    .limit(MEMBER_LIST_LIMIT);
}

export function feedbackOfMerchant(
  q: Queryable,
  merchantId: number,
  status: FeedbackStatus | undefined,
): Promise<FeedbackRow[]> {
  return q
    .select()
    .from(feedback)
    .where(and(eq(feedback.merchantId, merchantId), status ? eq(feedback.status, status) : undefined))
    .orderBy(desc(feedback.id))
    .limit(OPERATOR_LIST_LIMIT);
}

/** The public ids of the images of each feedback, in upload order. */
export async function imageIdsOf(q: Queryable, feedbackIds: number[]): Promise<Map<number, string[]>> {
  const byFeedback = new Map<number, string[]>();
  if (feedbackIds.length === 0) return byFeedback;
  const rows = await q
    .select({ feedbackId: feedbackImages.feedbackId, publicId: feedbackImages.publicId })
    .from(feedbackImages)
    .where(inArray(feedbackImages.feedbackId, feedbackIds))
    .orderBy(feedbackImages.id);
  for (const row of rows) {
    const list = byFeedback.get(row.feedbackId!) ?? [];
    list.push(row.publicId);
    byFeedback.set(row.feedbackId!, list);
  }
  return byFeedback;
}

export async function lockFeedback(tx: Tx, merchantId: number, id: number): Promise<FeedbackRow | undefined> {
  const [row] = await tx
    .select()
    .from(feedback)
    .where(and(eq(feedback.merchantId, merchantId), eq(feedback.id, id)))
    .for('update');
  return row;
}

export async function recordAnswer(
  tx: Tx,
  id: number,
  answer: { answer: string; answeredAt: Date; answeredBy: string },
): Promise<FeedbackRow> {
  const [row] = await tx
    .update(feedback)
    .set({ ...answer, status: 'answered' })
    .where(eq(feedback.id, id))
    .returning();
  return row!;
}
