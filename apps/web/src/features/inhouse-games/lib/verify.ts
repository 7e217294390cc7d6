import {
  INHOUSE_MAX_WIN,
  hashServerSeed,
  mineCellsFromSeeds,
  minesMultiplier,
  minesPayout,
  slotRoundFromSeeds,
  slotWinAmount,
  type SlotRound,
  type TInhouseRoundDetail,
  type TMinesRoundView,
  type TSlotRoundView,
} from '@palaro/contract';

/**
 * The verify screen's work: recompute a past round in this browser from its revealed server seed,
 * its client seed and its nonce with the contract's own functions (the very code the game server
 * ran), and compare each part with what the server stored.
 */
export interface VerifyCheck {
  /** What was compared: the seed's commitment, the outcome, the money. */
  name: 'hash' | 'outcome' | 'payout';
  ok: boolean;
  expected: string;
  computed: string;
}

export interface Verification {
  ok: boolean;
  checks: VerifyCheck[];
  /** The recomputed slot round or mines field, to show beside the stored one. */
  slot: SlotRound | null;
  mineCells: number[] | null;
}

export interface VerifyInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

interface SpinStops {
  base: { stops: readonly number[] };
  freeSpins: readonly { stops: readonly number[] }[];
}

/** Every spin's reel stops, base spin first: the whole of a slot round's randomness. */
function spinsOf(round: SpinStops): string {
  return [round.base, ...round.freeSpins].map((spin) => spin.stops.join(',')).join(' | ');
}

async function hashCheck(serverSeed: string, committed: string): Promise<VerifyCheck> {
  const computed = await hashServerSeed(serverSeed);
  return { name: 'hash', ok: computed === committed, expected: committed, computed };
}

export async function verifySlotRound(round: TSlotRoundView, input: VerifyInput): Promise<Verification> {
  const slot = await slotRoundFromSeeds(input);
  // A round pays at most INHOUSE_MAX_WIN, whatever its lines add up to.
  const win = Math.min(slotWinAmount(round.bet, slot.lineBets), INHOUSE_MAX_WIN);
  const checks: VerifyCheck[] = [
    await hashCheck(input.serverSeed, round.seeds.serverSeedHash),
    {
      name: 'outcome',
      ok: spinsOf(slot) === spinsOf(round.outcome) && slot.lineBets === round.outcome.lineBets,
      expected: spinsOf(round.outcome),
      computed: spinsOf(slot),
    },
    { name: 'payout', ok: win === round.win, expected: String(round.win), computed: String(win) },
  ];
  return { ok: checks.every((check) => check.ok), checks, slot, mineCells: null };
}

/** What a mines round should have paid, given where the mines are and the cells the player chose. */
export function minesPayoutFor(
  round: Pick<TMinesRoundView, 'bet' | 'mines' | 'revealed' | 'status'>,
  mineCells: readonly number[],
): number {
  if (round.revealed.some((cell) => mineCells.includes(cell))) return 0;
  if (round.status === 'open') return 0;
  return Math.min(minesPayout(round.bet, minesMultiplier(round.mines, round.revealed.length)), INHOUSE_MAX_WIN);
}

export async function verifyMinesRound(round: TMinesRoundView, input: VerifyInput): Promise<Verification> {
  const mineCells = await mineCellsFromSeeds(input, round.mines);
  const stored = round.mineCells ?? [];
  const payout = minesPayoutFor(round, mineCells);
  const checks: VerifyCheck[] = [
    await hashCheck(input.serverSeed, round.seeds.serverSeedHash),
    {
      name: 'outcome',
      ok: mineCells.join(',') === [...stored].sort((a, b) => a - b).join(','),
      expected: stored.join(', '),
      computed: mineCells.join(', '),
    },
    { name: 'payout', ok: payout === round.payout, expected: String(round.payout), computed: String(payout) },
  ];
  return { ok: checks.every((check) => check.ok), checks, slot: null, mineCells };
}

/** Verifies either game's round (null for a detail naming neither). */
export async function verifyRound(detail: TInhouseRoundDetail, input: VerifyInput): Promise<Verification | null> {
  if (detail.slot) return verifySlotRound(detail.slot, input);
  if (detail.mines) return verifyMinesRound(detail.mines, input);
  return null;
}
