import { INHOUSE_ROUNDS_PAGE_SIZE, type TInhouseRoundDetail, type TInhouseRoundPage } from '@palaro/contract';
import { NotFoundError } from '../../platform/http/errors';
import type { InhouseDeps } from './deps';
import { roundIdNumber, roundPublicId } from './round-ids';
import { minesView, slotView } from './round-views';
import type { InhouseSessionRow } from './schema';
import * as store from './store';

/** The player's past rounds of a game, and one round with what verifies it. */

export async function listRounds(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  pageNo: number,
): Promise<TInhouseRoundPage> {
  const { rows, total } = await store.playerRounds(deps.db, session.playerId, session.gameCode, {
    offset: (pageNo - 1) * INHOUSE_ROUNDS_PAGE_SIZE,
    limit: INHOUSE_ROUNDS_PAGE_SIZE,
  });
  const seeds = await store.seedsById(
    deps.db,
    rows.map((row) => row.seedId),
  );
  return {
    rounds: rows.map((row) => {
      const seed = seeds.get(row.seedId)!;
      return {
        roundId: roundPublicId(row),
        gameCode: row.gameCode,
        bet: Number(row.bet),
        win: Number(row.win),
        status: row.kind === 'mines' && row.status === 'starting' ? 'open' : row.status,
        nonce: row.nonce,
        serverSeedHash: seed.serverSeedHash,
        revealed: seed.revealedAt !== null,
        createdAt: row.createdAt.toISOString(),
      };
    }),
    pageNum: pageNo,
    totalPages: Math.max(1, Math.ceil(total / INHOUSE_ROUNDS_PAGE_SIZE)),
  };
}

/** One of the player's rounds with what recomputes it (the server seed once revealed). */
export async function roundDetail(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  publicId: string,
): Promise<TInhouseRoundDetail> {
  const round = await store.roundById(deps.db, roundIdNumber(publicId));
  if (
    !round ||
    round.playerId !== session.playerId ||
    roundPublicId(round) !== publicId ||
    round.status === 'refused'
  ) {
    throw new NotFoundError('No such round of yours');
  }
  const seed = (await store.seedsById(deps.db, [round.seedId])).get(round.seedId)!;
  return round.kind === 'slot'
    ? { slot: slotView(round, seed), mines: null }
    : { slot: null, mines: minesView(round, seed) };
}
