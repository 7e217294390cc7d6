import { and, asc, desc, eq, gt, lte, ne } from 'drizzle-orm';
import {
  deriveDrawResult,
  drawSlotAt,
  drawSlotOf,
  hashDrawSeed,
  newDrawSeed,
  nextDrawSlot,
  ticketsDigest,
  type DrawSlot,
} from '@palaro/contract';
import type { Db, Tx } from '../../platform/db/database';
import type { JobQueue } from '../../platform/jobs/scheduler';
import type { Logger } from '../../platform/logger';
import { placeChaseDraws } from './chase';
import { lotteryBets, lotteryDraws, lotteryGames, type LotteryDrawRow, type LotteryGameRow } from './schema';
import { LOTTERY_JOBS } from './job-names';
import { drawAwaitingResult, openNextTraditionalDraw } from './traditional-draws';
import { announceDraw } from './views';

/**
 * A draw's life on the one job scheduler (docs/LOTTERY.md):
 * - `lottery.schedule` (every few seconds, one replica per tick) makes each enabled game's current
 *   and next draw — each with a fresh seed whose hash is public from then on — and enqueues, in the
 *   same transaction, the draw's lock at its lock time and its draw at its draw time (unique keys,
 *   so a replica racing on the same draw adds nothing).
 * - `lottery.lock` fixes the public value (SHA-256 of the sorted ticket ids): no bet is taken after
 *   it (the bet's transaction holds the draw row FOR SHARE and checks the state and the time).
 * - `lottery.draw` derives the result from the seed and the public value, reveals the seed, opens
 *   the game's next draw and enqueues the settlement in the same transaction.
 * - `lottery.settle` pays the draw's bets in chunks (settlement.ts).
 *
 * Catch-up: a draw whose jobs came due while every server was down is locked and drawn when a
 * scheduler comes back, late, with its committed seed — its sales had stopped at its lock time by
 * the server's own check, so the tickets are those sold before. Slots that never got a draw row
 * (the schedule job could not run) are written as cancelled draws without tickets, so the history
 * shows them; an outage longer than CATCH_UP_MS is logged and its slots are not written.
 */

export { LOTTERY_JOBS };
export const SCHEDULE_EVERY_MS = 5000;
const CATCH_UP_MS = 24 * 3600 * 1000;

export interface LotteryDeps {
  db: Db;
  now: () => Date;
  jobs: JobQueue;
  log?: Logger;
}

async function insertDraw(tx: Tx, deps: LotteryDeps, game: LotteryGameRow, slot: DrawSlot, now: number): Promise<void> {
  const serverSeed = newDrawSeed();
  const [draw] = await tx
    .insert(lotteryDraws)
    .values({
      merchantId: game.merchantId,
      gameId: game.id,
      numero: slot.numero,
      state: slot.opensAt <= now ? 'open' : 'scheduled',
      opensAt: new Date(slot.opensAt),
      locksAt: new Date(slot.locksAt),
      drawsAt: new Date(slot.drawsAt),
      serverSeed,
      seedHash: await hashDrawSeed(serverSeed),
    })
    .onConflictDoNothing()
    .returning();
  if (!draw) return;
  if (draw.state === 'open') await announceDraw(tx, draw, new Date(now));
  await deps.jobs.enqueue(
    LOTTERY_JOBS.lock,
    { drawId: draw.id },
    { runAt: new Date(slot.locksAt), uniqueKey: `lock:${draw.id}` },
    tx,
  );
  await deps.jobs.enqueue(
    LOTTERY_JOBS.draw,
    { drawId: draw.id },
    { runAt: new Date(slot.drawsAt), uniqueKey: `draw:${draw.id}` },
    tx,
  );
}

/** Writes the slots an outage left without a draw row as cancelled draws (no ticket was sold). */
async function recordMissedSlots(
  tx: Tx,
  deps: LotteryDeps,
  game: LotteryGameRow,
  current: DrawSlot,
  now: number,
): Promise<void> {
  const [latest] = await tx
    .select({ drawsAt: lotteryDraws.drawsAt })
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, game.id), lte(lotteryDraws.drawsAt, new Date(current.drawsAt))))
    .orderBy(desc(lotteryDraws.drawsAt))
    .limit(1);
  if (!latest || latest.drawsAt.getTime() >= current.opensAt) return;
  if (current.opensAt - latest.drawsAt.getTime() > CATCH_UP_MS) {
    deps.log?.warn(
      { gameCode: game.gameCode, since: latest.drawsAt },
      'lottery: an outage longer than a day; its slots are not written as cancelled draws',
    );
    return;
  }
  const missed = [];
  for (
    let slot = nextDrawSlot(
      game.intervalSeconds,
      game.lockSeconds,
      drawSlotOf(game.intervalSeconds, game.lockSeconds, latest.drawsAt.getTime()),
    );
    slot.drawsAt <= current.opensAt;
    slot = nextDrawSlot(game.intervalSeconds, game.lockSeconds, slot)
  ) {
    const serverSeed = newDrawSeed();
    missed.push({
      merchantId: game.merchantId,
      gameId: game.id,
      numero: slot.numero,
      state: 'cancelled' as const,
      opensAt: new Date(slot.opensAt),
      locksAt: new Date(slot.locksAt),
      drawsAt: new Date(slot.drawsAt),
      serverSeed,
      seedHash: await hashDrawSeed(serverSeed),
      cancelReason: 'not opened: no server was running',
      settledAt: new Date(now),
    });
  }
  if (missed.length > 0) await tx.insert(lotteryDraws).values(missed).onConflictDoNothing();
}

/** The schedule tick: every enabled game's current and next draw exist, and those due are open. */
export async function scheduleDraws(deps: LotteryDeps): Promise<void> {
  const now = deps.now().getTime();
  const games = await deps.db.select().from(lotteryGames).where(eq(lotteryGames.enabled, true));
  for (const game of games) {
    await deps.db.transaction(async (tx) => {
      if (game.schedule) return openNextTraditionalDraw(tx, deps, game, now);
      const current = drawSlotAt(game.intervalSeconds, game.lockSeconds, now);
      await recordMissedSlots(tx, deps, game, current, now);
      await insertDraw(tx, deps, game, current, now);
      await insertDraw(tx, deps, game, nextDrawSlot(game.intervalSeconds, game.lockSeconds, current), now);
    });
  }
  await deps.db.transaction((tx) => openDueDraws(tx, new Date(now)));
  await placeChaseDraws(deps);
}

/** Opens the scheduled draws whose sale has begun (of one game, or of every game) and announces each. */
async function openDueDraws(tx: Tx, now: Date, gameId?: number): Promise<void> {
  const due = and(
    eq(lotteryDraws.state, 'scheduled'),
    lte(lotteryDraws.opensAt, now),
    gameId === undefined ? undefined : eq(lotteryDraws.gameId, gameId),
  );
  const opened = await tx.update(lotteryDraws).set({ state: 'open' }).where(due).returning();
  for (const draw of opened) await announceDraw(tx, draw, now);
}

async function lockedDrawRow(tx: Tx, drawId: number): Promise<LotteryDrawRow | undefined> {
  const [draw] = await tx.select().from(lotteryDraws).where(eq(lotteryDraws.id, drawId)).for('update');
  return draw;
}

/** A lock or draw job that came early (another replica's clock ahead): it runs again after its back-off. */
class TooEarly extends Error {}

export async function lockInside(tx: Tx, draw: LotteryDrawRow, now: Date): Promise<LotteryDrawRow> {
  if (draw.state !== 'open' && draw.state !== 'scheduled') return draw;
  if (now < draw.locksAt) throw new TooEarly(`draw ${draw.id} locks at ${draw.locksAt.toISOString()}`);
  // A bet cancelled before the lock is no ticket of the draw (cancel.ts).
  const tickets = await tx
    .select({ id: lotteryBets.id })
    .from(lotteryBets)
    .where(and(eq(lotteryBets.drawId, draw.id), ne(lotteryBets.state, 'cancelled')));
  const publicValue = await ticketsDigest(tickets.map((ticket) => String(ticket.id)));
  const [locked] = await tx
    .update(lotteryDraws)
    .set({ state: 'locked', publicValue, ticketCount: tickets.length, lockedAt: now })
    .where(eq(lotteryDraws.id, draw.id))
    .returning();
  await announceDraw(tx, locked!, now);
  return locked!;
}

/** The lock job: fixes the public value once sales have stopped. Repeating it changes nothing. */
export async function lockDraw(deps: LotteryDeps, drawId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const draw = await lockedDrawRow(tx, drawId);
    if (draw) await lockInside(tx, draw, deps.now());
  });
}

/** The draw job: locks if the lock job has not run yet, derives and publishes the result, enqueues settlement. */
export async function drawDraw(deps: LotteryDeps, drawId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    let draw = await lockedDrawRow(tx, drawId);
    if (!draw || draw.state === 'cancelled' || draw.state === 'settled') return;
    const now = deps.now();
    if (now < draw.drawsAt) throw new TooEarly(`draw ${draw.id} is drawn at ${draw.drawsAt.toISOString()}`);
    draw = await lockInside(tx, draw, now);
    // A draw without a seed is a traditional one: its result comes from the official draw (results.ts), never from here.
    if (draw.serverSeed === null) return;
    if (draw.state === 'locked') {
      const [game] = await tx
        .select({ family: lotteryGames.family })
        .from(lotteryGames)
        .where(eq(lotteryGames.id, draw.gameId));
      const result = await deriveDrawResult(game!.family, draw.serverSeed, draw.publicValue!);
      const [drawn] = await tx
        .update(lotteryDraws)
        .set({ state: 'drawn', result, resultSource: 'rng', drawnAt: now })
        .where(eq(lotteryDraws.id, draw.id))
        .returning();
      await announceDraw(tx, drawn!, now);
      // The next draw's sale begins as this one is drawn: opened here, its screens count down to it at
      // once instead of showing nothing on sale until the next schedule tick (up to SCHEDULE_EVERY_MS).
      await openDueDraws(tx, now, draw.gameId);
    }
    await deps.jobs.enqueue(LOTTERY_JOBS.settle, { drawId }, { uniqueKey: `settle:${drawId}` }, tx);
  });
}

/**
 * Voids a draw not yet drawn (the operator's call): sales stop at once, the draw is cancelled with
 * its reason and its stakes are refunded by the settlement job (enqueued in the same transaction).
 * Answers false when the draw was already drawn, settled or cancelled.
 */
export async function voidDraw(
  deps: LotteryDeps,
  drawId: number,
  reason: string,
  alsoInside?: (tx: Tx, draw: LotteryDrawRow) => Promise<void>,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const draw = await lockedDrawRow(tx, drawId);
    if (!draw || !['scheduled', 'open', 'locked', 'abnormal'].includes(draw.state)) return false;
    const now = deps.now();
    await alsoInside?.(tx, draw);
    const [cancelled] = await tx
      .update(lotteryDraws)
      .set({ state: 'cancelled', cancelReason: reason, settledAt: now })
      .where(eq(lotteryDraws.id, drawId))
      .returning();
    await announceDraw(tx, cancelled!, now);
    await deps.jobs.enqueue(LOTTERY_JOBS.settle, { drawId }, { uniqueKey: `settle:${drawId}` }, tx);
    return true;
  });
}

/**
 * The current draw of a game at `now`: the first whose draw time is after now — or, with none, a
 * draw past its time still waiting for its official result (a traditional draw locked or abnormal),
 * so the screen shows why nothing is on sale.
 */
export async function currentDraw(q: Db | Tx, gameId: number, now: Date): Promise<LotteryDrawRow | undefined> {
  const [draw] = await q
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, gameId), gt(lotteryDraws.drawsAt, now)))
    .orderBy(asc(lotteryDraws.drawsAt))
    .limit(1);
  return draw ?? drawAwaitingResult(q, gameId);
}

export { TooEarly };
