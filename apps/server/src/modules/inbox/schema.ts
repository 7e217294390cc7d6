import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema';
import { merchants } from '../site/schema';

/**
 * Things that happened to a member that the inbox (a later issue) will show: a deposit credited,
 * a withdrawal paid or rejected. Written in the same transaction as the change.
 */
export const memberNotifications = pgTable(
  'member_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [index('member_notifications_member').on(table.memberId, table.id)],
);
export type MemberNotificationRow = typeof memberNotifications.$inferSelect;
