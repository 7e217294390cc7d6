import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ChaseStopReason, LotteryBetState } from '@palaro/contract';
import type { Db, Queryable, Tx } from '../../../platform/db/database';
import {
  lotteryBets,
  lotteryChaseDraws,
  lotteryChases,
  lotteryDraws,
  lotteryGames,
  type LotteryBetRow,
  type LotteryChaseDrawRow,
  type LotteryChaseRow,
  type LotteryGameRow,
} from '../schema';

/**
 * Every query on lottery_chases and lottery_chase_draws, and on the bets a chase placed. Lock order
 * (chase.ts, settlement.ts): a chase before its draw rows, before the draw, before its bets.
 */

/** Stops a chase not stopped yet with its reason (its end kept if it had one). */
export async function markChaseStopped(tx: Tx, chaseId: number, reason: ChaseStopReason, now: Date): Promise<void> {
  await tx
    .update(lotteryChases)
    .set({ state: 'stopped', stopReason: reason, endedAt: sql`coalesce(${lotteryChases.endedAt}, ${now})` })
    .where(and(eq(lotteryChases.id, chaseId), ne(lotteryChases.state, 'stopped')));
}

/** Cancels the chase's draws still waiting to be placed. */
export async function cancelWaitingChaseDraws(tx: Tx, chaseId: number): Promise<void> {
  await tx
    .update(lotteryChaseDraws)
    .set({ state: 'cancelled' })
    .where(and(eq(lotteryChaseDraws.chaseId, chaseId), eq(lotteryChaseDraws.state, 'waiting')));
}

/** Cancels the chase's draws placed on `drawIds`. */
export async function cancelChaseDrawsOnDraws(tx: Tx, chaseId: number, drawIds: readonly number[]): Promise<void> {
  await tx
    .update(lotteryChaseDraws)
    .set({ state: 'cancelled' })
    .where(and(eq(lotteryChaseDraws.chaseId, chaseId), inArray(lotteryChaseDraws.drawId, [...drawIds])));
}

/** An active chase with no waiting draw left is finished. */
export async function finishChaseIfDone(tx: Tx, chaseId: number, now: Date): Promise<void> {
  await tx
    .update(lotteryChases)
    .set({ state: 'finished', endedAt: now })
    .where(
      and(
        eq(lotteryChases.id, chaseId),
        eq(lotteryChases.state, 'active'),
        sql`not exists (select 1 from ${lotteryChaseDraws} where ${lotteryChaseDraws.chaseId} = ${chaseId} and ${lotteryChaseDraws.state} = 'waiting')`,
      ),
    );
}

export async function markChaseDrawPlaced(
  tx: Tx,
  chaseDrawId: number,
  drawId: number,
  reference: string,
  now: Date,
): Promise<void> {
  await tx
    .update(lotteryChaseDraws)
    .set({ state: 'placed', drawId, reference, placedAt: now })
    .where(eq(lotteryChaseDraws.id, chaseDrawId));
}

/** A chase draw whose draw went by without it being placed. */
export async function markChaseDrawMissed(tx: Tx, chaseDrawId: number): Promise<void> {
  await tx.update(lotteryChaseDraws).set({ state: 'missed' }).where(eq(lotteryChaseDraws.id, chaseDrawId));
}

export async function insertChase(tx: Tx, chase: typeof lotteryChases.$inferInsert): Promise<LotteryChaseRow> {
  const [row] = await tx.insert(lotteryChases).values(chase).returning();
  return row!;
}

export async function insertChaseDraws(
  tx: Tx,
  draws: (typeof lotteryChaseDraws.$inferInsert)[],
): Promise<LotteryChaseDrawRow[]> {
  return tx.insert(lotteryChaseDraws).values(draws).returning();
}

export async function chaseById(q: Queryable, chaseId: number): Promise<LotteryChaseRow | undefined> {
  const [row] = await q.select().from(lotteryChases).where(eq(lotteryChases.id, chaseId));
  return row;
}

/** The draws of `chaseIds`, by chase and sequence. */
export async function listChaseDraws(q: Queryable, chaseIds: readonly number[]): Promise<LotteryChaseDrawRow[]> {
  return q
    .select()
    .from(lotteryChaseDraws)
    .where(inArray(lotteryChaseDraws.chaseId, [...chaseIds]))
    .orderBy(asc(lotteryChaseDraws.chaseId), asc(lotteryChaseDraws.seq));
}

/** The bets `chaseIds` placed, with their outcome. */
export async function listChaseBets(
  q: Queryable,
  chaseIds: readonly number[],
): Promise<{ chaseId: number | null; drawId: number; state: LotteryBetState; stake: bigint; winAmount: bigint }[]> {
  return q
    .select({
      chaseId: lotteryBets.chaseId,
      drawId: lotteryBets.drawId,
      state: lotteryBets.state,
      stake: lotteryBets.stake,
      winAmount: lotteryBets.winAmount,
    })
    .from(lotteryBets)
    .where(inArray(lotteryBets.chaseId, [...chaseIds]));
}

/** A page of the member's chases with their games, newest first, of one game when named. */
export async function listMemberChases(
  db: Db,
  merchantId: number,
  memberId: number,
  gameCode: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ chase: LotteryChaseRow; game: LotteryGameRow }[]> {
  const conditions = [eq(lotteryChases.merchantId, merchantId), eq(lotteryChases.memberId, memberId)];
  if (gameCode) conditions.push(eq(lotteryGames.gameCode, gameCode));
  return db
    .select({ chase: lotteryChases, game: lotteryGames })
    .from(lotteryChases)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryChases.gameId))
    .where(and(...conditions))
    .orderBy(desc(lotteryChases.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The member's chase with its game, the chase locked FOR UPDATE. */
export async function lockMemberChase(
  tx: Tx,
  merchantId: number,
  memberId: number,
  chaseId: number,
): Promise<{ chase: LotteryChaseRow; game: LotteryGameRow } | undefined> {
  const [row] = await tx
    .select({ chase: lotteryChases, game: lotteryGames })
    .from(lotteryChases)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryChases.gameId))
    .where(
      and(
        eq(lotteryChases.id, chaseId),
        eq(lotteryChases.merchantId, merchantId),
        eq(lotteryChases.memberId, memberId),
      ),
    )
    .for('update', { of: lotteryChases });
  return row;
}

/**
 * The waiting chase draws due now: of a game with an open draw, at or before that draw's numero (a
 * draw can be open on several replicas' reads, so a chase draw may come more than once), in id order.
 */
export async function listDueChaseDraws(db: Db): Promise<{ id: number; chaseId: number }[]> {
  return db
    .select({ id: lotteryChaseDraws.id, chaseId: lotteryChaseDraws.chaseId })
    .from(lotteryDraws)
    .innerJoin(
      lotteryChaseDraws,
      and(
        eq(lotteryChaseDraws.gameId, lotteryDraws.gameId),
        eq(lotteryChaseDraws.state, 'waiting'),
        sql`${lotteryChaseDraws.numero} <= ${lotteryDraws.numero}`,
      ),
    )
    .where(eq(lotteryDraws.state, 'open'))
    .orderBy(asc(lotteryChaseDraws.id));
}

export async function lockChase(tx: Tx, chaseId: number): Promise<LotteryChaseRow | undefined> {
  const [chase] = await tx.select().from(lotteryChases).where(eq(lotteryChases.id, chaseId)).for('update');
  return chase;
}

/** The chase draw, locked FOR UPDATE, if it still waits to be placed. */
export async function lockWaitingChaseDraw(tx: Tx, chaseDrawId: number): Promise<LotteryChaseDrawRow | undefined> {
  const [chaseDraw] = await tx
    .select()
    .from(lotteryChaseDraws)
    .where(and(eq(lotteryChaseDraws.id, chaseDrawId), eq(lotteryChaseDraws.state, 'waiting')))
    .for('update');
  return chaseDraw;
}

/** Of `chaseIds`, those made with stop-on-win and not stopped yet, locked FOR UPDATE in id order. */
export async function lockStopOnWinChases(tx: Tx, chaseIds: readonly number[]): Promise<LotteryChaseRow[]> {
  return tx
    .select()
    .from(lotteryChases)
    .where(
      and(
        inArray(lotteryChases.id, [...chaseIds]),
        eq(lotteryChases.stopOnWin, true),
        ne(lotteryChases.state, 'stopped'),
      ),
    )
    .orderBy(asc(lotteryChases.id))
    .for('update');
}

/** The draws on which the chase has a bet still pending. */
export async function listPendingChaseDrawIds(tx: Tx, chaseId: number): Promise<number[]> {
  const open = await tx
    .selectDistinct({ drawId: lotteryBets.drawId })
    .from(lotteryBets)
    .where(and(eq(lotteryBets.chaseId, chaseId), eq(lotteryBets.state, 'pending')));
  return open.map((row) => row.drawId);
}

/** The chase's pending bets on `drawIds`, locked FOR UPDATE in id order. */
export async function lockPendingChaseBetsOnDraws(
  tx: Tx,
  chaseId: number,
  drawIds: readonly number[],
): Promise<LotteryBetRow[]> {
  return tx
    .select()
    .from(lotteryBets)
    .where(
      and(
        eq(lotteryBets.chaseId, chaseId),
        eq(lotteryBets.state, 'pending'),
        inArray(lotteryBets.drawId, [...drawIds]),
      ),
    )
    .orderBy(asc(lotteryBets.id))
    .for('update');
}
