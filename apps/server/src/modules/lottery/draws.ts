import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import {
  betTypeRule, deriveDrawResult, drawSlotAt, drawSlotOf, hashDrawSeed, newDrawSeed, nextDrawSlot, settleBet, ticketsDigest, type DrawSlot,
} from '@palaro/contract';
import type { Db, Tx } from '../../platform/db/database';
import type { JobQueue } from '../../platform/jobs/scheduler';
import type { Logger } from '../../platform/logger';
import { memberCashAccount, postEntries, systemAccount, type EntryDraft } from '../wallet/ledger';
import { lotteryBets, lotteryDraws, lotteryGames, type LotteryDrawRow, type LotteryGameRow } from './schema';
import { announceDraw } from './views';

/**
 * A draw's life on the one job scheduler (docs/LOTTERY.md):
 * - `lottery.schedule` (every few seconds, one replica per tick) makes each enabled game's current
 *   and next draw — each with a fresh seed whose hash is public from then on — and enqueues, in the
 *   same transaction, the draw's lock at its lock time and its draw at its draw time (unique keys,
 *   so a replica racing on the same draw adds nothing).
 * - `lottery.lock` fixes the public value (SHA-256 of the sorted ticket ids): no bet is taken after
 *   it (the bet's transaction holds the draw row FOR SHARE and checks the state and the time).
 * - `lottery.draw` derives the result from the seed and the public value, reveals the seed and
 *   enqueues the settlement in the same transaction.
 * - `lottery.settle` pays the draw's bets in chunks; each chunk's bet states and win entries commit
 *   together, so a crash half-way resumes with the bets still pending and never pays twice (and the
 *   journal's unique (kind, reference) is the second guard).
 *
 * Catch-up: a draw whose jobs came due while every server was down is locked and drawn when a
 * scheduler comes back, late, with its committed seed — its sales had stopped at its lock time by
 * the server's own check, so the tickets are those sold before. Slots that never got a draw row
 * (the schedule job could not run) are written as cancelled draws without tickets, so the history
 * shows them; an outage longer than CATCH_UP_MS is logged and its slots are not written.
 */

export const LOTTERY_JOBS = { schedule: 'lottery.schedule', lock: 'lottery.lock', draw: 'lottery.draw', settle: 'lottery.settle' } as const;
export const SCHEDULE_EVERY_MS = 5000;
const CATCH_UP_MS = 24 * 3600 * 1000;
/** Bets settled per transaction. */
export const SETTLE_CHUNK = 5000;

export interface LotteryDeps {
  db: Db;
  now: () => Date;
  jobs: JobQueue;
  log?: Logger;
}

async function insertDraw(tx: Tx, deps: LotteryDeps, game: LotteryGameRow, slot: DrawSlot, now: number): Promise<void> {
  const serverSeed = newDrawSeed();
  const [draw] = await tx.insert(lotteryDraws).values({
    merchantId: game.merchantId, gameId: game.id, numero: slot.numero, state: slot.opensAt <= now ? 'open' : 'scheduled',
    opensAt: new Date(slot.opensAt), locksAt: new Date(slot.locksAt), drawsAt: new Date(slot.drawsAt),
    serverSeed, seedHash: await hashDrawSeed(serverSeed),
  }).onConflictDoNothing().returning();
  if (!draw) return;
  if (draw.state === 'open') await announceDraw(tx, draw, new Date(now));
  await deps.jobs.enqueue(LOTTERY_JOBS.lock, { drawId: draw.id }, { runAt: new Date(slot.locksAt), uniqueKey: `lock:${draw.id}` }, tx);
  await deps.jobs.enqueue(LOTTERY_JOBS.draw, { drawId: draw.id }, { runAt: new Date(slot.drawsAt), uniqueKey: `draw:${draw.id}` }, tx);
}

/** Writes the slots an outage left without a draw row as cancelled draws (no ticket was sold). */
async function recordMissedSlots(tx: Tx, deps: LotteryDeps, game: LotteryGameRow, current: DrawSlot, now: number): Promise<void> {
  const [latest] = await tx.select({ drawsAt: lotteryDraws.drawsAt }).from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, game.id), lte(lotteryDraws.drawsAt, new Date(current.drawsAt)))).orderBy(desc(lotteryDraws.drawsAt)).limit(1);
  if (!latest || latest.drawsAt.getTime() >= current.opensAt) return;
  if (current.opensAt - latest.drawsAt.getTime() > CATCH_UP_MS) {
    deps.log?.warn({ gameCode: game.gameCode, since: latest.drawsAt }, 'lottery: an outage longer than a day; its slots are not written as cancelled draws');
    return;
  }
  const missed = [];
  for (let slot = nextDrawSlot(game.intervalSeconds, game.lockSeconds, drawSlotOf(game.intervalSeconds, game.lockSeconds, latest.drawsAt.getTime()));
    slot.drawsAt <= current.opensAt; slot = nextDrawSlot(game.intervalSeconds, game.lockSeconds, slot)) {
    const serverSeed = newDrawSeed();
    missed.push({
      merchantId: game.merchantId, gameId: game.id, numero: slot.numero, state: 'cancelled' as const,
      opensAt: new Date(slot.opensAt), locksAt: new Date(slot.locksAt), drawsAt: new Date(slot.drawsAt),
      serverSeed, seedHash: await hashDrawSeed(serverSeed), cancelReason: 'not opened: no server was running', settledAt: new Date(now),
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
      const current = drawSlotAt(game.intervalSeconds, game.lockSeconds, now);
      await recordMissedSlots(tx, deps, game, current, now);
      await insertDraw(tx, deps, game, current, now);
      await insertDraw(tx, deps, game, nextDrawSlot(game.intervalSeconds, game.lockSeconds, current), now);
    });
  }
  await deps.db.transaction(async (tx) => {
    const opened = await tx.update(lotteryDraws).set({ state: 'open' })
      .where(and(eq(lotteryDraws.state, 'scheduled'), lte(lotteryDraws.opensAt, new Date(now)))).returning();
    for (const draw of opened) await announceDraw(tx, draw, new Date(now));
  });
}

async function lockedDrawRow(tx: Tx, drawId: number): Promise<LotteryDrawRow | undefined> {
  const [draw] = await tx.select().from(lotteryDraws).where(eq(lotteryDraws.id, drawId)).for('update');
  return draw;
}

/** A lock or draw job that came early (another replica's clock ahead): it runs again after its back-off. */
class TooEarly extends Error {}

async function lockInside(tx: Tx, draw: LotteryDrawRow, now: Date): Promise<LotteryDrawRow> {
  if (draw.state !== 'open' && draw.state !== 'scheduled') return draw;
  if (now < draw.locksAt) throw new TooEarly(`draw ${draw.id} locks at ${draw.locksAt.toISOString()}`);
  const tickets = await tx.select({ id: lotteryBets.id }).from(lotteryBets).where(eq(lotteryBets.drawId, draw.id));
  const publicValue = await ticketsDigest(tickets.map((ticket) => String(ticket.id)));
  const [locked] = await tx.update(lotteryDraws).set({ state: 'locked', publicValue, ticketCount: tickets.length, lockedAt: now })
    .where(eq(lotteryDraws.id, draw.id)).returning();
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
    if (draw.state === 'locked') {
      const [game] = await tx.select({ family: lotteryGames.family }).from(lotteryGames).where(eq(lotteryGames.id, draw.gameId));
      const result = await deriveDrawResult(game!.family, draw.serverSeed, draw.publicValue!);
      const [drawn] = await tx.update(lotteryDraws).set({ state: 'drawn', result, drawnAt: now }).where(eq(lotteryDraws.id, draw.id)).returning();
      await announceDraw(tx, drawn!, now);
    }
    await deps.jobs.enqueue(LOTTERY_JOBS.settle, { drawId }, { uniqueKey: `settle:${drawId}` }, tx);
  });
}

/** Platform-side accounts of a merchant: the house for real money, play money for trial members. */
async function platformAccounts(tx: Tx, merchantId: number) {
  return { house: (await systemAccount(tx, merchantId, 'house')).id, playMoney: (await systemAccount(tx, merchantId, 'play_money')).id };
}

/**
 * Settles one chunk of a draw's pending bets in one transaction. A drawn draw: the winners' 'win'
 * entries (one per bet, reference LW<betId>) posted set-wise, and every bet of the chunk marked won
 * or lost with its amount. A cancelled (voided) draw: every bet's stake given back ('bet_refund',
 * reference LR<betId>) and the bet marked refunded. Answers how many bets it settled (0: none left).
 */
async function settleChunk(deps: LotteryDeps, draw: LotteryDrawRow, family: string, limit: number, memberAccounts: Map<number, bigint>): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const bets = await tx.select().from(lotteryBets)
      .where(and(eq(lotteryBets.drawId, draw.id), eq(lotteryBets.state, 'pending'))).orderBy(asc(lotteryBets.id)).limit(limit).for('update', { skipLocked: true });
    if (bets.length === 0) return 0;
    const now = deps.now();
    const refund = draw.state === 'cancelled';
    const accounts = await platformAccounts(tx, draw.merchantId);
    const drafts: EntryDraft[] = [];
    const wonIds: number[] = [];
    const wonAmounts: number[] = [];
    const lostIds: number[] = [];
    for (const bet of bets) {
      const rule = betTypeRule(bet.betType);
      if (!rule || rule.family !== family) throw new Error(`bet ${bet.id}: bet type ${bet.betType} is not one of ${family}`);
      const winAmount = refund ? bet.stake : settleBet(rule, bet.picks, draw.result!, bet.prizeGroup, bet.unitStake, bet.multiplier).winAmount;
      if (winAmount === 0) {
        lostIds.push(bet.id);
        continue;
      }
      let accountId = memberAccounts.get(bet.memberId);
      if (accountId === undefined) {
        accountId = (await memberCashAccount(tx, bet.merchantId, bet.memberId)).id;
        memberAccounts.set(bet.memberId, accountId);
      }
      wonIds.push(bet.id);
      wonAmounts.push(winAmount);
      drafts.push({
        merchantId: bet.merchantId, kind: refund ? 'bet_refund' : 'win', reference: `${refund ? 'LR' : 'LW'}${bet.id}`, category: 'ELOTT',
        memo: `Lottery ${draw.numero}${refund ? ' voided' : ''}`,
        lines: [{ accountId, amount: BigInt(winAmount) }, { accountId: bet.trial ? accounts.playMoney : accounts.house, amount: -BigInt(winAmount) }],
      });
    }
    if (drafts.length > 0) await postEntries(tx, drafts);
    if (refund) {
      await tx.update(lotteryBets).set({ state: 'refunded', settledAt: now }).where(and(inArray(lotteryBets.id, wonIds), eq(lotteryBets.state, 'pending')));
    } else if (wonIds.length > 0) {
      await tx.execute(sql`update lottery_bets as b set state = 'won', win_amount = v.win, settled_at = ${now}
        from unnest(${sql.param(wonIds)}::bigint[], ${sql.param(wonAmounts)}::bigint[]) as v(id, win)
        where b.id = v.id and b.state = 'pending'`);
    }
    if (lostIds.length > 0) {
      await tx.update(lotteryBets).set({ state: 'lost', settledAt: now }).where(and(inArray(lotteryBets.id, lostIds), eq(lotteryBets.state, 'pending')));
    }
    return bets.length;
  });
}

/**
 * The settlement job: every pending bet of a drawn draw, chunk by chunk, then the draw is settled;
 * of a voided draw, every pending bet refunded (the draw stays cancelled).
 */
export async function settleDraw(deps: LotteryDeps, drawId: number, options: { chunk?: number; signal?: AbortSignal } = {}): Promise<void> {
  const [row] = await deps.db.select({ draw: lotteryDraws, family: lotteryGames.family }).from(lotteryDraws)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryDraws.gameId)).where(eq(lotteryDraws.id, drawId));
  if (!row || (row.draw.state !== 'drawn' && row.draw.state !== 'cancelled')) return;
  // Members' wallet account ids, read once for the whole draw (an account's id never changes).
  const memberAccounts = new Map<number, bigint>();
  while ((await settleChunk(deps, row.draw, row.family, options.chunk ?? SETTLE_CHUNK, memberAccounts)) > 0) {
    if (options.signal?.aborted) return;
  }
  if (row.draw.state === 'cancelled') return;
  await deps.db.transaction(async (tx) => {
    const [settled] = await tx.update(lotteryDraws).set({ state: 'settled', settledAt: deps.now() })
      .where(and(eq(lotteryDraws.id, drawId), eq(lotteryDraws.state, 'drawn'),
        sql`not exists (select 1 from lottery_bets where draw_id = ${drawId} and state = 'pending')`)).returning();
    if (settled) await announceDraw(tx, settled, deps.now());
  });
}

/**
 * Voids a draw not yet drawn (the operator's call): sales stop at once, the draw is cancelled with
 * its reason and its stakes are refunded by the settlement job (enqueued in the same transaction).
 * Answers false when the draw was already drawn, settled or cancelled.
 */
export async function voidDraw(deps: LotteryDeps, drawId: number, reason: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const draw = await lockedDrawRow(tx, drawId);
    if (!draw || !['scheduled', 'open', 'locked'].includes(draw.state)) return false;
    const now = deps.now();
    const [cancelled] = await tx.update(lotteryDraws).set({ state: 'cancelled', cancelReason: reason, settledAt: now })
      .where(eq(lotteryDraws.id, drawId)).returning();
    await announceDraw(tx, cancelled!, now);
    await deps.jobs.enqueue(LOTTERY_JOBS.settle, { drawId }, { uniqueKey: `settle:${drawId}` }, tx);
    return true;
  });
}

/** The current draw of a game at `now`: the first whose draw time is after now. */
export async function currentDraw(q: Db | Tx, gameId: number, now: Date): Promise<LotteryDrawRow | undefined> {
  const [draw] = await q.select().from(lotteryDraws).where(and(eq(lotteryDraws.gameId, gameId), gt(lotteryDraws.drawsAt, now)))
    .orderBy(asc(lotteryDraws.drawsAt)).limit(1);
  return draw;
}

export { TooEarly };
