import { and, desc, eq, gte, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database';
import { inboxMessages, inboxMessageStates, type InboxMessageRow } from './schema';

/** What decides which messages reach a member: their own, and the broadcasts to someone like them. */
export interface Recipient {
  merchantId: number;
  memberId: number;
  vipLevel: number;
  memberType: number;
  /** A broadcast sent before the member registered is not theirs. */
  joinedAt: Date;
}

export type NewInboxMessage = typeof inboxMessages.$inferInsert;

export async function insertMessage(q: Queryable, row: NewInboxMessage): Promise<InboxMessageRow> {
  const [inserted] = await q.insert(inboxMessages).values(row).returning();
  return inserted!;
}

export async function insertMessages(q: Queryable, rows: readonly NewInboxMessage[]): Promise<void> {
  if (rows.length > 0) await q.insert(inboxMessages).values([...rows]);
}

function reaches(recipient: Recipient): SQL {
  return and(
    eq(inboxMessages.merchantId, recipient.merchantId),
    or(
      eq(inboxMessages.memberId, recipient.memberId),
      and(
        isNull(inboxMessages.memberId),
        gte(inboxMessages.createdAt, recipient.joinedAt),
        or(
          eq(inboxMessages.audience, 'all'),
          and(eq(inboxMessages.audience, 'vip'), eq(inboxMessages.vipLevel, recipient.vipLevel)),
          and(eq(inboxMessages.audience, 'member_type'), eq(inboxMessages.memberType, recipient.memberType)),
        ),
      ),
    ),
  )!;
}

const stateOf = (recipient: Recipient) =>
  and(eq(inboxMessageStates.memberId, recipient.memberId), eq(inboxMessageStates.messageId, inboxMessages.id));

export interface MessageWithState {
  message: InboxMessageRow;
  readAt: Date | null;
}

/** The member's messages not deleted, newest first; `limit` of them from `offset`. */
export async function pageOf(
  q: Queryable,
  recipient: Recipient,
  offset: number,
  limit: number,
): Promise<MessageWithState[]> {
  const rows = await q
    .select({ message: inboxMessages, readAt: inboxMessageStates.readAt })
    .from(inboxMessages)
    .leftJoin(inboxMessageStates, stateOf(recipient))
    .where(and(reaches(recipient), isNull(inboxMessageStates.deletedAt)))
    .orderBy(desc(inboxMessages.id))
    .offset(offset)
    .limit(limit);
  return rows;
}

/** One of the member's messages, unless it is not theirs or they deleted it. */
export async function messageOf(q: Queryable, recipient: Recipient, id: number): Promise<MessageWithState | undefined> {
  const [row] = await q
    .select({ message: inboxMessages, readAt: inboxMessageStates.readAt })
    .from(inboxMessages)
    .leftJoin(inboxMessageStates, stateOf(recipient))
    .where(and(eq(inboxMessages.id, id), reaches(recipient), isNull(inboxMessageStates.deletedAt)));
  return row;
}

export async function unreadCountOf(q: Queryable, recipient: Recipient): Promise<number> {
  const [row] = await q
    .select({ count: sql<number>`count(*)::int` })
    .from(inboxMessages)
    .leftJoin(inboxMessageStates, stateOf(recipient))
    .where(and(reaches(recipient), isNull(inboxMessageStates.readAt), isNull(inboxMessageStates.deletedAt)));
  return row?.count ?? 0;
}

/** Records the member's reading of one message they may see; the first reading's time stays. */
export async function markRead(q: Queryable, recipient: Recipient, messageId: number, at: Date): Promise<void> {
  await q
    .insert(inboxMessageStates)
    .values({ memberId: recipient.memberId, messageId, merchantId: recipient.merchantId, readAt: at })
    .onConflictDoUpdate({
      target: [inboxMessageStates.memberId, inboxMessageStates.messageId],
      set: { readAt: sql`coalesce(${inboxMessageStates.readAt}, excluded.read_at)` },
    });
}

/** Records the member's deleting of one message they may see (a broadcast stays for the others). */
export async function markDeleted(q: Queryable, recipient: Recipient, messageId: number, at: Date): Promise<void> {
  await q
    .insert(inboxMessageStates)
    .values({ memberId: recipient.memberId, messageId, merchantId: recipient.merchantId, deletedAt: at })
    .onConflictDoUpdate({
      target: [inboxMessageStates.memberId, inboxMessageStates.messageId],
      set: { deletedAt: sql`coalesce(${inboxMessageStates.deletedAt}, excluded.deleted_at)` },
    });
}

/** Marks every unread message of the member read, in one statement; answers how many were unread. */
export async function markAllRead(q: Queryable, recipient: Recipient, at: Date): Promise<number> {
  const unread = q
    .select({
      memberId: sql<number>`${recipient.memberId}::bigint`.as('member_id'),
      messageId: inboxMessages.id,
      merchantId: sql<number>`${recipient.merchantId}::int`.as('merchant_id'),
      readAt: sql<Date>`${at.toISOString()}::timestamptz`.as('read_at'),
      deletedAt: sql<Date | null>`null::timestamptz`.as('deleted_at'),
    })
    .from(inboxMessages)
    .leftJoin(inboxMessageStates, stateOf(recipient))
    .where(and(reaches(recipient), isNull(inboxMessageStates.readAt), isNull(inboxMessageStates.deletedAt)));
  const marked = await q
    .insert(inboxMessageStates)
    .select(unread)
    .onConflictDoUpdate({
      target: [inboxMessageStates.memberId, inboxMessageStates.messageId],
      set: { readAt: sql`excluded.read_at` },
    })
    .returning({ messageId: inboxMessageStates.messageId });
  return marked.length;
}

/** A member's system messages (not an operator's), oldest first. */
export function systemMessagesOf(q: Queryable, merchantId: number, memberId: number): Promise<InboxMessageRow[]> {
  return q
    .select()
    .from(inboxMessages)
    .where(
      and(
        eq(inboxMessages.merchantId, merchantId),
        eq(inboxMessages.memberId, memberId),
        ne(inboxMessages.kind, 'operator'),
      ),
    )
    .orderBy(inboxMessages.id);
}
