import { ERROR_CODES, GAME_WALLET_ERROR_CODES, INHOUSE_ERROR_CODES } from '@palaro/contract';
import { DomainError } from '../../platform/http/errors';
import type { InhouseDeps } from './deps';
import { betTransactionId, roundPublicId, winTransactionId } from './round-ids';
import type { InhouseRoundRow } from './schema';
import * as store from './store';
import { WalletRefusal, WalletUnavailable } from './wallet-client';

/**
 * A round's money calls to the seamless wallet (/gw/v1, through the wallet client) and how each
 * answer is recorded on the round: sent after the round is written, re-sent with the same
 * transaction ids until the wallet answers.
 */

/**
 * A wallet failure as the player's error; refusals we did not expect are the wallet's problem, not
 * the player's input. Anything else — our own database going away after the wallet answered, a bug
 * — goes to the error handler as it is, which answers an outage 503 with Retry-After and logs it.
 */
export function walletError(error: unknown): unknown {
  if (error instanceof WalletUnavailable) {
    return new DomainError(
      INHOUSE_ERROR_CODES.walletUnavailable,
      'The wallet did not answer: the round is kept and will be settled once, as soon as it answers',
    );
  }
  if (error instanceof WalletRefusal) {
    if (error.code === GAME_WALLET_ERROR_CODES.insufficientFunds)
      return new DomainError(INHOUSE_ERROR_CODES.insufficientFunds, 'Your balance does not cover this bet');
    if (error.code === GAME_WALLET_ERROR_CODES.tokenExpired || error.code === GAME_WALLET_ERROR_CODES.tokenInvalid) {
      return new DomainError(
        INHOUSE_ERROR_CODES.launchExpired,
        'This game session has expired for new bets: open the game again from the lobby',
      );
    }
    return new DomainError(
      ERROR_CODES.upstreamUnavailable,
      `The wallet refused the call (${error.code}): ${error.message}`,
    );
  }
  return error;
}

/** Sends (or re-sends: same transaction ids) a slot round's bet-and-settle and records the answer. */
export async function settleSlotRound(
  deps: InhouseDeps,
  round: InhouseRoundRow,
): Promise<{ round: InhouseRoundRow; balance: bigint }> {
  const session = (await store.sessionById(deps.db, round.sessionId))!;
  const roundId = roundPublicId(round);
  try {
    const result = await deps.wallet.betAndSettle({
      token: session.launchToken,
      playerId: round.playerId,
      roundId,
      gameCode: round.gameCode,
      currency: round.currency,
      betTransactionId: betTransactionId(roundId),
      betAmount: Number(round.bet),
      winTransactionId: winTransactionId(roundId),
      winAmount: Number(round.win),
    });
    const settled = await store.updateRound(deps.db, round.id, {
      status: 'settled',
      settlement: 'settled',
      attempts: round.attempts + 1,
      lastError: null,
      endedAt: deps.now(),
    });
    return { round: settled, balance: BigInt(result.balance) };
  } catch (error) {
    if (error instanceof WalletRefusal) {
      // Refused as a whole: nothing moved, the round was not played.
      await store.updateRound(deps.db, round.id, {
        status: 'refused',
        settlement: 'settled',
        attempts: round.attempts + 1,
        lastError: `${error.code}: ${error.message}`,
        endedAt: deps.now(),
      });
    } else {
      await store.updateRound(deps.db, round.id, { attempts: round.attempts + 1, lastError: (error as Error).message });
    }
    throw walletError(error);
  }
}

/** Sends (or re-sends) a starting round's debit; the round opens once the wallet took the bet. */
export async function confirmMinesBet(
  deps: InhouseDeps,
  round: InhouseRoundRow,
): Promise<{ round: InhouseRoundRow; balance: bigint }> {
  const session = (await store.sessionById(deps.db, round.sessionId))!;
  const roundId = roundPublicId(round);
  try {
    const result = await deps.wallet.debit({
      token: session.launchToken,
      playerId: round.playerId,
      transactionId: betTransactionId(roundId),
      roundId,
      gameCode: round.gameCode,
      amount: Number(round.bet),
      currency: round.currency,
    });
    const opened = await store.updateRoundIn(deps.db, round.id, 'starting', {
      status: 'open',
      settlement: 'settled',
      attempts: round.attempts + 1,
      lastError: null,
    });
    if (!opened) {
      // The settlement job gave this start up meanwhile: the bet just taken goes back by the job's
      // rollback, sent again (its first may have found no bet to give back).
      await store.updateRoundIn(deps.db, round.id, 'refunded', { settlement: 'pending' });
      throw new DomainError(
        INHOUSE_ERROR_CODES.noOpenRound,
        'This round was cancelled and its bet given back: start a new one',
      );
    }
    return { round: opened, balance: BigInt(result.balance) };
  } catch (error) {
    if (error instanceof WalletRefusal) {
      await store.updateRoundIn(deps.db, round.id, 'starting', {
        status: 'refused',
        settlement: 'settled',
        attempts: round.attempts + 1,
        lastError: `${error.code}: ${error.message}`,
        endedAt: deps.now(),
      });
    } else if (error instanceof WalletUnavailable) {
      await store.updateRound(deps.db, round.id, { attempts: round.attempts + 1, lastError: error.message });
    }
    throw walletError(error);
  }
}

/**
 * Sends (or re-sends) an ended round's credit: the win, or 0 to close a lost round. No answer leaves
 * it pending for the settlement job; so does a refusal of our credentials (401: a secret rotated
 * meanwhile), which a later try may pass. Any other refusal is final: the round is marked settled
 * with the refusal kept in last_error for the operator, so it does not block the job's queue.
 */
export async function creditMinesRound(
  deps: InhouseDeps,
  round: InhouseRoundRow,
): Promise<{ round: InhouseRoundRow; balance: bigint | null }> {
  const roundId = roundPublicId(round);
  try {
    const result = await deps.wallet.credit({
      playerId: round.playerId,
      transactionId: winTransactionId(roundId),
      roundId,
      betTransactionId: betTransactionId(roundId),
      gameCode: round.gameCode,
      amount: Number(round.win),
      currency: round.currency,
      roundEnded: true,
    });
    return {
      round: await store.updateRound(deps.db, round.id, {
        settlement: 'settled',
        attempts: round.attempts + 1,
        lastError: null,
      }),
      balance: BigInt(result.balance),
    };
  } catch (error) {
    const final = error instanceof WalletRefusal && error.status !== 401;
    const failed = await store.updateRound(deps.db, round.id, {
      attempts: round.attempts + 1,
      lastError: error instanceof WalletRefusal ? `${error.code}: ${error.message}` : (error as Error).message,
      ...(final ? { settlement: 'settled' as const } : {}),
    });
    if (error instanceof WalletUnavailable) return { round: failed, balance: null };
    throw walletError(error);
  }
}
