import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema';
import { merchants } from '../site/schema';

/** A text in each language the merchant writes in. */
export type LocalisedText = Partial<Record<'TY' | 'EN', string>>;

/**
 * One row per message, whoever it reaches: a system notice or an operator's message to one member
 * (`member_id` set), or a broadcast to a VIP level, a member type or all of a merchant's members
 * (`member_id` null) — a broadcast to 100,000 members is this one row, and each member's reading
 * and deleting of it is kept in `inbox_message_states`. A system message keeps its kind and payload
 * and is worded when read, in the reader's language; an operator's keeps its sanitised texts.
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: ['member', 'vip', 'member_type', 'all'] }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'cascade' }),
    vipLevel: integer('vip_level'),
    memberType: integer('member_type'),
    /** `operator` for a written message, else the system notice's kind (`deposit.credited`…). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    title: jsonb('title').$type<LocalisedText>(),
    /** Sanitised HTML, per language. */
    body: jsonb('body').$type<LocalisedText>(),
    /** The audit actor of an operator's message. */
    sentBy: text('sent_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('inbox_messages_member')
      .on(table.merchantId, table.memberId, table.id)
      .where(sql`member_id is not null`),
    index('inbox_messages_broadcast')
      .on(table.merchantId, table.id)
      .where(sql`member_id is null`),
    check(
      'inbox_messages_audience',
      sql`(audience = 'member') = (member_id is not null)
        and (audience = 'vip') = (vip_level is not null)
        and (audience = 'member_type') = (member_type is not null)`,
    ),
    check('inbox_messages_written', sql`(kind = 'operator') = (title is not null and body is not null)`),
  ],
);
export type InboxMessageRow = typeof inboxMessages.$inferSelect;

/** A member's reading or deleting of a message (their own or a broadcast); no row: unread. */
export const inboxMessageStates = pgTable(
  'inbox_message_states',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => inboxMessages.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.messageId] })],
);
