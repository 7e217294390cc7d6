import { INHOUSE_ERROR_CODES, type TInhouseGameKind } from '@palaro/contract';
import { DomainError } from '../../platform/http/errors';
import type { InhouseDeps } from './deps';
import { ensureActiveSeed, lockActiveSeed } from './fairness';
import type { InhouseRoundRow, InhouseSessionRow } from './schema';
import * as store from './store';
import { isUniqueViolation } from '../../platform/db/unique-violation';

/**
 * Takes the next nonce of the player's active seed and writes the round, in one transaction: the
 * seed's row lock orders a player's rounds, so no nonce is used twice.
 */
export async function startRound(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  kind: TInhouseGameKind,
  bet: bigint,
  play: (seeds: {
    serverSeed: string;
    clientSeed: string;
    nonce: number;
  }) => Promise<Partial<InhouseRoundRow> & Pick<InhouseRoundRow, 'status'>>,
): Promise<InhouseRoundRow> {
  await ensureActiveSeed(deps, session.playerId, session.gameCode);
  try {
    return await deps.db.transaction(async (tx) => {
      const seed = await lockActiveSeed(tx, session.playerId, session.gameCode);
      if (kind === 'mines' && (await store.roundInPlay(tx, session.playerId, session.gameCode))) {
        throw new DomainError(INHOUSE_ERROR_CODES.roundOpen, 'A round is already in play: finish it first');
      }
      const played = await play({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nextNonce });
      await store.takeNonce(tx, seed.id);
      return store.insertRound(tx, {
        kind,
        playerId: session.playerId,
        gameCode: session.gameCode,
        sessionId: session.id,
        seedId: seed.id,
        nonce: seed.nextNonce,
        clientSeed: seed.clientSeed,
        currency: session.currency,
        bet,
        createdAt: deps.now(),
        ...played,
      });
    });
  } catch (error) {
    // Two starts at once: the in-play index lets one through.
    if (kind === 'mines' && isUniqueViolation(error))
      throw new DomainError(INHOUSE_ERROR_CODES.roundOpen, 'A round is already in play: finish it first');
    throw error;
  }
}
