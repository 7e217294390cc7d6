import {
  ERROR_CODES,
  type Language,
  type TInboxMessage,
  type TInboxPage,
  type TInboxPageQuery,
  type TInboxSummary,
  type TOperatorInboxSend,
  type TOperatorInboxSent,
} from '@palaro/contract';
import {
  announceChange,
  announceChanges,
  CACHE_CHANGES_CHANNEL,
  changeFeedOf,
  transactionAnnouncing,
} from '../../platform/cache/change-feed';
import { afterCommit } from '../../platform/db/after-commit';
import type { Db, Queryable, Tx } from '../../platform/db/database';
import { notifyEachWithoutFlushWait } from '../../platform/db/notify';
import { DomainError } from '../../platform/http/errors';
import { memberByUsername } from '../accounts/members';
import type { MemberRow } from '../accounts/schema';
import { recordAudit } from '../audit/service';
import { requireMerchantByCode } from '../site/service';
import type { MerchantRow } from '../site/schema';
import { plainText, sanitizeRichText } from '../../platform/rich-text';
import { previewOf, systemMessageText, type SystemMessageKind } from './rules';
import type { InboxMessageRow } from './schema';
import * as store from './store';
import { memberInboxTopic, merchantInboxTopic, unreadCountsOf } from './unread-counts';

export { startUnreadCounts, unreadCountsOf } from './unread-counts';

/** The notices other modules write; a kind another area adds is named here with its wording in rules.ts. */
export type MemberNotificationKind = SystemMessageKind;

/** A system message for one member: its kind and the figures its wording fills in (inbox/rules.ts). */
export interface MemberNotice {
  merchantId: number;
  memberId: number;
  kind: MemberNotificationKind;
  payload: Record<string, unknown>;
}

/**
 * Tells every replica the members' inboxes changed once `tx` commits. Sent after the commit, not in
 * it: these are written by money transactions, and a NOTIFY inside one holds PostgreSQL's
 * notification lock from its commit to its flush (wallet/notices.ts says what that cost). This
 * replica's counts drop them at once. One statement for all of them, however many.
 */
async function announceWhenCommitted(tx: Tx, topics: readonly string[]): Promise<void> {
  const queued = afterCommit(tx, (db) => {
    const feed = changeFeedOf(db);
    for (const topic of topics) feed?.deliver(topic);
    // A notice lost here leaves another replica's count wrong until it expires (unread-counts.ts).
    void notifyEachWithoutFlushWait(db, CACHE_CHANGES_CHANNEL, topics).catch(() => undefined);
  });
  if (!queued) await announceChanges(tx, topics);
}

/** Records what happened as a system message of the member's inbox, in the transaction of the change itself. */
export async function notifyMember(tx: Tx, notice: MemberNotice): Promise<void> {
  await notifyMembers(tx, [notice]);
}

/** notifyMember for many members at once (a job's outcome): one insert and one announcement. */
export async function notifyMembers(tx: Tx, notices: readonly MemberNotice[]): Promise<void> {
  if (notices.length === 0) return;
  for (let from = 0; from < notices.length; from += 5000)
    await store.insertMessages(
      tx,
      notices.slice(from, from + 5000).map((notice) => ({ ...notice, audience: 'member' as const })),
    );
  await announceWhenCommitted(tx, [
    ...new Set(notices.map((notice) => memberInboxTopic(notice.merchantId, notice.memberId))),
  ]);
}

/** A member's system messages, oldest first. */
export function memberNotices(q: Queryable, merchantId: number, memberId: number): Promise<InboxMessageRow[]> {
  return store.systemMessagesOf(q, merchantId, memberId);
}

export function recipientOf(member: MemberRow): store.Recipient {
  return {
    merchantId: member.merchantId,
    memberId: member.id,
    vipLevel: member.vipLevel,
    memberType: member.type,
    joinedAt: member.createdAt,
  };
}

function worded(message: InboxMessageRow, language: Language): { title: string; bodyHtml: string } {
  if (message.kind !== 'operator') return systemMessageText(message.kind, message.payload, language);
  const pick = (text: InboxMessageRow['title']) => text?.[language] ?? text?.EN ?? text?.TY ?? '';
  return { title: pick(message.title), bodyHtml: pick(message.body) };
}

/** Beyond this many kept previews they start over. */
const MAX_PREVIEWS = 10_000;
/**
 * An operator's message's preview per language: parsing its HTML costs ~0.2 ms, and a broadcast
 * shows in every member's list; a message's text never changes, so it is made once per process.
 */
const operatorPreviews = new Map<string, string>();

function previewOfMessage(message: InboxMessageRow, language: Language): { title: string; preview: string } {
  if (message.kind !== 'operator') return systemMessageText(message.kind, message.payload, language);
  const { title, bodyHtml } = worded(message, language);
  const key = `${message.id}:${language}`;
  let preview = operatorPreviews.get(key);
  if (preview === undefined) {
    if (operatorPreviews.size >= MAX_PREVIEWS) operatorPreviews.clear();
    operatorPreviews.set(key, (preview = previewOf(bodyHtml)));
  }
  return { title, preview };
}

function summaryOf({ message, readAt }: store.MessageWithState, language: Language): TInboxSummary {
  const { title, preview } = previewOfMessage(message, language);
  return {
    id: String(message.id),
    sender: message.kind === 'operator' ? 'operator' : 'system',
    title,
    preview,
    read: readAt !== null,
    sentAt: message.createdAt.toISOString(),
  };
}

/** The member's inbox page, newest first, in the reader's language. */
export async function inboxPage(
  db: Db,
  merchant: MerchantRow,
  member: MemberRow,
  query: TInboxPageQuery,
): Promise<TInboxPage> {
  const language = query.language ?? merchant.defaultLanguage;
  const rows = await store.pageOf(db, recipientOf(member), (query.pageNo - 1) * query.pageSize, query.pageSize + 1);
  return {
    list: rows.slice(0, query.pageSize).map((row) => summaryOf(row, language)),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    hasMore: rows.length > query.pageSize,
  };
}

function notFound(): DomainError {
  return new DomainError(ERROR_CODES.messageNotFound, 'No such message in this inbox');
}

/** One of the member's messages, marked read; another member's (or a deleted one) is not found. */
export async function readMessage(
  db: Db,
  merchant: MerchantRow,
  member: MemberRow,
  messageId: number,
  language: Language | undefined,
  now: Date,
): Promise<TInboxMessage> {
  const recipient = recipientOf(member);
  const found = await store.messageOf(db, recipient, messageId);
  if (!found) throw notFound();
  if (found.readAt === null) {
    await store.markRead(db, recipient, messageId, now);
    await announceChange(db, memberInboxTopic(recipient.merchantId, recipient.memberId));
  }
  const { title, bodyHtml } = worded(found.message, language ?? merchant.defaultLanguage);
  return {
    id: String(found.message.id),
    sender: found.message.kind === 'operator' ? 'operator' : 'system',
    title,
    bodyHtml,
    sentAt: found.message.createdAt.toISOString(),
  };
}

/** Deletes the message from the member's inbox (a broadcast stays in the others'). */
export async function deleteMessage(db: Db, member: MemberRow, messageId: number, now: Date): Promise<void> {
  const recipient = recipientOf(member);
  if (!(await store.messageOf(db, recipient, messageId))) throw notFound();
  await store.markDeleted(db, recipient, messageId, now);
  await announceChange(db, memberInboxTopic(recipient.merchantId, recipient.memberId));
}

/** Marks every message of the member read; answers how many were unread. */
export async function readAll(db: Db, member: MemberRow, now: Date): Promise<number> {
  const recipient = recipientOf(member);
  const marked = await store.markAllRead(db, recipient, now);
  if (marked > 0) await announceChange(db, memberInboxTopic(recipient.merchantId, recipient.memberId));
  return marked;
}

/** INBOX3: from memory when the app keeps the counts (a tool's handle reads the database). */
export function unreadCount(db: Db, member: MemberRow): Promise<number> | number {
  const recipient = recipientOf(member);
  return unreadCountsOf(db)?.count(recipient) ?? store.unreadCountOf(db, recipient);
}

/**
 * An operator's message to one member, a VIP level, a member type or all the merchant's members:
 * one row whatever the audience, its texts sanitised, audited in the same transaction.
 */
export async function sendOperatorMessage(
  db: Db,
  request: TOperatorInboxSend & { merchantCode: string; actor: string },
): Promise<TOperatorInboxSent> {
  const merchant = await requireMerchantByCode(db, request.merchantCode);
  const { audience } = request;
  const member = audience.to === 'member' ? await memberByUsername(db, merchant.id, audience.username) : undefined;
  if (audience.to === 'member' && !member)
    throw new DomainError(ERROR_CODES.recipientUnknown, `No member ${audience.username} at ${merchant.code}`);
  const title = { TY: plainText(request.title.TY), EN: plainText(request.title.EN) };
  const body = { TY: sanitizeRichText(request.body.TY), EN: sanitizeRichText(request.body.EN) };
  if (!title.TY || !title.EN || !body.TY || !body.EN)
    throw new DomainError(ERROR_CODES.validation, 'Nothing is left of a text once its markup is removed', {
      fields: [
        { field: !title.TY || !title.EN ? 'title' : 'body', i18nKey: 'in_request_invalid', message: 'Empty text' },
      ],
    });
  const message = await transactionAnnouncing(db, async (tx) => {
    const inserted = await store.insertMessage(tx, {
      merchantId: merchant.id,
      audience: audience.to === 'memberType' ? 'member_type' : audience.to,
      memberId: member?.id ?? null,
      vipLevel: audience.to === 'vip' ? audience.vipLevel : null,
      memberType: audience.to === 'memberType' ? audience.memberType : null,
      kind: 'operator',
      title,
      body,
      sentBy: request.actor,
    });
    await recordAudit(tx, {
      actor: request.actor,
      action: 'inbox.send',
      merchantId: merchant.id,
      details: { messageId: String(inserted.id), audience, title: title.EN },
    });
    await announceChange(tx, member ? memberInboxTopic(merchant.id, member.id) : merchantInboxTopic(merchant.id));
    return inserted;
  });
  return { id: String(message.id), audience, sentAt: message.createdAt.toISOString() };
}
