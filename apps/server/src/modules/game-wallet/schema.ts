import { sql } from 'drizzle-orm';
import {
  bigint,
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
import type { GameCategory, GameRoundStatus, ProviderTransactionType } from '@palaro/contract';
import { members } from '../accounts/schema';
import { merchants } from '../site/schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const merchantId = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' });
/** Money rows outlive nothing: a member with rounds is never deleted (like their ledger account). */
const memberId = () =>
  bigint('member_id', { mode: 'number' })
    .notNull()
    .references(() => members.id, { onDelete: 'restrict' });
/** Minor units (centavos), bigint in the database and in code. */
const minor = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * The game providers connected to this installation, one per vendor code of the catalogue. A vendor
 * without a row (or with its row switched off) has no provider here: its games cannot be launched.
 * Every merchant offering the vendor in its catalogue uses the same provider.
 */
export const gameProviders = pgTable(
  'game_providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The vendor code of the catalogue (PLR for our in-house games); the provider's header names it. */
    vendorCode: text('vendor_code').notNull(),
    name: text('name').notNull(),
    /**
     * The HMAC key both sides hold (random, 256 bits, base64url). Kept as it is because verifying an
     * HMAC needs it; never logged and never answered except once, to the operator who rotates it.
     */
    secret: text('secret').notNull(),
    /** Where a launch sends the player: `{gameCode}`, `{token}`, `{back}`, `{language}` are filled in. */
    launchUrlTemplate: text('launch_url_template').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull().defaultNow(),
    lastCallAt: timestamp('last_call_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('game_providers_vendor_code').on(table.vendorCode)],
);

/**
 * A launch: an opaque token (only its SHA-256 is kept) bound to the member, the game and the
 * currency, good for debits until it expires.
 */
export const gameLaunchTokens = pgTable(
  'game_launch_tokens',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Hex SHA-256 of the token. */
    tokenHash: text('token_hash').notNull(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => gameProviders.id, { onDelete: 'cascade' }),
    merchantId: merchantId(),
    memberId: memberId(),
    /** The catalogue's id of the game (the tile's nodeId) and its code at the vendor. */
    gameNodeId: integer('game_node_id').notNull(),
    gameCode: text('game_code').notNull(),
    currency: text('currency').notNull(),
    /** A trial member's launch: play money. */
    trial: boolean('trial').notNull(),
    backUrl: text('back_url').notNull(),
    language: text('language'),
    /**
     * The member's sign-in session the launch was made in: the token works only while that session
     * is not revoked, so sign-out, a password change (and whatever else ends the member's sessions)
     * ends every launch at once. Null on tokens made before this was kept: those no longer work.
     */
    memberSessionId: bigint('member_session_id', { mode: 'number' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('game_launch_tokens_hash').on(table.tokenHash),
    index('game_launch_tokens_expiry').on(table.expiresAt),
    // The member's launches of a provider (its balance calls).
    index('game_launch_tokens_member').on(table.providerId, table.memberId, table.expiresAt),
  ],
);

/**
 * The id a provider knows a member by: random, made at the member's first launch of one of its
 * games, one per (provider, member). A provider names only players who launched its games, and
 * cannot guess another's id (nor learn the one another provider uses).
 */
export const gameProviderPlayers = pgTable(
  'game_provider_players',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => gameProviders.id, { onDelete: 'cascade' }),
    playerId: text('player_id').notNull(),
    merchantId: merchantId(),
    memberId: memberId(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.providerId, table.playerId] }),
    uniqueIndex('game_provider_players_member').on(table.providerId, table.merchantId, table.memberId),
  ],
);

/** A provider's round: what the betting records show, one row per (provider, round id). */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => gameProviders.id, { onDelete: 'restrict' }),
    roundId: text('round_id').notNull(),
    merchantId: merchantId(),
    memberId: memberId(),
    /** The game as it was when the round started (names may change later). */
    gameNodeId: integer('game_node_id').notNull(),
    gameCode: text('game_code').notNull(),
    gameName: text('game_name').notNull(),
    vendorCode: text('vendor_code').notNull(),
    vendorName: text('vendor_name').notNull(),
    category: text('category').$type<GameCategory>().notNull(),
    currency: text('currency').notNull(),
    trial: boolean('trial').notNull(),
    stake: minor('stake')
      .notNull()
      .default(sql`0`),
    refunded: minor('refunded')
      .notNull()
      .default(sql`0`),
    win: minor('win')
      .notNull()
      .default(sql`0`),
    /** Credits received (a zero credit counts): a bet of a round with a credit is no longer rolled back. */
    credits: integer('credits').notNull().default(0),
    status: text('status').$type<GameRoundStatus>().notNull().default('open'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('game_rounds_provider_round').on(table.providerId, table.roundId),
    // The member's betting records, newest first, over a day range.
    index('game_rounds_member_started').on(table.memberId, table.startedAt, table.id),
    // Valid turnover of a period (wallet/valid-turnover.ts: rebates, the VIP club, leaderboards).
    index('game_rounds_settled')
      .on(table.merchantId, table.settledAt)
      .where(sql`${table.status} = 'settled'`),
    check('game_rounds_status_known', sql`${table.status} in ('open', 'settled', 'refunded')`),
    check(
      'game_rounds_amounts',
      sql`${table.stake} >= 0 and ${table.win} >= 0 and ${table.refunded} >= 0 and ${table.refunded} <= ${table.stake}`,
    ),
  ],
);

/**
 * Each debit, credit and rollback a provider sent, once: unique per (provider, type, transaction
 * id), with the answer it got, which a retry gets again.
 */
export const gameTransactions = pgTable(
  'game_transactions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => gameProviders.id, { onDelete: 'restrict' }),
    type: text('type').$type<ProviderTransactionType>().notNull(),
    transactionId: text('transaction_id').notNull(),
    roundPk: bigint('round_pk', { mode: 'bigint' })
      .notNull()
      .references(() => gameRounds.id, { onDelete: 'restrict' }),
    merchantId: merchantId(),
    memberId: memberId(),
    amount: minor('amount').notNull(),
    /** A credit's bet, a rollback's debit. */
    referenceTransactionId: text('reference_transaction_id'),
    /** A debit given back by a rollback. */
    rolledBack: boolean('rolled_back').notNull().default(false),
    /** The journal entry's reference (null for a zero credit, which moves nothing). */
    walletReference: text('wallet_reference'),
    /** What the call was answered (TProviderTransactionResult). */
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('game_transactions_provider_type_id').on(table.providerId, table.type, table.transactionId),
    // Reconciliation by time range, and a round's transactions.
    index('game_transactions_provider_time').on(table.providerId, table.createdAt, table.id),
    index('game_transactions_round').on(table.roundPk, table.id),
    check('game_transactions_type_known', sql`${table.type} in ('debit', 'credit', 'rollback')`),
    check('game_transactions_amount', sql`${table.amount} >= 0`),
  ],
);

/**
 * Request ids a provider used, with the answer each got (success or refusal): a repeated request
 * id gets that answer again and is not processed again. Kept PROVIDER_REQUEST_RETENTION_DAYS.
 */
export const gameProviderRequests = pgTable(
  'game_provider_requests',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => gameProviders.id, { onDelete: 'cascade' }),
    requestId: text('request_id').notNull(),
    /** The path and a SHA-256 of the body: the same id with another request is refused. */
    path: text('path').notNull(),
    bodyHash: text('body_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.providerId, table.requestId] }),
    index('game_provider_requests_created').on(table.createdAt),
  ],
);

export type GameProviderRow = typeof gameProviders.$inferSelect;
export type GameLaunchTokenRow = typeof gameLaunchTokens.$inferSelect;
export type GameProviderPlayerRow = typeof gameProviderPlayers.$inferSelect;
export type GameRoundRow = typeof gameRounds.$inferSelect;
export type NewGameRoundRow = typeof gameRounds.$inferInsert;
export type GameTransactionRow = typeof gameTransactions.$inferSelect;
export type NewGameTransactionRow = typeof gameTransactions.$inferInsert;
