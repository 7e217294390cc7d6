import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ProfileAvatar } from '@palaro/contract';
import { members } from '../accounts/schema';
import { merchants } from '../site/schema';

/** The member's head icon (PROFPIC3): one of our avatars, or a picture they uploaded (stored resized). */
export const memberHeadIcons = pgTable(
  'member_head_icons',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    avatar: text('avatar').$type<ProfileAvatar>(),
    /** The uploaded picture's key in the file storage (WebP). */
    storageKey: text('storage_key'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('member_head_icons_one_kind', sql`(${table.avatar} is null) <> (${table.storageKey} is null)`)],
);
export type MemberHeadIconRow = typeof memberHeadIcons.$inferSelect;
