/**
 * "Palaro Mines" (PLR-INHOUSE-002): a 5 × 5 field hiding 1–24 mines. The player bets, picks the
 * number of mines, then reveals cells one by one; every safe cell raises the multiplier, a mine ends
 * the round with nothing, and the player may cash out after any safe reveal. The mines' cells are
 * fixed when the round starts by a Fisher–Yates shuffle of the 25 cells on the round's fair stream
 * (so the order the player reveals in cannot change them).
 *
 * After k safe reveals with m mines the chance of having got there is C(25−m, k) / C(25, k); the
 * multiplier is 97 % of its inverse, rounded DOWN to 4 decimals: every way to play returns at most
 * 97.00 %, and at least 97.00 % − 0.0001 / multiplier.
 */
import type { RandomInt } from './fairness';

export const MINES_GAME_CODE = 'PLR-INHOUSE-002';
export const MINES_GRID_SIZE = 5;
export const MINES_CELL_COUNT = MINES_GRID_SIZE * MINES_GRID_SIZE;
export const MINES_MIN_MINES = 1;
export const MINES_MAX_MINES = 24;
/** The stated return to player (97.00 %) in basis points, and as a fraction. */
export const MINES_RTP_BASIS_POINTS = 9700;
export const MINES_STATED_RTP = MINES_RTP_BASIS_POINTS / 10_000;
/** Multipliers are whole ten-thousandths: 1.0104× is 10104. */
export const MINES_MULTIPLIER_SCALE = 10_000;

/** Bets a player may choose, in centavos. */
export const MINES_BET_STEPS: readonly number[] = [100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000];

/** Cells of the field are 0…24, row by row from the top left: cell = row × 5 + column. */
export function isMinesCell(cell: number): boolean {
  return Number.isInteger(cell) && cell >= 0 && cell < MINES_CELL_COUNT;
}

export function isMinesCount(mines: number): boolean {
  return Number.isInteger(mines) && mines >= MINES_MIN_MINES && mines <= MINES_MAX_MINES;
}

/** How many safe cells a field with `mines` mines has (revealing them all ends the round as a cash-out). */
export function minesSafeCells(mines: number): number {
  return MINES_CELL_COUNT - mines;
}

/** Scratch space of the shuffle (the rules are synchronous: one shuffle runs at a time). */
const SHUFFLE = new Uint8Array(MINES_CELL_COUNT);

/**
 * The mines as a bit mask (bit c set = cell c holds a mine): a Fisher–Yates shuffle of 0…24 (for
 * i = 24 down to 1, j = int(i + 1), swap cells i and j — 24 draws whatever the number of mines),
 * whose first `mines` cells are mines.
 */
export function placeMinesMask(int: RandomInt, mines: number): number {
  if (!isMinesCount(mines)) throw new RangeError(`mines must be ${MINES_MIN_MINES}–${MINES_MAX_MINES}, got ${mines}`);
  for (let cell = 0; cell < MINES_CELL_COUNT; cell += 1) SHUFFLE[cell] = cell;
  for (let i = MINES_CELL_COUNT - 1; i >= 1; i -= 1) {
    const j = int(i + 1);
    const swap = SHUFFLE[i]!;
    SHUFFLE[i] = SHUFFLE[j]!;
    SHUFFLE[j] = swap;
  }
  let mask = 0;
  for (let index = 0; index < mines; index += 1) mask |= 1 << SHUFFLE[index]!;
  return mask;
}

/** The mines' cells, ascending (placeMinesMask's shuffle). */
export function placeMines(int: RandomInt, mines: number): number[] {
  const mask = placeMinesMask(int, mines);
  const cells: number[] = [];
  for (let cell = 0; cell < MINES_CELL_COUNT; cell += 1) if (mask & (1 << cell)) cells.push(cell);
  return cells;
}

/** 97 % of C(25, k) / C(25 − m, k) = Π (25 − i) / (25 − m − i) for i < k, in ten-thousandths, exactly in integers. */
function computeMultiplier(mines: number, safeReveals: number): number {
  if (safeReveals === 0) return 0;
  let numerator = BigInt(MINES_RTP_BASIS_POINTS);
  let denominator = 1n;
  for (let i = 0; i < safeReveals; i += 1) {
    numerator *= BigInt(MINES_CELL_COUNT - i);
    denominator *= BigInt(MINES_CELL_COUNT - mines - i);
  }
  return Number(numerator / denominator);
}

/** MULTIPLIERS[mines][k]: every multiplier of the game, computed once. */
const MULTIPLIERS: readonly (readonly number[])[] = Array.from({ length: MINES_MAX_MINES + 1 }, (_, mines) =>
  mines < MINES_MIN_MINES
    ? []
    : Array.from({ length: minesSafeCells(mines) + 1 }, (__, k) => computeMultiplier(mines, k)),
);

/** The multiplier (in ten-thousandths) after `safeReveals` safe cells with `mines` mines; 0 reveals is 0 (nothing to cash out). */
export function minesMultiplier(mines: number, safeReveals: number): number {
  if (!isMinesCount(mines)) throw new RangeError(`mines must be ${MINES_MIN_MINES}–${MINES_MAX_MINES}, got ${mines}`);
  if (!Number.isInteger(safeReveals) || safeReveals < 0 || safeReveals > minesSafeCells(mines)) {
    throw new RangeError(`${safeReveals} safe reveals are impossible with ${mines} mines`);
  }
  return MULTIPLIERS[mines]![safeReveals]!;
}

/** The chance that the first `safeReveals` reveals are all safe with `mines` mines. */
export function minesSurvivalChance(mines: number, safeReveals: number): number {
  let chance = 1;
  for (let i = 0; i < safeReveals; i += 1) chance *= (MINES_CELL_COUNT - mines - i) / (MINES_CELL_COUNT - i);
  return chance;
}

/** The exact RTP of "reveal `safeReveals` cells, then cash out": chance × multiplier. */
export function minesExactRtp(mines: number, safeReveals: number): number {
  return (minesSurvivalChance(mines, safeReveals) * minesMultiplier(mines, safeReveals)) / MINES_MULTIPLIER_SCALE;
}

/**
 * What a cash-out pays for a bet in centavos: bet × multiplier rounded to the nearest centavo
 * (half a centavo up), so rounding neither favours the house nor the player on average. In
 * integers: a large bet times the largest multipliers (5 × 10^10) passes 2^53, where a float rounds.
 */
export function minesPayout(bet: number, multiplier: number): number {
  const scale = BigInt(MINES_MULTIPLIER_SCALE);
  return Number((BigInt(bet) * BigInt(multiplier) + scale / 2n) / scale);
}

/** Every multiplier of the game: table[mines][k] for k safe reveals (k = 0 is 0; table[0] is empty). */
export function minesMultiplierTable(): number[][] {
  return MULTIPLIERS.map((row) => [...row]);
}

/** Scratch space of the simulation's picks. */
const HIDDEN = new Uint8Array(MINES_CELL_COUNT);

/**
 * One simulated round of a fixed strategy ("with `mines` mines reveal `target` cells, then cash
 * out"): the mines are placed exactly as in a real round, the cells to reveal are picked at random
 * among the hidden ones. Returns the multiplier won (0 on a mine).
 */
export function simulateMinesRound(int: RandomInt, mines: number, target: number): number {
  const mineMask = placeMinesMask(int, mines);
  for (let cell = 0; cell < MINES_CELL_COUNT; cell += 1) HIDDEN[cell] = cell;
  let hiddenCount = MINES_CELL_COUNT;
  for (let revealed = 0; revealed < target; revealed += 1) {
    const at = int(hiddenCount);
    if (mineMask & (1 << HIDDEN[at]!)) return 0;
    hiddenCount -= 1;
    HIDDEN[at] = HIDDEN[hiddenCount]!;
  }
  return minesMultiplier(mines, target);
}
