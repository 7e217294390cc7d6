import { and, asc, desc, eq, gt, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { AbnormalReason, LotteryFamily, ResultSource } from '@palaro/contract';
import type { Db, Queryable, Tx } from '../../../platform/db/database';
import {
  lotteryDraws,
  lotteryGames,
  type LotteryDrawRow,
  type LotteryGameRow,
  type StoredDrawJackpot,
} from '../schema';

/**
 * Every query on lottery_draws: a draw's life (opened, locked, drawn, voided, settled, abnormal),
 * the draws on sale held FOR SHARE by slips and cancels, and the lookups of the player's and the
 * operator's screens. A draw is always changed under its own FOR UPDATE (lockDrawRow) or by a
 * conditional update.
 */

type NewDrawRow = typeof lotteryDraws.$inferInsert;

/** Inserts a draw unless its game has one of that numero; answers it when inserted. */
export async function insertDrawIfMissing(tx: Tx, draw: NewDrawRow): Promise<LotteryDrawRow | undefined> {
  const [inserted] = await tx.insert(lotteryDraws).values(draw).onConflictDoNothing().returning();
  return inserted;
}

/** Inserts the draws whose numero their game does not have yet. */
export async function insertDrawsIfMissing(tx: Tx, draws: NewDrawRow[]): Promise<void> {
  await tx.insert(lotteryDraws).values(draws).onConflictDoNothing();
}

/** The draw time of the game's latest draw drawn at or before `upTo`, if any. */
export async function latestDrawTimeUpTo(tx: Tx, gameId: number, upTo: Date): Promise<Date | undefined> {
  const [latest] = await tx
    .select({ drawsAt: lotteryDraws.drawsAt })
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, gameId), lte(lotteryDraws.drawsAt, upTo)))
    .orderBy(desc(lotteryDraws.drawsAt))
    .limit(1);
  return latest?.drawsAt;
}

/** Opens the scheduled draws whose sale has begun by `now` (of one game, or of every game); answers them. */
export async function markDueDrawsOpen(tx: Tx, now: Date, gameId?: number): Promise<LotteryDrawRow[]> {
  const due = and(
    eq(lotteryDraws.state, 'scheduled'),
    lte(lotteryDraws.opensAt, now),
    gameId === undefined ? undefined : eq(lotteryDraws.gameId, gameId),
  );
  return tx.update(lotteryDraws).set({ state: 'open' }).where(due).returning();
}

/** The draw's row, locked FOR UPDATE: every change of a draw's state is made under it. */
export async function lockDrawRow(tx: Tx, drawId: number): Promise<LotteryDrawRow | undefined> {
  const [draw] = await tx.select().from(lotteryDraws).where(eq(lotteryDraws.id, drawId)).for('update');
  return draw;
}

/** The draw and its game, the draw locked FOR UPDATE. */
export async function lockDrawWithGame(
  tx: Tx,
  drawId: number,
): Promise<{ draw: LotteryDrawRow; game: LotteryGameRow } | undefined> {
  const [row] = await tx
    .select({ draw: lotteryDraws, game: lotteryGames })
    .from(lotteryDraws)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryDraws.gameId))
    .where(eq(lotteryDraws.id, drawId))
    .for('update', { of: lotteryDraws });
  return row;
}

/** The draw and its game, read without a lock. */
export async function drawWithGame(
  db: Db,
  drawId: number,
): Promise<{ draw: LotteryDrawRow; game: LotteryGameRow } | undefined> {
  const [row] = await db
    .select({ draw: lotteryDraws, game: lotteryGames })
    .from(lotteryDraws)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryDraws.gameId))
    .where(eq(lotteryDraws.id, drawId));
  return row;
}

/** The draw and its game's family, read without a lock (the settlement's start). */
export async function drawWithFamily(
  db: Db,
  drawId: number,
): Promise<{ draw: LotteryDrawRow; family: LotteryFamily } | undefined> {
  const [row] = await db
    .select({ draw: lotteryDraws, family: lotteryGames.family })
    .from(lotteryDraws)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryDraws.gameId))
    .where(eq(lotteryDraws.id, drawId));
  return row;
}

/** The game's draw `numero`, held FOR SHARE (the lock job's FOR UPDATE waits for the caller's commit). */
export async function lockDrawForSale(tx: Tx, gameId: number, numero: string): Promise<LotteryDrawRow | undefined> {
  const [draw] = await tx
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, gameId), eq(lotteryDraws.numero, numero)))
    .for('share');
  return draw;
}

/** The draws of a group of slips (by game and numero), each with its game as it is now, the draws held FOR SHARE. */
export async function lockDrawsForSale(
  tx: Tx,
  wanted: readonly { gameId: number; numero: string }[],
): Promise<{ draw: LotteryDrawRow; game: LotteryGameRow }[]> {
  return tx
    .select({ draw: lotteryDraws, game: lotteryGames })
    .from(lotteryDraws)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryDraws.gameId))
    .where(
      sql`(${lotteryDraws.gameId}, ${lotteryDraws.numero}) in (${sql.join(
        wanted.map(({ gameId, numero }) => sql`(${gameId}::bigint, ${numero}::text)`),
        sql`, `,
      )})`,
    )
    .for('share', { of: lotteryDraws });
}

/** The draws `drawIds`, each with its game, the draws held FOR SHARE in id order. */
export async function lockDrawsWithGamesForShare(
  tx: Tx,
  drawIds: readonly number[],
): Promise<{ draw: LotteryDrawRow; game: LotteryGameRow }[]> {
  return tx
    .select({ draw: lotteryDraws, game: lotteryGames })
    .from(lotteryDraws)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryDraws.gameId))
    .where(inArray(lotteryDraws.id, [...drawIds]))
    .orderBy(asc(lotteryDraws.id))
    .for('share', { of: lotteryDraws });
}

/** The draws `drawIds`, held FOR SHARE in id order. */
export async function lockDrawsForShare(tx: Tx, drawIds: readonly number[]): Promise<LotteryDrawRow[]> {
  return tx
    .select()
    .from(lotteryDraws)
    .where(inArray(lotteryDraws.id, [...drawIds]))
    .orderBy(asc(lotteryDraws.id))
    .for('share');
}

async function updateDraw(tx: Tx, drawId: number, change: Partial<NewDrawRow>): Promise<LotteryDrawRow> {
  const [draw] = await tx.update(lotteryDraws).set(change).where(eq(lotteryDraws.id, drawId)).returning();
  return draw!;
}

/** Sales stopped: the draw locked with its public value over its tickets. */
export function markDrawLocked(
  tx: Tx,
  drawId: number,
  lock: { publicValue: string; ticketCount: number; lockedAt: Date },
): Promise<LotteryDrawRow> {
  return updateDraw(tx, drawId, { state: 'locked', ...lock });
}

/** An electronic draw drawn by our RNG. */
export function markDrawDrawnByRng(tx: Tx, drawId: number, result: number[], now: Date): Promise<LotteryDrawRow> {
  return updateDraw(tx, drawId, { state: 'drawn', result, resultSource: 'rng', drawnAt: now });
}

/** A traditional draw's official result stands: drawn, with who gave it and its jackpot. */
export function markDrawDrawnOfficially(
  tx: Tx,
  drawId: number,
  official: {
    result: number[];
    resultSource: Exclude<ResultSource, 'rng'>;
    resultBy: string;
    resultConfirmedBy: string | null;
    jackpot: StoredDrawJackpot | null;
  },
  now: Date,
): Promise<LotteryDrawRow> {
  return updateDraw(tx, drawId, { state: 'drawn', ...official, resultAt: now, drawnAt: now });
}

/** Voided: cancelled with its reason (its stakes are refunded by the settlement). */
export function markDrawVoided(tx: Tx, drawId: number, reason: string, now: Date): Promise<LotteryDrawRow> {
  return updateDraw(tx, drawId, { state: 'cancelled', cancelReason: reason, settledAt: now });
}

/** Abnormal with its reason; `clearEntry` forgets an operator's first entry of the result. */
export function markDrawAbnormal(
  tx: Tx,
  drawId: number,
  reason: AbnormalReason,
  now: Date,
  clearEntry: boolean,
): Promise<LotteryDrawRow> {
  return updateDraw(tx, drawId, {
    state: 'abnormal',
    abnormalReason: reason,
    abnormalAt: now,
    ...(clearEntry && { enteredResult: null, enteredBy: null, enteredAt: null }),
  });
}

/** An operator's first entry of a traditional draw's result. */
export function recordResultEntry(
  tx: Tx,
  drawId: number,
  result: number[],
  enteredBy: string,
  now: Date,
): Promise<LotteryDrawRow> {
  return updateDraw(tx, drawId, { enteredResult: result, enteredBy, enteredAt: now });
}

/**
 * A drawn draw settled, if it still is drawn and — with `unlessBetsPending` — none of its bets is
 * pending; answers it when changed.
 */
export async function markDrawSettled(
  tx: Tx,
  drawId: number,
  now: Date,
  unlessBetsPending: boolean,
): Promise<LotteryDrawRow | undefined> {
  const nonePending = unlessBetsPending
    ? sql`not exists (select 1 from lottery_bets where draw_id = ${drawId} and state = 'pending')`
    : sql`true`;
  const [settled] = await tx
    .update(lotteryDraws)
    .set({ state: 'settled', settledAt: now })
    .where(and(eq(lotteryDraws.id, drawId), eq(lotteryDraws.state, 'drawn'), nonePending))
    .returning();
  return settled;
}

/** The game's first draw whose draw time is after `now`. */
export async function firstDrawAfter(q: Queryable, gameId: number, now: Date): Promise<LotteryDrawRow | undefined> {
  const [draw] = await q
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, gameId), gt(lotteryDraws.drawsAt, now)))
    .orderBy(asc(lotteryDraws.drawsAt))
    .limit(1);
  return draw;
}

/** The game's latest draw waiting for its official result (locked or abnormal), if any. */
export async function latestDrawAwaitingResult(q: Queryable, gameId: number): Promise<LotteryDrawRow | undefined> {
  const [draw] = await q
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, gameId), inArray(lotteryDraws.state, ['locked', 'abnormal'])))
    .orderBy(desc(lotteryDraws.drawsAt))
    .limit(1);
  return draw;
}

/** The game's latest draw, whatever its state. */
export async function latestDraw(tx: Tx, gameId: number): Promise<LotteryDrawRow | undefined> {
  const [draw] = await tx
    .select()
    .from(lotteryDraws)
    .where(eq(lotteryDraws.gameId, gameId))
    .orderBy(desc(lotteryDraws.drawsAt))
    .limit(1);
  return draw;
}

/** The game's draw open or locked (a traditional game has one at a time), if any. */
export async function findOpenOrLockedDraw(tx: Tx, gameId: number): Promise<LotteryDrawRow | undefined> {
  const [draw] = await tx
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, gameId), inArray(lotteryDraws.state, ['open', 'locked'])));
  return draw;
}

export async function findDrawByNumero(
  q: Queryable,
  gameId: number,
  numero: string,
): Promise<LotteryDrawRow | undefined> {
  const [draw] = await q
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, gameId), eq(lotteryDraws.numero, numero)));
  return draw;
}

/** The game's latest draws with a result, newest first. */
export async function listDrawnDraws(db: Db, gameId: number, limit: number): Promise<LotteryDrawRow[]> {
  return db
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, gameId), isNotNull(lotteryDraws.result)))
    .orderBy(desc(lotteryDraws.drawsAt))
    .limit(limit);
}

/** The game's most recent draws (scheduled ones included), newest first. */
export async function listRecentDraws(db: Db, gameId: number, limit: number): Promise<LotteryDrawRow[]> {
  return db
    .select()
    .from(lotteryDraws)
    .where(eq(lotteryDraws.gameId, gameId))
    .orderBy(desc(lotteryDraws.drawsAt))
    .limit(limit);
}

/**
 * The merchant's draws the operator's monitor shows (of every game, or the one named), by game and
 * draw time: drawn but not settled, abnormal, open or locked past their draw time, cancelled with
 * stakes still to refund.
 */
export async function listUnfinishedDraws(
  db: Db,
  merchantId: number,
  gameCode: string | undefined,
  now: Date,
  limit: number,
): Promise<{ draw: LotteryDrawRow; game: LotteryGameRow }[]> {
  // Open or locked before its draw time is a draw's normal life, not the operator's business.
  const unfinished = or(
    inArray(lotteryDraws.state, ['drawn', 'abnormal']),
    and(inArray(lotteryDraws.state, ['open', 'locked']), lte(lotteryDraws.drawsAt, now)),
    and(
      eq(lotteryDraws.state, 'cancelled'),
      sql`exists (select 1 from lottery_bets where draw_id = ${lotteryDraws.id} and state = 'pending')`,
    ),
  );
  return db
    .select({ draw: lotteryDraws, game: lotteryGames })
    .from(lotteryDraws)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryDraws.gameId))
    .where(
      and(
        eq(lotteryDraws.merchantId, merchantId),
        unfinished,
        gameCode ? eq(lotteryGames.gameCode, gameCode.toUpperCase()) : undefined,
      ),
    )
    .orderBy(asc(lotteryGames.sortOrder), asc(lotteryGames.gameCode), asc(lotteryDraws.drawsAt))
    .limit(limit);
}
