import { LOTTERY_ERROR_CODES, type TCancelBetsResult, wireCentavos } from '@palaro/contract';
import type { z } from 'zod';
import type { ZCancelBetsRequest } from '@palaro/contract/schemas';
import type { Db, Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { idempotent } from '../wallet/idempotency';
import { memberBalance, memberCashAccount, postEntries, systemAccount, type EntryDraft } from '../wallet/ledger';
import { isOnSale } from './rules';
import type { LotteryBetRow } from './schema';
import { betView, type Bettor } from './slips';
import { listMemberBetDraws, lockBets, markBetsCancelled } from './store/bets';
import { lockDrawsWithGamesForShare } from './store/draws';

/**
 * Cancel before lock (docs/LOTTERY.md "Cancel before lock"): a player takes back pending bets of a
 * draw still on sale, where the game allows it. Each stake comes back as its own 'bet_refund' entry
 * (reference LX<betId>), the bet becomes 'cancelled' in the same transaction, and it is no ticket of
 * the draw: the lock's public value is computed from the bets not cancelled.
 */

/** The refund reference of a cancelled bet (a voided draw's refunds are LR<betId>). */
export const cancelReference = (betId: number) => `LX${betId}`;

/**
 * Marks pending bets cancelled and answers their refunds, to be posted in the caller's transaction,
 * which holds their draws FOR SHARE and has checked them on sale and locked the bets FOR UPDATE.
 * One entry per bet; a bet refunded twice is refused by the journal's unique (kind, reference).
 * The caller posts them when the ledger's lock order allows (a settlement with its wins, all
 * wallets before the house).
 */
export async function cancelForRefund(
  tx: Tx,
  bets: readonly LotteryBetRow[],
  memo: string,
  now: Date,
): Promise<EntryDraft[]> {
  if (bets.length === 0) return [];
  const merchantId = bets[0]!.merchantId;
  const house = (await systemAccount(tx, merchantId, 'house')).id;
  const playMoney = (await systemAccount(tx, merchantId, 'play_money')).id;
  const accounts = new Map<number, bigint>();
  const drafts: EntryDraft[] = [];
  for (const bet of bets) {
    let accountId = accounts.get(bet.memberId);
    if (accountId === undefined) {
      accountId = (await memberCashAccount(tx, merchantId, bet.memberId)).id;
      accounts.set(bet.memberId, accountId);
    }
    drafts.push({
      merchantId,
      kind: 'bet_refund',
      reference: cancelReference(bet.id),
      category: 'ELOTT',
      memo,
      lines: [
        { accountId, amount: bet.stake },
        { accountId: bet.trial ? playMoney : house, amount: -bet.stake },
      ],
    });
  }
  await markBetsCancelled(
    tx,
    bets.map((bet) => bet.id),
    now,
  );
  return drafts;
}

function betUnknown(betId: number): DomainError {
  return new DomainError(LOTTERY_ERROR_CODES.betUnknown, `No lottery bet ${betId} of yours`);
}

/**
 * The player's cancel: every named bet must be the member's, pending, of a game that allows
 * cancelling and of a draw on sale by the server's clock — else nothing is cancelled. Locks in the
 * order the lock job and settlement use: the draws FOR SHARE first (the lock job waits, or the draw
 * is found locked), then the bets FOR UPDATE.
 */
export async function cancelBets(
  db: Db,
  now: () => Date,
  bettor: Bettor,
  key: string,
  request: z.output<typeof ZCancelBetsRequest>,
): Promise<TCancelBetsResult> {
  const betIds = [...new Set(request.betIds.map(Number))].sort((a, b) => a - b);
  return idempotent(
    db,
    { merchantId: bettor.merchantId, memberId: bettor.memberId, key, operation: 'lottery.cancel', request },
    async (tx) => {
      const time = now();
      const named = await listMemberBetDraws(tx, bettor.merchantId, bettor.memberId, betIds);
      const missing = betIds.find((id) => !named.some((bet) => bet.id === id));
      if (missing !== undefined) throw betUnknown(missing);
      const drawIds = [...new Set(named.map((bet) => bet.drawId))].sort((a, b) => a - b);
      const draws = await lockDrawsWithGamesForShare(tx, drawIds);
      for (const { draw, game } of draws) {
        if (!game.cancelAllowed)
          throw new DomainError(LOTTERY_ERROR_CODES.cancelNotAllowed, `Bets on ${game.gameCode} cannot be cancelled`);
        if (!isOnSale(draw, time))
          throw new DomainError(
            LOTTERY_ERROR_CODES.drawClosed,
            `Draw ${draw.numero} of ${game.gameCode} is no longer on sale: its bets stand`,
          );
      }
      const bets = await lockBets(tx, betIds);
      const settled = bets.find((bet) => bet.state !== 'pending');
      if (settled) throw new DomainError(LOTTERY_ERROR_CODES.betNotPending, `Bet ${settled.id} is ${settled.state}`);
      // The member's wallet and the house in one statement, the wallet first (the ledger's lock order).
      await postEntries(tx, await cancelForRefund(tx, bets, 'Lottery bet cancelled', time));
      const byDraw = new Map(draws.map((row) => [row.draw.id, row]));
      const refunded = bets.reduce((sum, bet) => sum + bet.stake, 0n);
      return {
        bets: bets.map((bet) => {
          const { draw, game } = byDraw.get(bet.drawId)!;
          return betView(game, { ...bet, state: 'cancelled', settledAt: time }, draw, time);
        }),
        refunded: wireCentavos(refunded),
        balance: wireCentavos(await memberBalance(tx, bettor.merchantId, bettor.memberId)),
      };
    },
  );
}
