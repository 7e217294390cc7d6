import { INHOUSE_MAX_WIN, slotRoundFromSeeds, slotWinAmount, type TSlotSpinResult } from '@palaro/contract';
import type { InhouseDeps } from './deps';
import { fairnessState } from './fairness';
import { assertBet, assertGame } from './games';
import { slotView } from './round-views';
import type { InhouseSessionRow } from './schema';
import { startRound } from './start-round';
import * as store from './store';
import { settleSlotRound } from './wallet-calls';

/** Palaro Isla Slots: a spin is one round, settled by one bet-and-settle at the wallet. */

export async function spin(deps: InhouseDeps, session: InhouseSessionRow, bet: bigint): Promise<TSlotSpinResult> {
  assertBet(assertGame(session, 'slot'), bet);
  const pending = await startRound(deps, session, 'slot', bet, async (seeds) => {
    const outcome = await slotRoundFromSeeds(seeds);
    return {
      outcome,
      win: BigInt(Math.min(slotWinAmount(Number(bet), outcome.lineBets), INHOUSE_MAX_WIN)),
      status: 'pending',
      settlement: 'pending',
    };
  });
  const { round, balance } = await settleSlotRound(deps, pending);
  const seed = (await store.seedsById(deps.db, [round.seedId])).get(round.seedId)!;
  return {
    round: slotView(round, seed),
    balance: Number(balance),
    fairness: await fairnessState(deps, session.playerId, session.gameCode),
  };
}
