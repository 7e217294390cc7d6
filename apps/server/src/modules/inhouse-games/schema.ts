import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The in-house game server's own tables. It is a game provider like any other: it knows players
 * only by the wallet's opaque player id and moves money only through the seamless wallet's HTTP
 * API, so nothing here references another module's tables.
 */

/**
 * A player's session in one game, opened with the launch token (which the wallet authenticated).
 * The token the browser holds is shown once; only its SHA-256 is kept.
 */
export const inhouseSessions = pgTable(
  'inhouse_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    /** The wallet's player id (`<merchant>-<member>`). */
    playerId: text('player_id').notNull(),
    gameCode: text('game_code').notNull(),
    gameName: text('game_name').notNull(),
    /** The launch token, needed by every debit; the wallet refuses new bets once it expired. */
    launchToken: text('launch_token').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('inhouse_sessions_token').on(table.tokenHash),
    index('inhouse_sessions_expiry').on(table.expiresAt),
  ],
);

/**
 * Server seeds, per player and game. The active one (revealed_at null) is committed by its hash and
 * gives the next round nonce `next_nonce`; rotating reveals it (revealed_at set) and makes a new one.
 */
export const inhouseSeeds = pgTable(
  'inhouse_seeds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: text('player_id').notNull(),
    gameCode: text('game_code').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    /** The client seed the next round uses (rounds keep their own copy). */
    clientSeed: text('client_seed').notNull(),
    nextNonce: integer('next_nonce').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('inhouse_seeds_active')
      .on(table.playerId, table.gameCode)
      .where(sql`${table.revealedAt} is null`),
    index('inhouse_seeds_player').on(table.playerId, table.gameCode, table.id),
    check('inhouse_seeds_nonce', sql`${table.nextNonce} >= 0`),
  ],
);

/**
 * Rounds of both games. `status`: a slot round is `pending` until the wallet settled it
 * (bet-and-settle), then `settled`, or `refused` when the wallet refused the bet (nothing moved; the
 * outcome is never shown). A mines round is `starting` until its debit is confirmed, then `open`,
 * then `cashed_out` or `lost`; `refused` if the debit was refused, `refunded` if it was rolled back.
 * `settlement` says whether the round's last money call is confirmed by the wallet (`settled`) or
 * still to be (re)sent (`pending`): the settlement job retries those with the same transaction ids.
 */
export const inhouseRounds = pgTable(
  'inhouse_rounds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<'slot' | 'mines'>().notNull(),
    playerId: text('player_id').notNull(),
    gameCode: text('game_code').notNull(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => inhouseSessions.id),
    seedId: bigint('seed_id', { mode: 'number' })
      .notNull()
      .references(() => inhouseSeeds.id),
    nonce: integer('nonce').notNull(),
    clientSeed: text('client_seed').notNull(),
    currency: text('currency').notNull(),
    /** Centavos. */
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    win: bigint('win', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Mines only: the number of mines, the mines' cells and the cells revealed in order. */
    mines: integer('mines'),
    mineCells: integer('mine_cells').array(),
    revealed: integer('revealed')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Slot only: the whole outcome (SlotRound of the contract). */
    outcome: jsonb('outcome'),
    status: text('status').notNull(),
    settlement: text('settlement').$type<'pending' | 'settled'>().notNull().default('pending'),
    /** Money calls sent for the pending settlement (the job gives up waiting after many). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('inhouse_rounds_nonce').on(table.seedId, table.nonce),
    // One mines round in play per player and game: the open one survives a reload.
    uniqueIndex('inhouse_rounds_in_play')
      .on(table.playerId, table.gameCode)
      .where(sql`${table.status} in ('starting', 'open')`),
    index('inhouse_rounds_player').on(table.playerId, table.gameCode, table.id),
    index('inhouse_rounds_unsettled')
      .on(table.id)
      .where(sql`${table.settlement} = 'pending'`),
    check('inhouse_rounds_kind', sql`${table.kind} in ('slot', 'mines')`),
    check(
      'inhouse_rounds_status',
      sql`${table.status} in ('pending', 'settled', 'refused', 'starting', 'open', 'cashed_out', 'lost', 'refunded')`,
    ),
    check('inhouse_rounds_settlement', sql`${table.settlement} in ('pending', 'settled')`),
    check('inhouse_rounds_amounts', sql`${table.bet} > 0 and ${table.win} >= 0`),
    check(
      'inhouse_rounds_mines',
      sql`(${table.kind} = 'mines') = (${table.mines} is not null and ${table.mineCells} is not null)`,
    ),
  ],
);

export type InhouseSessionRow = typeof inhouseSessions.$inferSelect;
export type InhouseSeedRow = typeof inhouseSeeds.$inferSelect;
export type InhouseRoundRow = typeof inhouseRounds.$inferSelect;
export type NewInhouseRoundRow = typeof inhouseRounds.$inferInsert;
