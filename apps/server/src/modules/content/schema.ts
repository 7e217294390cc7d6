import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** When it stops showing; null keeps it until the operator switches it off. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    /** Identifies rows the seed wrote, so seeding again never duplicates them; null for the operator's own rows. */
    seedKey: text('seed_key'),
  },
  (table) => [
    index('announcements_listing').on(table.merchantId, table.type, table.platform, table.sortOrder),
    uniqueIndex('announcements_seed_key').on(table.merchantId, table.seedKey),
    check('announcements_type_known', sql`${table.type} in ('A', 'PL', 'B', 'PU', 'PR', 'H')`),
    check('announcements_platform_known', sql`${table.platform} in ('M', 'W')`),
    check(
      'announcements_expire_after_publish',
      sql`${table.expiresAt} is null or ${table.expiresAt} > ${table.publishedAt}`,
    ),
  ],
);

export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncementRow = typeof announcements.$inferInsert;

/** The help centre's tabs (spec §2 Help centre): one per topic, in the merchant's order. */
export const helpCategories = pgTable(
  'help_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The operator's name for it (deposits, security, …): unique per merchant. */
    key: text('key').notNull(),
    title: jsonb('title').$type<LocalisedText>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [uniqueIndex('help_categories_merchant_key').on(table.merchantId, table.key)],
);

/** A help article: its title and its rich text (sanitised when written) per language. */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => helpCategories.id, { onDelete: 'cascade' }),
    title: jsonb('title').$type<LocalisedText>().notNull(),
    content: jsonb('content').$type<LocalisedText>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** As for announcements: rows the seed wrote, so seeding again never duplicates them. */
    seedKey: text('seed_key'),
  },
  (table) => [
    index('help_articles_category').on(table.merchantId, table.categoryId, table.sortOrder),
    uniqueIndex('help_articles_seed_key').on(table.merchantId, table.seedKey),
  ],
);

/**
 * The merchant's terms, one row per version, never changed once written: a member's recorded
 * version (members.agreed_terms_version) must keep naming the text they agreed to.
 */
export const userAgreements = pgTable(
  'user_agreements',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: jsonb('title').$type<LocalisedText>().notNull(),
    content: jsonb('content').$type<LocalisedText>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.version] }),
    check('user_agreements_version_positive', sql`${table.version} >= 1`),
  ],
);

export type HelpCategoryRow = typeof helpCategories.$inferSelect;
export type HelpArticleRow = typeof helpArticles.$inferSelect;
export type UserAgreementRow = typeof userAgreements.$inferSelect;
