import { and, eq, sql, type SQL } from 'drizzle-orm';
import { betTypeRule, jackpotBasis, settleBet } from '@palaro/contract';
import type { Tx } from '../../platform/db/database';
import { memberCashAccountIds, postBulk, systemAccount, type EntryDraft } from '../wallet/ledger';
import { afterBetsSettled } from './after-settlement';
import type { LotteryDeps } from './draws';
import { lotteryBets, lotteryDraws, lotteryGames, type LotteryDrawRow } from './schema';
import { announceDraw } from './views';

/**
 * The `lottery.settle` job (docs/LOTTERY.md): a drawn or voided draw's bets paid in chunks; each
 * chunk's bet states and win entries commit together, so a crash half-way resumes with the bets
 * still pending and never pays twice (and the journal's unique (kind, reference) is the second guard).
 */

/**
 * Bets settled per transaction. Larger chunks spread each transaction's fixed costs (the commit's
 * flush, the statements' planning) over more bets; the memory a chunk takes (its bets and their
 * entries) is a few megabytes; the house account is locked only for the chunk's last statement.
 */
export const SETTLE_CHUNK = 10_000;

/**
 * Chunks in flight at once. Each reads its bets, computes them and writes their outcomes while
 * the other is in its write turn — the chunk's turnover, rebates and chases (afterBetsSettled),
 * its wins and its commit — so the database works on one chunk while the server computes the next.
 * The write turns come one at a time: they touch rows that chunks share (members' turnover and
 * wallets, the house account), so two at once would only queue on those locks or deadlock.
 */
export const SETTLE_WORKERS = 2;

/** Platform-side accounts of a merchant: the house for real money, play money for trial members. */
async function platformAccounts(tx: Tx, merchantId: number) {
  return { house: (await systemAccount(tx, merchantId, 'house')).id, playMoney: (await systemAccount(tx, merchantId, 'play_money')).id };
}

/** Adds to `known` the wallet account of each member in `memberIds` it lacks, in one query. */
async function addMemberAccounts(tx: Tx, merchantId: number, memberIds: ReadonlySet<number>, known: Map<number, bigint>): Promise<void> {
  const missing = [...memberIds].filter((memberId) => !known.has(memberId));
  for (const [memberId, accountId] of await memberCashAccountIds(tx, merchantId, missing)) known.set(memberId, accountId);
}

/**
 * Settles one chunk of a draw's pending bets (`betIds`, ascending) in one transaction, in three
 * statements whatever its size: the bets read by key, every bet's outcome written by one update, and
 * the wins posted by one bulk posting. A drawn draw: each winning bet's 'win' entry (reference
 * LW<betId>; a losing bet needs none) and every bet marked won or lost with its amount. A cancelled
 * (voided) draw: every bet's stake given back ('bet_refund', reference LR<betId>) and the bet marked
 * refunded. The read takes no row locks (locking 10,000 rows wrote a WAL record each): the update
 * changes only bets still pending and answers which it changed, and only those are paid, so a
 * second settler of the same draw (another replica) never pays a bet twice — it waits for the
 * first's chunk to commit and then finds those bets settled. Answers how many bets it settled.
 */
async function settleChunk(
  deps: LotteryDeps, draw: LotteryDrawRow, family: string, betIds: readonly number[], memberAccounts: Map<number, bigint>, takeWriteTurn: () => Promise<() => void>,
): Promise<number> {
  let endTurn: (() => void) | undefined;
  try {
    return await deps.db.transaction(async (tx) => settleInside(tx));
  } finally {
    endTurn?.();
  }

  async function settleInside(tx: Tx): Promise<number> {
    // The key range as well as the keys: with it the planner reads the chunk's rows by key whatever
    // it guesses `= any` finds (without it, a table holding few draws was read whole for each chunk).
    const keys = sql.param(`{${betIds.join(',')}}`);
    const chunkKeys = (id: SQL) => sql`${id} between ${betIds[0]} and ${betIds[betIds.length - 1]} and ${id} = any(${keys}::bigint[])`;
    const read = await tx.select({
      id: lotteryBets.id, merchantId: lotteryBets.merchantId, memberId: lotteryBets.memberId, trial: lotteryBets.trial, betType: lotteryBets.betType,
      picks: lotteryBets.picks, unitStake: lotteryBets.unitStake, multiplier: lotteryBets.multiplier, stake: lotteryBets.stake,
      prizeGroup: lotteryBets.prizeGroup, chaseId: lotteryBets.chaseId, uplineGroups: lotteryBets.uplineGroups,
    }).from(lotteryBets).where(and(chunkKeys(sql`${lotteryBets.id}`), eq(lotteryBets.state, 'pending')));
    if (read.length === 0) return 0;
    const now = deps.now();
    const refund = draw.state === 'cancelled';
    const amounts = read.map((bet) => {
      if (refund) return bet.stake;
      const rule = betTypeRule(bet.betType);
      if (!rule || rule.family !== family) throw new Error(`bet ${bet.id}: bet type ${bet.betType} is not one of ${family}`);
      return settleBet(rule, bet.picks, draw.result!, bet.prizeGroup, bet.unitStake, bet.multiplier, jackpotBasis(draw.jackpot, bet.trial)).winAmount;
    });
    const states = amounts.map((win) => (refund ? 'refunded' : win > 0 ? 'won' : 'lost'));
    // `b.id = any(…)` (in chunkKeys) lets the rows be found by their key: joined on the values
    // alone, the planner hashed the whole table (every draw's bets, ever) for each chunk.
    const updated = (await tx.execute(sql`update lottery_bets as b set state = v.state, win_amount = v.win, settled_at = ${now}
      from unnest(${sql.param(read.map((bet) => bet.id))}::bigint[], ${sql.param(states)}::text[], ${sql.param(refund ? read.map(() => 0) : amounts)}::bigint[]) as v(id, state, win)
      where ${chunkKeys(sql`b.id`)} and b.id = v.id and b.state = 'pending' returning b.id`)) as unknown as { rows: { id: string }[] };
    const mine = new Set(updated.rows.map((row) => Number(row.id)));
    const bets = read.filter((bet) => mine.has(bet.id));
    const winAmounts = amounts.filter((_, index) => mine.has(read[index]!.id));
    if (bets.length === 0) return 0;
    const winners = bets.filter((_, index) => winAmounts[index]! > 0);
    await addMemberAccounts(tx, draw.merchantId, new Set(winners.map((bet) => bet.memberId)), memberAccounts);
    const wonIds = refund ? [] : winners.map((bet) => bet.id);
    endTurn = await takeWriteTurn();
    await afterBetsSettled(tx, { bets, wonBetIds: wonIds, refunded: refund, now });
    // The wins last: posting locks the house account, which every bet placed on the merchant also
    // locks, so it is held only from here to the commit.
    const accounts = await platformAccounts(tx, draw.merchantId);
    const memo = `Lottery ${draw.numero}${refund ? ' voided' : ''}`;
    await postBulk(tx, bets.flatMap((bet, index): EntryDraft[] => {
      const amount = BigInt(winAmounts[index]!);
      if (amount === 0n) return [];
      return [{
        merchantId: bet.merchantId, kind: refund ? 'bet_refund' : 'win', reference: `${refund ? 'LR' : 'LW'}${bet.id}`, category: 'ELOTT', memo,
        lines: [{ accountId: memberAccounts.get(bet.memberId)!, amount }, { accountId: bet.trial ? accounts.playMoney : accounts.house, amount: -amount }],
      }];
    }));
    return bets.length;
  }
}

/**
 * Turns taken in order, one at a time: `take` answers, once every earlier turn has ended, the
 * function that ends this one.
 */
function turns(): () => Promise<() => void> {
  let last = Promise.resolve();
  return () => {
    const previous = last;
    let end!: () => void;
    last = new Promise<void>((resolve) => (end = resolve));
    return previous.then(() => end);
  };
}

/**
 * The settlement job: every pending bet of a drawn draw, chunk by chunk, then the draw is settled;
 * of a voided draw, every pending bet refunded (the draw stays cancelled).
 */
export async function settleDraw(deps: LotteryDeps, drawId: number, options: { chunk?: number; workers?: number; signal?: AbortSignal } = {}): Promise<void> {
  const [row] = await deps.db.select({ draw: lotteryDraws, family: lotteryGames.family }).from(lotteryDraws)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryDraws.gameId)).where(eq(lotteryDraws.id, drawId));
  if (!row || (row.draw.state !== 'drawn' && row.draw.state !== 'cancelled')) return;
  // Members' wallet account ids, read once for the whole draw (an account's id never changes).
  const memberAccounts = new Map<number, bigint>();
  const takeWriteTurn = turns();
  // The draw's pending bets, read once and handed out in chunks of ids: a chunk's bets are then read
  // by key, where looking for pending bets of the draw walks past those already settled (no index
  // names a bet's state, so that settling one can be a HOT update: schema.ts).
  const pending = (await deps.db.select({ id: lotteryBets.id }).from(lotteryBets)
    .where(and(eq(lotteryBets.drawId, drawId), eq(lotteryBets.state, 'pending'))).orderBy(lotteryBets.id)).map((bet) => bet.id);
  const size = options.chunk ?? SETTLE_CHUNK;
  const chunks = Array.from({ length: Math.ceil(pending.length / size) }, (_, index) => pending.slice(index * size, (index + 1) * size));
  let settledHere = 0;
  let stop = false;
  const outcomes = await Promise.allSettled(Array.from({ length: options.workers ?? SETTLE_WORKERS }, async () => {
    try {
      for (let betIds = chunks.shift(); betIds && !stop && !options.signal?.aborted; betIds = chunks.shift()) {
        settledHere += await settleChunk(deps, row.draw, row.family, betIds, memberAccounts, takeWriteTurn);
      }
    } catch (error) {
      // One worker's failure stops the others after their chunk in flight.
      stop = true;
      throw error;
    }
  }));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  if (options.signal?.aborted || row.draw.state === 'cancelled') return;
  // No bet joins a drawn draw, so when this run settled every bet pending at its start none is
  // left; otherwise (another settler took some) the draw's bets are looked at.
  const nonePending = settledHere === pending.length ? sql`true` : sql`not exists (select 1 from lottery_bets where draw_id = ${drawId} and state = 'pending')`;
  await deps.db.transaction(async (tx) => {
    const [settled] = await tx.update(lotteryDraws).set({ state: 'settled', settledAt: deps.now() })
      .where(and(eq(lotteryDraws.id, drawId), eq(lotteryDraws.state, 'drawn'), nonePending)).returning();
    if (settled) await announceDraw(tx, settled, deps.now());
  });
}
