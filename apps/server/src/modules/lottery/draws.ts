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
import { LOTTERY_JOBS } from './job-names';
import { awaitsLock, isPastLockTime, isVoidable } from './rules';
import type { LotteryDrawRow, LotteryGameRow } from './schema';
import { listTicketIds } from './store/bets';
import {
  firstDrawAfter,
  insertDrawIfMissing,
  insertDrawsIfMissing,
  latestDrawAwaitingResult,
  latestDrawTimeUpTo,
  lockDrawRow,
  markDrawDrawnByRng,
  markDrawLocked,
  markDrawVoided,
  markDueDrawsOpen,
} from './store/draws';
import { familyOfGame, listEnabledGames } from './store/games';
import { openNextTraditionalDraw } from './traditional-draws';
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
  const draw = await insertDrawIfMissing(tx, {
    merchantId: game.merchantId,
    gameId: game.id,
    numero: slot.numero,
    state: slot.opensAt <= now ? 'open' : 'scheduled',
    opensAt: new Date(slot.opensAt),
    locksAt: new Date(slot.locksAt),
    drawsAt: new Date(slot.drawsAt),
    serverSeed,
    seedHash: await hashDrawSeed(serverSeed),
  });
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
  const latestDrawsAt = await latestDrawTimeUpTo(tx, game.id, new Date(current.drawsAt));
  if (!latestDrawsAt || latestDrawsAt.getTime() >= current.opensAt) return;
  if (current.opensAt - latestDrawsAt.getTime() > CATCH_UP_MS) {
    deps.log?.warn(
      { gameCode: game.gameCode, since: latestDrawsAt },
      'lottery: an outage longer than a day; its slots are not written as cancelled draws',
    );
    return;
  }
  const missed = [];
  for (
    let slot = nextDrawSlot(
      game.intervalSeconds,
      game.lockSeconds,
      drawSlotOf(game.intervalSeconds, game.lockSeconds, latestDrawsAt.getTime()),
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
  if (missed.length > 0) await insertDrawsIfMissing(tx, missed);
}

/** The schedule tick: every enabled game's current and next draw exist, and those due are open. */
export async function scheduleDraws(deps: LotteryDeps): Promise<void> {
  const now = deps.now().getTime();
  const games = await listEnabledGames(deps.db);
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
  const opened = await markDueDrawsOpen(tx, now, gameId);
  for (const draw of opened) await announceDraw(tx, draw, now);
}

/** A lock or draw job that came early (another replica's clock ahead): it runs again after its back-off. */
class TooEarly extends Error {}

export async function lockInside(tx: Tx, draw: LotteryDrawRow, now: Date): Promise<LotteryDrawRow> {
  if (!awaitsLock(draw)) return draw;
  if (!isPastLockTime(draw, now)) throw new TooEarly(`draw ${draw.id} locks at ${draw.locksAt.toISOString()}`);
  // A bet cancelled before the lock is no ticket of the draw (cancel.ts).
  const tickets = await listTicketIds(tx, draw.id);
  const publicValue = await ticketsDigest(tickets.map(String));
  const locked = await markDrawLocked(tx, draw.id, { publicValue, ticketCount: tickets.length, lockedAt: now });
  await announceDraw(tx, locked, now);
  return locked;
}

/** The lock job: fixes the public value once sales have stopped. Repeating it changes nothing. */
export async function lockDraw(deps: LotteryDeps, drawId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const draw = await lockDrawRow(tx, drawId);
    if (draw) await lockInside(tx, draw, deps.now());
  });
}

/** The draw job: locks if the lock job has not run yet, derives and publishes the result, enqueues settlement. */
export async function drawDraw(deps: LotteryDeps, drawId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    let draw = await lockDrawRow(tx, drawId);
    if (!draw || draw.state === 'cancelled' || draw.state === 'settled') return;
    const now = deps.now();
    if (now < draw.drawsAt) throw new TooEarly(`draw ${draw.id} is drawn at ${draw.drawsAt.toISOString()}`);
    draw = await lockInside(tx, draw, now);
    // A draw without a seed is a traditional one: its result comes from the official draw (results.ts), never from here.
    if (draw.serverSeed === null) return;
    if (draw.state === 'locked') {
      const family = await familyOfGame(tx, draw.gameId);
      const result = await deriveDrawResult(family!, draw.serverSeed, draw.publicValue!);
      const drawn = await markDrawDrawnByRng(tx, draw.id, result, now);
      await announceDraw(tx, drawn, now);
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
    const draw = await lockDrawRow(tx, drawId);
    if (!draw || !isVoidable(draw)) return false;
    const now = deps.now();
    await alsoInside?.(tx, draw);
    const cancelled = await markDrawVoided(tx, drawId, reason, now);
    await announceDraw(tx, cancelled, now);
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
  const draw = await firstDrawAfter(q, gameId, now);
  return draw ?? latestDrawAwaitingResult(q, gameId);
}

export { TooEarly };
