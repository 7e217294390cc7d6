import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  AbnormalReason,
  ChaseDrawState,
  ChaseState,
  ChaseStopReason,
  DrawJackpot,
  DrawState,
  LotteryBetState,
  LotteryFamily,
  LotterySchedule,
  PrizeMode,
  ResultSource,
} from '@palaro/contract';
import { merchants } from '../site/schema';

/**
 * The lottery's tables. Money is never here: stakes and wins are journal entries of the wallet's
 * ledger (kind 'bet' per slip, 'win' per winning bet, 'bet_refund' per refunded bet), posted in the
 * same transaction as the rows below change.
 */

/** A lottery game of a merchant: one edition of a family (a 1-minute SSC, a 5-minute PK10…). */
export const lotteryGames = pgTable(
  'lottery_games',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    gameCode: text('game_code').notNull(),
    gameGroupCode: text('game_group_code').notNull(),
    family: text('family').$type<LotteryFamily>().notNull(),
    /** The prize mode it is sold under (Elott and ZY: drawn by our RNG; ZY: the two-sided board at the game's fixed odds; Lott: official draws). */
    prizeMode: text('prize_mode').$type<PrizeMode>().notNull(),
    nameEn: text('name_en').notNull(),
    nameTl: text('name_tl').notNull(),
    tag: text('tag').notNull().default(''),
    labelName: text('label_name').notNull().default(''),
    menus: jsonb('menus').$type<string[]>().notNull(),
    hot: boolean('hot').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    intervalSeconds: integer('interval_seconds').notNull(),
    lockSeconds: integer('lock_seconds').notNull(),
    /** The merchant's prize group for this game (1950 = 97.5 % return). */
    prizeGroup: integer('prize_group').notNull(),
    /** Centavos. */
    minUnitStake: bigint('min_unit_stake', { mode: 'bigint' }).notNull(),
    maxBetStake: bigint('max_bet_stake', { mode: 'bigint' }).notNull(),
    maxDrawStakePerMember: bigint('max_draw_stake_per_member', { mode: 'bigint' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Whether a player may cancel a pending bet while its draw is on sale (the stake comes back). */
    cancelAllowed: boolean('cancel_allowed').notNull().default(true),
    /**
     * Where results come from: 'rng' (electronic, every intervalSeconds) or, for a traditional game
     * (prize mode Lott, on `schedule`), the official draw's result entered by an operator and confirmed
     * by a second ('operator') or read from `feedUrl` ('feed'; operators may still enter it).
     */
    resultSource: text('result_source').$type<ResultSource>().notNull().default('rng'),
    /** A traditional game's official schedule (lottery/traditional.ts); its intervalSeconds is then a nominal 86400. */
    schedule: jsonb('schedule').$type<LotterySchedule>(),
    feedUrl: text('feed_url'),
    /** How long after its draw time a traditional draw may wait for its result before it is abnormal ('late'). */
    resultGraceSeconds: integer('result_grace_seconds').notNull().default(3600),
  },
  (table) => [
    uniqueIndex('lottery_games_code').on(table.merchantId, table.gameCode),
    check(
      'lottery_games_timing',
      sql`${table.intervalSeconds} > 0 and 86400 % ${table.intervalSeconds} = 0 and ${table.lockSeconds} >= 0 and ${table.lockSeconds} < ${table.intervalSeconds}`,
    ),
    check('lottery_games_prize_group', sql`${table.prizeGroup} between 1700 and 1980`),
    check(
      'lottery_games_limits',
      sql`${table.minUnitStake} > 0 and ${table.maxBetStake} >= ${table.minUnitStake} and ${table.maxDrawStakePerMember} >= ${table.maxBetStake}`,
    ),
    check(
      'lottery_games_source',
      sql`${table.resultSource} in ('rng', 'operator', 'feed') and (${table.resultSource} = 'rng') = (${table.schedule} is null) and (${table.resultSource} = 'feed') = (${table.feedUrl} is not null) and ${table.resultGraceSeconds} > 0`,
    ),
  ],
);

/**
 * One draw of a game. Its seed is made when the row is (its hash is public from then on); the
 * public value is fixed at lock; the result and the seed's reveal at the draw. `state`: open →
 * locked → drawn → settled, or cancelled (every stake refunded).
 */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryGames.id),
    numero: text('numero').notNull(),
    state: text('state').$type<DrawState>().notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    locksAt: timestamp('locks_at', { withTimezone: true }).notNull(),
    drawsAt: timestamp('draws_at', { withTimezone: true }).notNull(),
    /** The RNG's committed seed and its hash; null for a traditional draw (the official draw decides). */
    serverSeed: text('server_seed'),
    seedHash: text('seed_hash'),
    publicValue: text('public_value'),
    ticketCount: integer('ticket_count'),
    result: jsonb('result').$type<number[]>(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Why a draw was cancelled (its stakes refunded). */
    cancelReason: text('cancel_reason'),
    /** Where the result came from once drawn: 'rng', 'operator' (entered, then confirmed by another operator) or 'feed'. */
    resultSource: text('result_source').$type<ResultSource>(),
    /** Who gave the result (an operator's audit actor, or the feed's address) and who confirmed it; when it stood. */
    resultBy: text('result_by'),
    resultConfirmedBy: text('result_confirmed_by'),
    resultAt: timestamp('result_at', { withTimezone: true }),
    /**
     * An operator's first entry of a traditional draw's result: alone it settles nothing; it waits for
     * a second operator's confirmation (and stays as the record once confirmed; a dispute clears it).
     */
    enteredResult: jsonb('entered_result').$type<number[]>(),
    enteredBy: text('entered_by'),
    enteredAt: timestamp('entered_at', { withTimezone: true }),
    /** Why the draw is (or was) abnormal — late, missing, disputed — and since when. */
    abnormalReason: text('abnormal_reason').$type<AbnormalReason>(),
    abnormalAt: timestamp('abnormal_at', { withTimezone: true }),
    /**
     * A jackpot game's draw (6/42), fixed when its result stood: the pool its jackpot winners share
     * (this draw's contribution included), the contribution, and the stakes on the winning numbers
     * (real money and play money apart) that the pool is split by (contract lottery/jackpot.ts).
     */
    jackpot: jsonb('jackpot').$type<StoredDrawJackpot>(),
  },
  (table) => [
    uniqueIndex('lottery_draws_numero').on(table.gameId, table.numero),
    index('lottery_draws_game_time').on(table.gameId, table.drawsAt),
    index('lottery_draws_unfinished')
      .on(table.drawsAt)
      .where(sql`${table.state} in ('open', 'locked', 'drawn', 'abnormal')`),
    check(
      'lottery_draws_state',
      sql`${table.state} in ('scheduled', 'open', 'locked', 'drawn', 'settled', 'cancelled', 'abnormal')`,
    ),
    check(
      'lottery_draws_abnormal',
      sql`${table.state} <> 'abnormal' or (${table.abnormalReason} is not null and ${table.abnormalAt} is not null)`,
    ),
    check('lottery_draws_seeded', sql`(${table.serverSeed} is null) = (${table.seedHash} is null)`),
    check('lottery_draws_times', sql`${table.opensAt} <= ${table.locksAt} and ${table.locksAt} <= ${table.drawsAt}`),
    check(
      'lottery_draws_drawn_has_result',
      sql`${table.state} not in ('drawn', 'settled') or (${table.result} is not null and ${table.publicValue} is not null)`,
    ),
  ],
);

/**
 * A jackpot game's running pool (6/42): it starts at `minimum`, grows by `shareBasisPoints` of each
 * drawn draw's real-money stakes, is shared by that draw's jackpot winners and then starts again at
 * `minimum` (lottery/jackpot.ts). Its money stays in the house account until a winner is paid
 * through the ledger like any win; this row is what the house owes the next jackpot.
 */
export const lotteryJackpots = pgTable(
  'lottery_jackpots',
  {
    gameId: bigint('game_id', { mode: 'number' })
      .primaryKey()
      .references(() => lotteryGames.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Centavos the next draw's jackpot winners share, before that draw's own contribution. */
    pool: bigint('pool', { mode: 'bigint' }).notNull(),
    minimum: bigint('minimum', { mode: 'bigint' }).notNull(),
    shareBasisPoints: integer('share_basis_points').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      'lottery_jackpots_amounts',
      sql`${table.minimum} > 0 and ${table.pool} >= ${table.minimum} and ${table.shareBasisPoints} between 0 and 10000`,
    ),
  ],
);

/** One bet of a slip: its picks expand into `combinations` unit bets (contract lottery/bet-types/). */
export const lotteryBets = pgTable(
  'lottery_bets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** Trial members bet play money (the play-money account, never the house). */
    trial: boolean('trial').notNull(),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryGames.id),
    drawId: bigint('draw_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryDraws.id),
    /** The slip's journal reference (one 'bet' entry debits the whole slip). */
    slipReference: text('slip_reference').notNull(),
    betType: text('bet_type').notNull(),
    picks: jsonb('picks').$type<number[][]>().notNull(),
    combinations: integer('combinations').notNull(),
    unitStake: bigint('unit_stake', { mode: 'bigint' }).notNull(),
    multiplier: integer('multiplier').notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    prizeGroup: integer('prize_group').notNull(),
    state: text('state').$type<LotteryBetState>().notNull().default('pending'),
    // The database's default 0, given as a number: drizzle-kit writes a column's default into its
    // JSON snapshot and cannot write a bigint (0n fails, sql`0` reads as a change and a migration).
    // Only the DDL uses it; an insert that leaves the column out sends DEFAULT.
    winAmount: bigint('win_amount', { mode: 'bigint' })
      .notNull()
      .default(0 as unknown as bigint),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The chase that placed the bet (its draw's slip), if any. */
    chaseId: bigint('chase_id', { mode: 'number' }).references((): AnyPgColumn => lotteryChases.id),
    /**
     * The member's agent line when the bet was placed, when someone on it earns a rebate: each upline
     * (nearest first) with its effective prize group. Settlement records the rebates from it.
     */
    uplineGroups: jsonb('upline_groups').$type<UplineGroup[]>(),
  },
  (table) => [
    index('lottery_bets_member').on(table.merchantId, table.memberId, table.id),
    index('lottery_bets_draw_member').on(table.drawId, table.memberId),
    // No index names `state` (nor a loser's unchanged win_amount): settling a losing bet then
    // changes no indexed column, so its row is updated in place on its page (HOT, with the room the
    // table's fill factor leaves, migration 0021) without a new entry in every index.
    index('lottery_bets_winners')
      .on(table.merchantId, table.winAmount)
      .where(sql`${table.winAmount} > 0`),
    index('lottery_bets_chase')
      .on(table.chaseId)
      .where(sql`${table.chaseId} is not null`),
    check('lottery_bets_state', sql`${table.state} in ('pending', 'won', 'lost', 'refunded', 'cancelled')`),
    check(
      'lottery_bets_amounts',
      sql`${table.stake} = ${table.unitStake} * ${table.multiplier} * ${table.combinations} and ${table.stake} > 0 and ${table.winAmount} >= 0`,
    ),
    check('lottery_bets_settled', sql`(${table.state} = 'pending') = (${table.settledAt} is null)`),
    // What lets the winners' index say `win_amount > 0` for `state = 'won'`.
    check('lottery_bets_won', sql`(${table.state} = 'won') = (${table.winAmount} > 0)`),
  ],
);

/**
 * A draw's jackpot figures (contract DrawJackpot) as its jsonb keeps them: centavos as decimal
 * strings, since JSON has no bigint and a pool past 2^53 would lose centavos as a JSON number;
 * draws fixed before hold numbers (jackpot.ts drawJackpotOf reads both).
 */
export type StoredDrawJackpot = Record<keyof DrawJackpot, string | number>;

/** An upline on a bet's agent line: its member id and effective prize group when the bet was placed. */
export interface UplineGroup {
  agentId: number;
  group: number;
}

/**
 * A member's own prize group (set by its agent or the operator). A member without a row bets at
 * its upline's effective group; the merchant's game group caps everyone (contract
 * prizeGroupsDownLine).
 */
export const lotteryPrizeGroups = pgTable(
  'lottery_prize_groups',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    prizeGroup: integer('prize_group').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('lottery_prize_groups_member').on(table.merchantId, table.memberId),
    check('lottery_prize_groups_range', sql`${table.prizeGroup} between 1700 and 1980`),
  ],
);

/**
 * A chase: one slip (`bets`, each bet at its own multiplier) on a run of draws of one game; each
 * draw's stake is debited when the draw opens (lotteryChaseDraws). `state`: active → finished, or
 * stopped with its reason.
 */
export const lotteryChases = pgTable(
  'lottery_chases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    trial: boolean('trial').notNull(),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryGames.id),
    bets: jsonb('bets').$type<ChasedBet[]>().notNull(),
    /** The slip's stake at draw multiplier 1 (centavos). */
    slipStake: bigint('slip_stake', { mode: 'bigint' }).notNull(),
    /** The member's effective prize group the chase was priced at. */
    prizeGroup: integer('prize_group').notNull(),
    stopOnWin: boolean('stop_on_win').notNull(),
    state: text('state').$type<ChaseState>().notNull().default('active'),
    stopReason: text('stop_reason').$type<ChaseStopReason>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('lottery_chases_member').on(table.merchantId, table.memberId, table.id),
    check('lottery_chases_state', sql`${table.state} in ('active', 'finished', 'stopped')`),
    check(
      'lottery_chases_stopped',
      sql`(${table.state} = 'stopped') = (${table.stopReason} is not null) and (${table.state} = 'active') = (${table.endedAt} is null)`,
    ),
    check('lottery_chases_stake', sql`${table.slipStake} > 0`),
  ],
);

/** One bet of a chased slip, as placed on each of its draws (times the draw's multiplier). */
export interface ChasedBet {
  betType: string;
  picks: number[][];
  combinations: number;
  unitStake: number;
  multiplier: number;
}

/**
 * One draw of a chase, named by its numero (its draw row may not exist yet). Placed when its draw
 * opens: its stake debited as one 'bet' entry (reference `reference`), its bets written.
 */
export const lotteryChaseDraws = pgTable(
  'lottery_chase_draws',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chaseId: bigint('chase_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryChases.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryGames.id),
    seq: integer('seq').notNull(),
    numero: text('numero').notNull(),
    drawsAt: timestamp('draws_at', { withTimezone: true }).notNull(),
    multiplier: integer('multiplier').notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    state: text('state').$type<ChaseDrawState>().notNull().default('waiting'),
    drawId: bigint('draw_id', { mode: 'number' }).references(() => lotteryDraws.id),
    /** The journal reference of its debit (LC<id>) once placed. */
    reference: text('reference'),
    placedAt: timestamp('placed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('lottery_chase_draws_seq').on(table.chaseId, table.seq),
    index('lottery_chase_draws_waiting')
      .on(table.gameId, table.numero)
      .where(sql`${table.state} = 'waiting'`),
    check('lottery_chase_draws_state', sql`${table.state} in ('waiting', 'placed', 'cancelled', 'missed')`),
    check('lottery_chase_draws_placed', sql`(${table.placedAt} is null) = (${table.reference} is null)`),
    check('lottery_chase_draws_stake', sql`${table.stake} > 0 and ${table.multiplier} > 0`),
  ],
);

/**
 * Rebate owed to an agent on a settled bet of its downline (won or lost; a refunded or cancelled bet
 * earns none): stake × (the agent's group − the group of the level below) / 2000. Recorded when
 * the bet settles, once per (bet, agent); paid by the agent issue, not here.
 */
export const lotteryRebates = pgTable(
  'lottery_rebates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    agentMemberId: bigint('agent_member_id', { mode: 'number' }).notNull(),
    /** The member who placed the bet. */
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryBets.id),
    drawId: bigint('draw_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryDraws.id),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    agentGroup: integer('agent_group').notNull(),
    /** The group of the level below the agent on the line (the member's, for its direct upline). */
    childGroup: integer('child_group').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('lottery_rebates_bet_agent').on(table.betId, table.agentMemberId),
    index('lottery_rebates_agent').on(table.merchantId, table.agentMemberId, table.id),
    check('lottery_rebates_amount', sql`${table.amount} > 0 and ${table.agentGroup} > ${table.childGroup}`),
  ],
);

export type LotteryGameRow = typeof lotteryGames.$inferSelect;
export type LotteryDrawRow = typeof lotteryDraws.$inferSelect;
export type LotteryBetRow = typeof lotteryBets.$inferSelect;
export type LotteryChaseRow = typeof lotteryChases.$inferSelect;
export type LotteryChaseDrawRow = typeof lotteryChaseDraws.$inferSelect;
export type LotteryJackpotRow = typeof lotteryJackpots.$inferSelect;
