import { and, desc, eq, inArray } from 'drizzle-orm';
import { nextScheduledSlot } from '@palaro/contract';
import type { Db, Tx } from '../../platform/db/database';
import type { LotteryDeps } from './draws';
import { LOTTERY_JOBS, TRADITIONAL_JOBS } from './job-names';
import { lotteryDraws, lotteryGames, type LotteryDrawRow, type LotteryGameRow } from './schema';
import { announceDraw } from './views';

/**
 * A traditional game's draws on the schedule tick (results.ts has the rest of their life): one
 * draw at a time on the official schedule, each with its lock, result-due and feed jobs.
 */

/**
 * The schedule tick's part for a traditional game: its next draw, once the latest has its result or
 * was voided. The game row is held FOR UPDATE so a tick and a result never open two draws at once.
 */
export async function openNextTraditionalDraw(
  tx: Tx,
  deps: LotteryDeps,
  game: LotteryGameRow,
  now: number,
): Promise<void> {
  await tx.select({ id: lotteryGames.id }).from(lotteryGames).where(eq(lotteryGames.id, game.id)).for('update');
  const [latest] = await tx
    .select()
    .from(lotteryDraws)
    .where(eq(lotteryDraws.gameId, game.id))
    .orderBy(desc(lotteryDraws.drawsAt))
    .limit(1);
  if (latest && !['drawn', 'settled', 'cancelled'].includes(latest.state)) return;
  const slot = nextScheduledSlot(game.schedule!, game.lockSeconds, latest?.drawsAt.getTime() ?? null, now);
  const [draw] = await tx
    .insert(lotteryDraws)
    .values({
      merchantId: game.merchantId,
      gameId: game.id,
      numero: slot.numero,
      state: 'open',
      opensAt: new Date(slot.opensAt),
      locksAt: new Date(slot.locksAt),
      drawsAt: new Date(slot.drawsAt),
    })
    .onConflictDoNothing()
    .returning();
  if (!draw) return;
  await announceDraw(tx, draw, new Date(now));
  await deps.jobs.enqueue(
    LOTTERY_JOBS.lock,
    { drawId: draw.id },
    { runAt: draw.locksAt, uniqueKey: `lock:${draw.id}` },
    tx,
  );
  await deps.jobs.enqueue(
    TRADITIONAL_JOBS.due,
    { drawId: draw.id },
    { runAt: resultDueAt(game, draw), uniqueKey: `due:${draw.id}` },
    tx,
  );
  if (game.resultSource === 'feed') {
    await deps.jobs.enqueue(
      TRADITIONAL_JOBS.feed,
      { drawId: draw.id, poll: 1 },
      { runAt: draw.drawsAt, uniqueKey: `feed:${draw.id}:1` },
      tx,
    );
  }
}

export function resultDueAt(game: LotteryGameRow, draw: LotteryDrawRow): Date {
  return new Date(draw.drawsAt.getTime() + game.resultGraceSeconds * 1000);
}

/** A game's latest draw past its time still waiting for its official result (locked or abnormal), if any. */
export async function drawAwaitingResult(q: Db | Tx, gameId: number): Promise<LotteryDrawRow | undefined> {
  const [draw] = await q
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, gameId), inArray(lotteryDraws.state, ['locked', 'abnormal'])))
    .orderBy(desc(lotteryDraws.drawsAt))
    .limit(1);
  return draw;
}
