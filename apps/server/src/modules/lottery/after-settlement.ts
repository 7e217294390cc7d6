import type { Tx } from '../../platform/db/database';
import type { EntryDraft } from '../wallet/ledger';
import { recordBetsTurnover } from '../wallet/turnover';
import { stopChasesOnWin } from './chase';
import { recordRebates } from './prize-groups';
import { chasesWonIn, turnoverByMember, type SettledBets } from './rules';

/** What a settlement chunk settled, as stopWonChases and afterBetsSettled need it. */
export interface SettledChunk extends SettledBets {
  merchantId: number;
  /** The bets, `hasUpline` when someone on the member's agent line earns a rebate on it. */
  bets: readonly {
    id: number;
    memberId: number;
    trial: boolean;
    stake: bigint;
    chaseId: number | null;
    hasUpline: boolean;
  }[];
  now: Date;
}

/**
 * Runs in a settlement chunk's transaction once its bets are marked won or lost (settlement.ts calls
 * it; its bets' states and these rows commit together, so a crash half-way redoes both): a chase
 * with stop-after-win that won stops. Answers the entries to post with the chunk's payments (the
 * stopped chases' refunds): nothing here locks a ledger account. First of the chunk's follow-ups:
 * a chase is locked before its member's wallet, as placing a chase draw locks them.
 */
export async function stopWonChases(tx: Tx, chunk: SettledChunk): Promise<EntryDraft[]> {
  if (chunk.refunded || chunk.bets.length === 0) return [];
  return stopChasesOnWin(tx, chasesWonIn(chunk), chunk.now);
}

/**
 * The rest of a chunk's follow-ups, in its transaction once the wallets it pays are locked (a
 * member's turnover is locked after the wallet, as a provider's round-closing credit locks them):
 * the bets count toward their members' turnover and their agents' rebates are recorded. A chunk
 * without rebates or turnover to fill costs one query.
 */
export async function afterBetsSettled(tx: Tx, chunk: SettledChunk): Promise<void> {
  if (chunk.refunded || chunk.bets.length === 0) return;
  await recordBetsTurnover(tx, chunk.merchantId, turnoverByMember(chunk), chunk.now, 'ELOTT');
  await recordRebates(
    tx,
    chunk.bets.filter((bet) => bet.hasUpline).map((bet) => bet.id),
    chunk.now,
  );
}
