import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { betTypeRule, settleBet } from '@palaro/contract';
import type { Tx } from '../../platform/db/database';
import { memberCashAccount, postEntries, systemAccount, type EntryDraft } from '../wallet/ledger';
import { afterBetsSettled } from './after-settlement';
import type { LotteryDeps } from './draws';
import { lotteryBets, lotteryDraws, lotteryGames, type LotteryDrawRow } from './schema';
import { announceDraw } from './views';

/**
 * The `lottery.settle` job (docs/LOTTERY.md): a drawn or voided draw's bets paid in chunks; each
 * chunk's bet states and win entries commit together, so a crash half-way resumes with the bets
 * still pending and never pays twice (and the journal's unique (kind, reference) is the second guard).
 */

/** Bets settled per transaction. */
export const SETTLE_CHUNK = 5000;

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
    await afterBetsSettled(tx, { bets, wonBetIds: wonIds, refunded: refund, now });
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
