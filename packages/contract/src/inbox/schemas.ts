import { z } from 'zod';
import { ZLanguage } from '../system/schemas/site';

/** The inbox page by page, newest first, in the reader's language. */
export const ZInboxPageQuery = z.object({
  language: ZLanguage.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type TInboxPageQuery = z.infer<typeof ZInboxPageQuery>;

export const ZInboxMessageParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const ZInboxReadQuery = z.object({ language: ZLanguage.optional() });

/** Who wrote it: the platform, about something that happened to the member, or the merchant's staff. */
export const INBOX_SENDERS = ['system', 'operator'] as const;

export const ZInboxSummary = z.object({
  id: z.string(),
  sender: z.enum(INBOX_SENDERS),
  title: z.string(),
  /** The start of the body as plain text. */
  preview: z.string(),
  read: z.boolean(),
  /** ISO 8601. */
  sentAt: z.string(),
});
export type TInboxSummary = z.infer<typeof ZInboxSummary>;

export const ZInboxPage = z.object({
  list: z.array(ZInboxSummary),
  pageNo: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** More messages after this page. */
  hasMore: z.boolean(),
});
export type TInboxPage = z.infer<typeof ZInboxPage>;

export const ZInboxMessage = ZInboxSummary.omit({ preview: true, read: true }).extend({
  /** Sanitised rich text (a closed set of tags and attributes, no script, no event handler). */
  bodyHtml: z.string(),
});
export type TInboxMessage = z.infer<typeof ZInboxMessage>;

/** INBOX3: the member's unread messages (the spec reads `value`). */
export const ZInboxUnread = z.number().int().nonnegative();
export type TInboxUnread = z.infer<typeof ZInboxUnread>;

/** The data of the stream's `inbox` event. */
export interface TInboxEvent {
  unread: number;
}

const ZLocalisedRichText = (max: number) =>
  z.object({ TY: z.string().trim().min(1).max(max), EN: z.string().trim().min(1).max(max) });

export const ZInboxAudience = z.discriminatedUnion('to', [
  z.object({ to: z.literal('member'), username: z.string().trim().min(1).max(64).toLowerCase() }),
  z.object({ to: z.literal('vip'), vipLevel: z.number().int().min(0).max(100) }),
  /** Member types as the spec numbers them (0 member, 1 agent, …). */
  z.object({ to: z.literal('memberType'), memberType: z.number().int().min(0).max(99) }),
  z.object({ to: z.literal('all') }),
]);
export type TInboxAudience = z.infer<typeof ZInboxAudience>;

/** An operator's message, in both languages; the body is rich text, sanitised when stored. */
export const ZOperatorInboxSend = z.object({
  audience: ZInboxAudience,
  title: ZLocalisedRichText(120),
  body: ZLocalisedRichText(20_000),
});
export type TOperatorInboxSend = z.infer<typeof ZOperatorInboxSend>;

export const ZOperatorInboxSent = z.object({
  id: z.string(),
  audience: ZInboxAudience,
  sentAt: z.string(),
});
export type TOperatorInboxSent = z.infer<typeof ZOperatorInboxSent>;
