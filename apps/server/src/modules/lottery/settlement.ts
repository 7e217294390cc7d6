import { betTypeRule, jackpotBasis, settleBet } from '@palaro/contract';
import type { Tx } from '../../platform/db/database';
import { lockWalletAccounts, memberCashAccountIds, postBulk, systemAccount, type EntryDraft } from '../wallet/ledger';
import { afterBetsSettled, stopWonChases, type SettledChunk } from './after-settlement';
import { drawJackpotOf } from './jackpot';
import type { LotteryDeps } from './draws';
import { winningBetIds } from './rules';
import type { LotteryDrawRow } from './schema';
import { drawWithFamily, markDrawSettled } from './store/draws';
import { listPendingBetIdsByMember, readPendingBets, writeBetOutcomes, type PendingBet } from './store/settlement';
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
 * the other is in its write turn — the chunk's chases, turnover and rebates (after-settlement.ts),
 * its wins and its commit — so the database works on one chunk while the server computes the next.
 * The write turns come one at a time: they touch rows that chunks share (members' turnover and
 * wallets, the house account), so two at once would only queue on those locks or deadlock.
 */
export const SETTLE_WORKERS = 2;

/** Platform-side accounts of a merchant: the house for real money, play money for trial members. */
async function platformAccounts(tx: Tx, merchantId: number) {
  return {
    house: (await systemAccount(tx, merchantId, 'house')).id,
    playMoney: (await systemAccount(tx, merchantId, 'play_money')).id,
  };
}

/** Adds to `known` the wallet account of each member in `memberIds` it lacks, in one query; answers the members added. */
async function addMemberAccounts(
  tx: Tx,
  merchantId: number,
  memberIds: ReadonlySet<number>,
  known: Map<number, bigint>,
): Promise<number[]> {
  const missing = [...memberIds].filter((memberId) => !known.has(memberId));
  for (const [memberId, accountId] of await memberCashAccountIds(tx, merchantId, missing))
    known.set(memberId, accountId);
  return missing;
}

/**
 * What a drawn draw pays each bet, remembered by everything the payout depends on: the bets of a
 * draw repeat the same few choices (big, small, a digit…) at the same stakes, so each distinct one
 * is parsed and settled once rather than once per bet.
 */
function drawOutcomes(draw: LotteryDrawRow, family: string): (bet: PendingBet) => bigint {
  const known = new Map<string, bigint>();
  const jackpot = drawJackpotOf(draw.jackpot);
  return (bet) => {
    const key = `${bet.betType}\u0000${bet.picks}\u0000${bet.prizeGroup}\u0000${bet.unitStake}\u0000${bet.multiplier}\u0000${bet.trial}`;
    let win = known.get(key);
    if (win === undefined) {
      const rule = betTypeRule(bet.betType);
      if (!rule || rule.family !== family)
        throw new Error(`bet ${bet.id}: bet type ${bet.betType} is not one of ${family}`);
      win = settleBet(
        rule,
        JSON.parse(bet.picks) as number[][],
        draw.result!,
        bet.prizeGroup,
        bet.unitStake,
        bet.multiplier,
        jackpotBasis(jackpot, bet.trial),
      ).winAmount;
      known.set(key, win);
    }
    return win;
  };
}

/**
 * One payment per member of what a chunk's bets brought them (their wins, or a voided draw's
 * stakes back): a member's bets of one draw settle in one chunk (chunks are cut by member), so a
 * player's wallet shows one 'Lottery <numero>' credit per draw however many of its bets won, and the
 * ledger posts an entry per winning member, not per winning bet. Each bet's own amount stays on the
 * bet. The reference names the member's lowest bet id in the payment (a bet is paid in one
 * committed chunk only, so the journal's unique (kind, reference) still refuses a second payment).
 */
function memberPayments(
  bets: readonly PendingBet[],
  amounts: readonly bigint[],
): { memberId: number; trial: boolean; firstBetId: number; amount: bigint }[] {
  const byMember = new Map<number, { memberId: number; trial: boolean; firstBetId: number; amount: bigint }>();
  bets.forEach((bet, index) => {
    if (amounts[index]! === 0n) return;
    const payment = byMember.get(bet.memberId);
    if (payment) {
      payment.amount += amounts[index]!;
      payment.firstBetId = Math.min(payment.firstBetId, bet.id);
    } else {
      byMember.set(bet.memberId, {
        memberId: bet.memberId,
        trial: bet.trial,
        firstBetId: bet.id,
        amount: amounts[index]!,
      });
    }
  });
  return [...byMember.values()];
}

/**
 * Settles one chunk of a draw's pending bets (`betIds`, ascending) in one transaction, in three
 * statements whatever its size: the bets read by key, every bet's outcome written by one update, and
 * the payments posted by one bulk posting. A drawn draw: every bet marked won or lost with its
 * amount, and each member with winning bets paid their sum ('win', reference LW<betId>). A
 * cancelled (voided) draw: every bet marked refunded and each member given back its stakes
 * ('bet_refund', reference LR<betId>). The read takes no row locks (locking 10,000 rows wrote a WAL
 * record each): the update changes only bets still pending and answers which it changed, and only
 * those are paid, so a second settler of the same draw (another replica) never pays a bet twice — it
 * waits for the first's chunk to commit and then finds those bets settled. Answers how many bets it
 * settled.
 */
async function settleChunk(
  deps: LotteryDeps,
  draw: LotteryDrawRow,
  outcomeOf: (bet: PendingBet) => bigint,
  betIds: readonly number[],
  memberAccounts: Map<number, bigint>,
  takeWriteTurn: () => Promise<() => void>,
): Promise<number> {
  let endTurn: (() => void) | undefined;
  let accountsAdded: number[] = [];
  try {
    return await deps.db.transaction(async (tx) => settleInside(tx));
  } finally {
    endTurn?.();
  }

  async function settleInside(tx: Tx): Promise<number> {
    // Run again after a deadlock (conflict-retry.ts): the turn is taken anew, and wallets the
    // rolled-back run opened are looked up again.
    endTurn?.();
    endTurn = undefined;
    for (const memberId of accountsAdded) memberAccounts.delete(memberId);
    const read = await readPendingBets(tx, betIds);
    if (read.length === 0) return 0;
    const now = deps.now();
    const refund = draw.state === 'cancelled';
    const amounts = read.map((bet) => (refund ? bet.stake : outcomeOf(bet)));
    const changed = await writeBetOutcomes(
      tx,
      betIds,
      read,
      refund ? { refund: true } : { refund: false, wins: amounts },
      now,
    );
    if (changed.count === 0) return 0;
    const mine = changed.changedIds;
    const bets = mine ? read.filter((bet) => mine.has(bet.id)) : read;
    const betAmounts = mine ? amounts.filter((_, index) => mine.has(read[index]!.id)) : amounts;
    const payments = memberPayments(bets, betAmounts);
    accountsAdded = await addMemberAccounts(
      tx,
      draw.merchantId,
      new Set(payments.map((payment) => payment.memberId)),
      memberAccounts,
    );
    endTurn = await takeWriteTurn();
    const settled: SettledChunk = {
      merchantId: draw.merchantId,
      bets,
      wonBetIds: winningBetIds(bets, betAmounts, refund),
      refunded: refund,
      now,
    };
    // The locks in the order the other money paths take them: the won chases (placing a chase draw
    // locks the chase, then the wallet), the wallets it pays (a stopped chase's member is one of
    // the winners), the members' turnover (a provider's round-closing credit locks the wallet, then
    // the turnover), and the house last.
    const chaseRefunds = await stopWonChases(tx, settled);
    await lockWalletAccounts(
      tx,
      payments.map((payment) => memberAccounts.get(payment.memberId)!),
    );
    await afterBetsSettled(tx, settled);
    // Every movement last, in one statement: it locks the wallets, then the house (the ledger's lock
    // order), so the house — which every bet placed on the merchant also locks — is held only from
    // here to the commit, and never while the chunk waits for a wallet.
    const accounts = await platformAccounts(tx, draw.merchantId);
    const memo = `Lottery ${draw.numero}${refund ? ' voided' : ''}`;
    await postBulk(tx, [
      ...payments.map((payment): EntryDraft => ({
        merchantId: draw.merchantId,
        kind: refund ? 'bet_refund' : 'win',
        reference: `${refund ? 'LR' : 'LW'}${payment.firstBetId}`,
        category: 'ELOTT',
        memo,
        lines: [
          { accountId: memberAccounts.get(payment.memberId)!, amount: payment.amount },
          { accountId: payment.trial ? accounts.playMoney : accounts.house, amount: -payment.amount },
        ],
      })),
      ...chaseRefunds,
    ]);
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
export async function settleDraw(
  deps: LotteryDeps,
  drawId: number,
  options: { chunk?: number; workers?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const row = await drawWithFamily(deps.db, drawId);
  if (!row || (row.draw.state !== 'drawn' && row.draw.state !== 'cancelled')) return;
  // Members' wallet account ids, read once for the whole draw (an account's id never changes).
  const memberAccounts = new Map<number, bigint>();
  const takeWriteTurn = turns();
  // The draw's pending bets, read once (one array, not a row each) and handed out in chunks of ids
  // cut by member, so that a member's bets settle together and are paid in one entry: a chunk's
  // bets are then read by key, where looking for pending bets of the draw walks past those already
  // settled (no index names a bet's state, so that settling one can be a HOT update: schema.ts).
  const pending = await listPendingBetIdsByMember(deps.db, drawId);
  const size = options.chunk ?? SETTLE_CHUNK;
  const chunks = Array.from({ length: Math.ceil(pending.length / size) }, (_, index) =>
    pending.slice(index * size, (index + 1) * size).sort((a, b) => a - b),
  );
  const outcomeOf = drawOutcomes(row.draw, row.family);
  let settledHere = 0;
  let stop = false;
  const outcomes = await Promise.allSettled(
    Array.from({ length: options.workers ?? SETTLE_WORKERS }, async () => {
      try {
        for (let betIds = chunks.shift(); betIds && !stop && !options.signal?.aborted; betIds = chunks.shift()) {
          settledHere += await settleChunk(deps, row.draw, outcomeOf, betIds, memberAccounts, takeWriteTurn);
        }
      } catch (error) {
        // One worker's failure stops the others after their chunk in flight.
        stop = true;
        throw error;
      }
    }),
  );
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  if (options.signal?.aborted || row.draw.state === 'cancelled') return;
  // No bet joins a drawn draw, so when this run settled every bet pending at its start none is
  // left; otherwise (another settler took some) the draw's bets are looked at.
  const unlessBetsPending = settledHere !== pending.length;
  await deps.db.transaction(async (tx) => {
    const settled = await markDrawSettled(tx, drawId, deps.now(), unlessBetsPending);
    if (settled) await announceDraw(tx, settled, deps.now());
  });
}
