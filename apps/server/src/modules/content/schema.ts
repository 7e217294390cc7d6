import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, check } from 'drizzle-orm/pg-core';
import type { ContentPlatform, ContentType, Language } from '@palaro/contract';
import { merchants } from '../site/schema';

export type LocalisedText = Partial<Record<Language, string>>;

export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    type: text('type').$type<ContentType>().notNull(),
    platform: text('platform').$type<ContentPlatform>().notNull(),
    /** Which screen asks for it (m_home for the agent home, m_reg for registration); null for the player home. */
    groupName: text('group_name'),
    title: jsonb('title').$type<LocalisedText>().notNull(),
    content: jsonb('content').$type<LocalisedText>().notNull(),
    /** The picture's URL per language (banner art carries its words); a language without one shows another's. */
    imageUrl: jsonb('image_url').$type<LocalisedText>(),
    link: text('link'),
    sortOrder: integer('sort_order').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    active: boolean('active').notNull().default(true),
    /** Identifies rows the seed wrote, so seeding again never duplicates them; null for the operator's own rows. */
    seedKey: text('seed_key'),
  },
  (table) => [
    index('announcements_listing').on(table.merchantId, table.type, table.platform, table.sortOrder),
    uniqueIndex('announcements_seed_key').on(table.merchantId, table.seedKey),
    check('announcements_type_known', sql`${table.type} in ('A', 'PL', 'B', 'PU', 'PR', 'H')`),
    check('announcements_platform_known', sql`${table.platform} in ('M', 'W')`),
  ],
);

export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncementRow = typeof announcements.$inferInsert;
