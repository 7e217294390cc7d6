import {
  INHOUSE_ERROR_CODES,
  MINES_CELL_COUNT,
  mineCellsFromSeeds,
  minesMultiplier,
  type TMinesResult,
  type TMinesRoundView,
} from '@palaro/contract';
import type { Db } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import type { InhouseDeps } from './deps';
import { fairnessState } from './fairness';
import { assertBet, assertGame, minesCapped } from './games';
import { minesViewWithSeed } from './round-views';
import type { InhouseRoundRow, InhouseSessionRow } from './schema';
import { startRound } from './start-round';
import * as store from './store';
import { confirmMinesBet, creditMinesRound } from './wallet-calls';

/**
 * Palaro Mines: a round starts with its mines fixed from the seeds and its bet debited, is played
 * cell by cell under the round's row lock, and is credited once it ends (0 for a lost round).
 */

async function minesResult(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  round: InhouseRoundRow,
  balance: bigint | null,
): Promise<TMinesResult> {
  return {
    round: await minesViewWithSeed(deps, round),
    balance: balance === null ? null : Number(balance),
    fairness: await fairnessState(deps, session.playerId, session.gameCode),
  };
}

export async function startMines(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  bet: bigint,
  mines: number,
): Promise<TMinesResult> {
  assertBet(assertGame(session, 'mines'), bet);
  // A start whose debit got no answer: settle it first (its retry may find the bet taken after all).
  const stuck = await store.roundInPlay(deps.db, session.playerId, session.gameCode);
  if (stuck?.status === 'starting') await confirmMinesBet(deps, stuck);
  const starting = await startRound(deps, session, 'mines', bet, async (seeds) => ({
    mines,
    mineCells: await mineCellsFromSeeds(seeds, mines),
    status: 'starting',
    settlement: 'pending',
  }));
  const { round, balance } = await confirmMinesBet(deps, starting);
  return minesResult(deps, session, round, balance);
}

async function openRoundLocked<T>(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  work: (round: InhouseRoundRow, tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const round = await store.roundInPlay(tx, session.playerId, session.gameCode, { lock: true });
    if (!round || round.status !== 'open')
      throw new DomainError(INHOUSE_ERROR_CODES.noOpenRound, 'No round in play: start a new one');
    return work(round, tx);
  });
}

export async function revealCell(deps: InhouseDeps, session: InhouseSessionRow, cell: number): Promise<TMinesResult> {
  assertGame(session, 'mines');
  const round = await openRoundLocked(deps, session, async (open, tx) => {
    if (open.revealed.includes(cell))
      throw new DomainError(INHOUSE_ERROR_CODES.cellRevealed, 'That cell is already revealed');
    const revealed = [...open.revealed, cell];
    const now = deps.now();
    if (open.mineCells!.includes(cell))
      return store.updateRound(tx, open.id, { revealed, status: 'lost', win: 0n, settlement: 'pending', endedAt: now });
    if (revealed.length === MINES_CELL_COUNT - open.mines!) {
      // Every safe cell found: the round cashes out by itself.
      const win = minesCapped(open.bet, minesMultiplier(open.mines!, revealed.length));
      return store.updateRound(tx, open.id, {
        revealed,
        status: 'cashed_out',
        win,
        settlement: 'pending',
        endedAt: now,
      });
    }
    return store.updateRound(tx, open.id, { revealed });
  });
  if (round.status === 'open') return minesResult(deps, session, round, null);
  const credited = await creditMinesRound(deps, round);
  return minesResult(deps, session, credited.round, credited.balance);
}

export async function cashOut(deps: InhouseDeps, session: InhouseSessionRow): Promise<TMinesResult> {
  assertGame(session, 'mines');
  const round = await openRoundLocked(deps, session, async (open, tx) => {
    if (open.revealed.length === 0)
      throw new DomainError(INHOUSE_ERROR_CODES.nothingToCashOut, 'Reveal at least one cell before cashing out');
    const win = minesCapped(open.bet, minesMultiplier(open.mines!, open.revealed.length));
    return store.updateRound(tx, open.id, { status: 'cashed_out', win, settlement: 'pending', endedAt: deps.now() });
  });
  const credited = await creditMinesRound(deps, round);
  return minesResult(deps, session, credited.round, credited.balance);
}

export async function currentMinesRound(
  deps: InhouseDeps,
  session: InhouseSessionRow,
): Promise<TMinesRoundView | null> {
  assertGame(session, 'mines');
  const round = await store.roundInPlay(deps.db, session.playerId, session.gameCode);
  return round?.status === 'open' ? minesViewWithSeed(deps, round) : null;
}
