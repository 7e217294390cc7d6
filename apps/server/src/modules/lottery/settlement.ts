import { and, eq, sql } from 'drizzle-orm';
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
 * Settles one chunk of a draw's pending bets in one transaction, in three statements whatever its
 * size: the bets read and locked (SKIP LOCKED, so settlers running at once take different bets; in
 * no particular order, as ordering them sorted every pending bet of the draw for each chunk),
 * every bet's outcome written by one update, and the wins posted by one bulk posting. A drawn draw:
 * each winning bet's 'win' entry (reference LW<betId>; a losing bet needs none) and every bet marked
 * won or lost with its amount. A cancelled (voided) draw: every bet's stake given back ('bet_refund',
 * reference LR<betId>) and the bet marked refunded. Answers how many bets it settled (0: none left).
 */
async function settleChunk(
  deps: LotteryDeps, draw: LotteryDrawRow, family: string, limit: number, memberAccounts: Map<number, bigint>, takeWriteTurn: () => Promise<() => void>,
): Promise<number> {
  let endTurn: (() => void) | undefined;
  try {
    return await deps.db.transaction(async (tx) => settleInside(tx));
  } finally {
    endTurn?.();
  }

  async function settleInside(tx: Tx): Promise<number> {
    const bets = await tx.select({
      id: lotteryBets.id, merchantId: lotteryBets.merchantId, memberId: lotteryBets.memberId, trial: lotteryBets.trial, betType: lotteryBets.betType,
      picks: lotteryBets.picks, unitStake: lotteryBets.unitStake, multiplier: lotteryBets.multiplier, stake: lotteryBets.stake,
      prizeGroup: lotteryBets.prizeGroup, chaseId: lotteryBets.chaseId, uplineGroups: lotteryBets.uplineGroups,
    }).from(lotteryBets)
      .where(and(eq(lotteryBets.drawId, draw.id), eq(lotteryBets.state, 'pending'))).limit(limit).for('update', { skipLocked: true });
    if (bets.length === 0) return 0;
    const now = deps.now();
    const refund = draw.state === 'cancelled';
    const winAmounts = bets.map((bet) => {
      if (refund) return bet.stake;
      const rule = betTypeRule(bet.betType);
      if (!rule || rule.family !== family) throw new Error(`bet ${bet.id}: bet type ${bet.betType} is not one of ${family}`);
      return settleBet(rule, bet.picks, draw.result!, bet.prizeGroup, bet.unitStake, bet.multiplier, jackpotBasis(draw.jackpot, bet.trial)).winAmount;
    });
    const winners = bets.filter((_, index) => winAmounts[index]! > 0);
    await addMemberAccounts(tx, draw.merchantId, new Set(winners.map((bet) => bet.memberId)), memberAccounts);
    const states = winAmounts.map((win) => (refund ? 'refunded' : win > 0 ? 'won' : 'lost'));
    const ids = sql.param(`{${bets.map((bet) => bet.id).join(',')}}`);
    // `b.id = any(ids)` lets the rows be found by their key: joined on the values alone, the
    // planner hashed the whole table (every draw's bets, ever) for each chunk.
    await tx.execute(sql`update lottery_bets as b set state = v.state, win_amount = v.win, settled_at = ${now}
      from unnest(${ids}::bigint[], ${sql.param(states)}::text[], ${sql.param(refund ? bets.map(() => 0) : winAmounts)}::bigint[]) as v(id, state, win)
      where b.id = any(${ids}::bigint[]) and b.id = v.id and b.state = 'pending'`);
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
  let stop = false;
  const outcomes = await Promise.allSettled(Array.from({ length: options.workers ?? SETTLE_WORKERS }, async () => {
    try {
      while (!stop && !options.signal?.aborted && (await settleChunk(deps, row.draw, row.family, options.chunk ?? SETTLE_CHUNK, memberAccounts, takeWriteTurn)) > 0);
    } finally {
      // One worker's failure (or the end of the bets) stops the others after their chunk in flight.
      stop = true;
    }
  }));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  if (options.signal?.aborted || row.draw.state === 'cancelled') return;
  await deps.db.transaction(async (tx) => {
    const [settled] = await tx.update(lotteryDraws).set({ state: 'settled', settledAt: deps.now() })
      .where(and(eq(lotteryDraws.id, drawId), eq(lotteryDraws.state, 'drawn'),
        sql`not exists (select 1 from lottery_bets where draw_id = ${drawId} and state = 'pending')`)).returning();
    if (settled) await announceDraw(tx, settled, deps.now());
  });
}
