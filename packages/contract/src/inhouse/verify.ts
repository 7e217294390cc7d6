/**
 * Recomputing a round from its seeds: the functions the game server plays real rounds with and the
 * browser's verify screen checks them with.
 */
import { playFair } from './fairness';
import { placeMines } from './mines';
import { playSlotRound, type SlotRound } from './slot';

export interface RoundSeedsInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** The slot round these seeds give (base spin and every free spin). */
export function slotRoundFromSeeds(seeds: RoundSeedsInput): Promise<SlotRound> {
  return playFair(seeds, playSlotRound);
}

/** The mines' cells (ascending) these seeds give for a field with `mines` mines. */
export function mineCellsFromSeeds(seeds: RoundSeedsInput, mines: number): Promise<number[]> {
  return playFair(seeds, (int) => placeMines(int, mines));
}
