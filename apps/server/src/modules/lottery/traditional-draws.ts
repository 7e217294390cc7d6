import { nextScheduledSlot } from '@palaro/contract';
import type { Tx } from '../../platform/db/database';
import type { LotteryDeps } from './draws';
import { LOTTERY_JOBS, TRADITIONAL_JOBS } from './job-names';
import { opensNextTraditionalDraw, resultDueAt } from './rules';
import type { LotteryGameRow } from './schema';
import { insertDrawIfMissing, latestDraw } from './store/draws';
import { holdGame } from './store/games';
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
  await holdGame(tx, game.id);
  const latest = await latestDraw(tx, game.id);
  if (!opensNextTraditionalDraw(latest)) return;
  const slot = nextScheduledSlot(game.schedule!, game.lockSeconds, latest?.drawsAt.getTime() ?? null, now);
  const draw = await insertDrawIfMissing(tx, {
    merchantId: game.merchantId,
    gameId: game.id,
    numero: slot.numero,
    state: 'open',
    opensAt: new Date(slot.opensAt),
    locksAt: new Date(slot.locksAt),
    drawsAt: new Date(slot.drawsAt),
  });
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
