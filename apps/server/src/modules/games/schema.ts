import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { GameCategory } from '@palaro/contract';
import { members } from '../accounts/schema';
import { merchants } from '../site/schema';

const CATEGORY_CHECK = sql.raw(
  `('SPORTS', 'ESPORTS', 'LIVE', 'FISH', 'RNG', 'COCKFIGHT', 'PVP', 'INHOUSE', 'ELOTT', 'LOTT')`,
);

/** A game provider as a merchant offers it: its code never changes (it is the seed's key too). */
export const gameVendors = pgTable(
  'game_vendors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The vendor's code, its `vassalage` on the wire: TCG_LOTTO_VN, DS88… */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The name of the vendor's wallet account (the vendor-info's accountTypeName). */
    accountTypeName: text('account_type_name').notNull(),
    /** Two colours of its art, `#rrggbb`: the logo and every icon of its games are drawn in them. */
    primaryColour: text('primary_colour').notNull(),
    accentColour: text('accent_colour').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    hot: boolean('hot').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    /** The merchant's vendor order (the vendor-info sorting and the vendor strip). */
    sortOrder: integer('sort_order').notNull().default(0),
    /** Centavos: a floor under every one of its games' minimum bets. */
    minBet: bigint('min_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`1`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('game_vendors_code').on(table.merchantId, table.code),
    check('game_vendors_min_bet_positive', sql`${table.minBet} > 0`),
  ],
);

/** A game of a vendor as a merchant offers it. Its id is the tile's nodeId. */
export const games = pgTable(
  'games',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => gameVendors.id, { onDelete: 'cascade' }),
    /** Its code at the vendor (gameId, roomId of a lobby); unique per merchant, the seed's key too. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: text('category').$type<GameCategory>().notNull(),
    /** The vendor's own classifications (JACKPOT, BACCARAT…); HOT and NEW come from the flags. */
    classifications: text('classifications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Centavos. */
    minBet: bigint('min_bet', { mode: 'bigint' }).notNull(),
    /** Paylines of a slot; null where the game has none. */
    lines: integer('lines'),
    /** A trial member may play it with play money. */
    supportPlay: boolean('support_play').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    hot: boolean('hot').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('games_code').on(table.merchantId, table.code),
    // The catalogue's read (a merchant's games, in list order) and the operator's lists by category
    // or vendor: each walks one index range.
    index('games_listing').on(table.merchantId, table.category, table.sortOrder, table.id),
    index('games_by_vendor').on(table.vendorId, table.sortOrder, table.id),
    // The operator's search by the start of a name, any case.
    index('games_name_prefix').using('btree', table.merchantId, sql`lower(${table.name}) text_pattern_ops`),
    check('games_category_known', sql`${table.category} in ${CATEGORY_CHECK}`),
    check('games_min_bet_positive', sql`${table.minBet} > 0`),
  ],
);

/** A merchant's switches of the catalogue; a merchant without a row has the defaults. */
export const gameSettings = pgTable('game_settings', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  /** Online cockfighting: off unless the merchant's jurisdiction allows it. */
  cockfightEnabled: boolean('cockfight_enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An upcoming match the home's carousel shows, launching its sports or e-sports game. */
export const hotMatches = pgTable(
  'hot_matches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    roomId: text('room_id').notNull(),
    league: text('league').notNull(),
    homeTeam: text('home_team').notNull(),
    awayTeam: text('away_team').notNull(),
    kickOffAt: timestamp('kick_off_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** A demo fixture: once kicked off it moves on by whole days, so the demo always has upcoming matches. */
    rollsForward: boolean('rolls_forward').notNull().default(false),
    /** Identifies rows the seed wrote; null for the operator's own. */
    seedKey: text('seed_key'),
  },
  (table) => [
    uniqueIndex('hot_matches_seed_key').on(table.merchantId, table.seedKey),
    index('hot_matches_listing').on(table.merchantId, table.kickOffAt),
    index('hot_matches_rolling')
      .on(table.kickOffAt)
      .where(sql`${table.rollsForward}`),
  ],
);

/** A member's favourite games: one row per game, added twice is still one. */
export const gameFavourites = pgTable(
  'game_favourites',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameId] }),
    index('game_favourites_newest').on(table.memberId, table.createdAt),
  ],
);

/** The games a member launched, the latest launch of each. */
export const gameRecents = pgTable(
  'game_recents',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameId] }),
    index('game_recents_latest').on(table.memberId, table.lastPlayedAt),
  ],
);

export type GameVendorRow = typeof gameVendors.$inferSelect;
export type NewGameVendorRow = typeof gameVendors.$inferInsert;
export type GameRow = typeof games.$inferSelect;
export type NewGameRow = typeof games.$inferInsert;
export type HotMatchRow = typeof hotMatches.$inferSelect;
export type NewHotMatchRow = typeof hotMatches.$inferInsert;
export type GameSettingsRow = typeof gameSettings.$inferSelect;
