import { GAME_WALLET_ERROR_CODES } from '@palaro/contract';
import type { InhouseDeps } from './deps';
import { betTransactionId, rollbackTransactionId, roundPublicId } from './round-ids';
import type { InhouseRoundRow } from './schema';
import * as store from './store';
import { WalletRefusal, WalletUnavailable } from './wallet-client';
import { confirmMinesBet, creditMinesRound, settleSlotRound } from './wallet-calls';

/** A round older than this whose debit never got an answer is given back rather than opened. */
const STARTING_GIVE_UP_MS = 60_000;
const SETTLEMENT_QUIET_MS = 10_000;
const SETTLEMENT_BATCH = 50;

/**
 * Re-sends the money call of every round still waiting for the wallet's answer, with the round's
 * own transaction ids (the wallet applies each at most once): a slot round's bet-and-settle, an
 * ended mines round's credit, and for a mines start whose debit got no answer a rollback (the
 * player has left; the bet is given back whether or not it was taken).
 */
export async function settlePendingRounds(deps: InhouseDeps): Promise<{ settled: number; failed: number }> {
  const now = deps.now();
  const rounds = await store.unsettledRounds(deps.db, new Date(now.getTime() - SETTLEMENT_QUIET_MS), SETTLEMENT_BATCH);
  let settled = 0;
  let failed = 0;
  for (const round of rounds) {
    try {
      if (round.kind === 'slot') await settleSlotRound(deps, round);
      else if (round.status === 'starting' || round.status === 'refunded') await refundMinesStart(deps, round, now);
      else {
        const credited = await creditMinesRound(deps, round);
        if (credited.round.settlement !== 'settled') throw new WalletUnavailable('no answer');
      }
      settled += 1;
    } catch {
      failed += 1;
    }
  }
  return { settled, failed };
}

async function refundMinesStart(deps: InhouseDeps, round: InhouseRoundRow, now: Date): Promise<void> {
  if (now.getTime() - round.createdAt.getTime() < STARTING_GIVE_UP_MS) {
    await confirmMinesBet(deps, round);
    return;
  }
  // Given up first, so a late retry of the debit by the player can no longer open it.
  const givenUp = await store.updateRoundIn(deps.db, round.id, 'starting', {
    status: 'refunded',
    settlement: 'pending',
    endedAt: now,
  });
  if (!givenUp && round.status === 'starting') return;
  const roundId = roundPublicId(round);
  try {
    await deps.wallet.rollback({
      playerId: round.playerId,
      transactionId: rollbackTransactionId(roundId),
      referenceTransactionId: betTransactionId(roundId),
    });
  } catch (error) {
    // The bet never reached the wallet: there is nothing to give back.
    if (!(error instanceof WalletRefusal && error.code === GAME_WALLET_ERROR_CODES.transactionUnknown)) {
      await store.updateRound(deps.db, round.id, { attempts: round.attempts + 1, lastError: (error as Error).message });
      throw error;
    }
  }
  await store.updateRound(deps.db, round.id, { settlement: 'settled', attempts: round.attempts + 1, lastError: null });
}
