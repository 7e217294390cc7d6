import {
  minesMultiplier,
  minesSafeCells,
  type TMinesRoundView,
  type TSlotOutcome,
  type TSlotRoundView,
} from '@palaro/contract';
import type { InhouseDeps } from './deps';
import { minesCapped } from './games';
import { roundPublicId } from './round-ids';
import type { InhouseRoundRow, InhouseSeedRow } from './schema';
import * as store from './store';

/** Rounds as the player sees them, with what recomputes each (the server seed once revealed). */

function seedsView(round: InhouseRoundRow, seed: InhouseSeedRow) {
  return {
    serverSeedHash: seed.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    serverSeed: seed.revealedAt ? seed.serverSeed : null,
  };
}

export function slotView(round: InhouseRoundRow, seed: InhouseSeedRow): TSlotRoundView {
  return {
    roundId: roundPublicId(round),
    gameCode: round.gameCode,
    bet: Number(round.bet),
    win: Number(round.win),
    outcome: round.outcome as TSlotOutcome,
    seeds: seedsView(round, seed),
    settlement: round.settlement,
    createdAt: round.createdAt.toISOString(),
  };
}

/** A mines round as the player sees it; the mines only once it ended. */
export function minesView(round: InhouseRoundRow, seed: InhouseSeedRow): TMinesRoundView {
  const mines = round.mines!;
  const lost = round.status === 'lost';
  const safe = lost ? round.revealed.length - 1 : round.revealed.length;
  const multiplier = lost ? 0 : minesMultiplier(mines, safe);
  const ended = round.status !== 'open' && round.status !== 'starting';
  return {
    roundId: roundPublicId(round),
    gameCode: round.gameCode,
    bet: Number(round.bet),
    mines,
    revealed: [...round.revealed],
    status: round.status === 'open' || round.status === 'starting' ? 'open' : lost ? 'lost' : 'cashed_out',
    multiplier,
    nextMultiplier: !ended && safe < minesSafeCells(mines) ? minesMultiplier(mines, safe + 1) : null,
    payout: Number(round.status === 'cashed_out' ? round.win : lost ? 0n : minesCapped(round.bet, multiplier)),
    mineCells: ended ? [...round.mineCells!] : null,
    seeds: seedsView(round, seed),
    settlement: round.settlement,
    createdAt: round.createdAt.toISOString(),
  };
}

export async function minesViewWithSeed(deps: InhouseDeps, round: InhouseRoundRow): Promise<TMinesRoundView> {
  const seed = (await store.seedsById(deps.db, [round.seedId])).get(round.seedId)!;
  return minesView(round, seed);
}
