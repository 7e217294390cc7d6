/**
 * PCSO Lotto 6/42 as PCSO pays it: a pari-mutuel jackpot for 6 of 6 and fixed prizes for 5, 4 and
 * 3 of 6 per ₱20 ticket (docs/LOTTERY.md "PCSO 6/42 prizes").
 *
 * The jackpot is a running pool per game: it starts at PCSO's minimum, grows by a share of each
 * drawn draw's real-money stakes, is shared by that draw's winners in proportion to what each staked
 * on the winning numbers, and starts again at the minimum once real money won it. Play money (trial
 * members) neither grows it nor dilutes it: play-money winners share the same pool among themselves,
 * in play money, and do not reset it. Everything is integer centavos, rounded down once per winner;
 * what the rounding leaves stays with the house.
 */
import type { Centavos } from '../money/rules';

/** One 6/42 ticket (one combination at multiplier 1) costs ₱20, stamp tax included. */
export const P642_TICKET = 2000;
/** PCSO's 6/42 jackpot starts at ₱5,940,000 and starts there again after it is won. */
export const P642_JACKPOT_MINIMUM = 594_000_000;
/**
 * The part of each draw's real-money stakes added to the pool (35 %): with the fixed prizes
 * (14.9 % of stakes) and the minimum the house puts back after each win (about 5.7 % at one winner
 * per 5,245,786 tickets), the game returns about 55 % of its stakes, PCSO's prize fund.
 */
export const P642_JACKPOT_SHARE_BASIS_POINTS = 3500;
/** PCSO's fixed prizes per ₱20 ticket: 5 of 6 ₱24,000, 4 of 6 ₱800, 3 of 6 ₱20 (centavos). */
export const P642_FIXED_PRIZES: Readonly<Record<5 | 4 | 3, number>> = { 5: 2_400_000, 4: 80_000, 3: 2000 };

/**
 * A jackpot draw's figures, fixed when its result stands: `pool` (centavos) is what its winners
 * share, this draw's `contribution` included; `units` and `trialUnits` the centavos staked on the
 * winning combination (unit stake × multiplier of each bet holding it) with real and play money.
 * Bigint on the server (the pool grows without a bound until someone wins it), number in tests
 * and previews.
 */
export interface DrawJackpot<T extends Centavos = bigint> {
  pool: T;
  contribution: T;
  units: T;
  trialUnits: T;
}

/** What one settlement shares: the pool and the stakes on the winning combination it is split by. */
export interface JackpotBasis<T extends Centavos = bigint> {
  pool: T;
  units: T;
}

const inKindOf = <T extends Centavos>(like: T, value: bigint): T =>
  (typeof like === 'bigint' ? value : Number(value)) as T;

/** The pool's growth from a draw's real-money stakes: stakes × basis points / 10,000, rounded down. */
export function jackpotContribution<T extends Centavos>(realStakes: T, shareBasisPoints: number): T {
  return inKindOf(realStakes, (BigInt(realStakes) * BigInt(shareBasisPoints)) / 10_000n);
}

/**
 * The draw's jackpot figures from the pool before it, its real-money stakes and the stakes on its
 * winning combination; and the pool the next draw starts from (the minimum once real money won).
 */
export function drawJackpot<T extends Centavos>(
  pool: T,
  minimum: T,
  shareBasisPoints: number,
  realStakes: T,
  units: T,
  trialUnits: T,
): { jackpot: DrawJackpot<T>; nextPool: T } {
  const contribution = jackpotContribution(realStakes, shareBasisPoints);
  const jackpot = { pool: inKindOf(pool, BigInt(pool) + BigInt(contribution)), contribution, units, trialUnits };
  return { jackpot, nextPool: units > 0 ? minimum : jackpot.pool };
}

/** The basis a bet is settled on: real-money bets share with real money, play-money bets with play money. */
export function jackpotBasis<T extends Centavos>(
  jackpot: DrawJackpot<T> | null,
  trial: boolean,
): JackpotBasis<T> | null {
  if (!jackpot) return null;
  return { pool: jackpot.pool, units: trial ? jackpot.trialUnits : jackpot.units };
}

/**
 * A winner's share of the pool: pool × its stake on the winning combination / every winner's,
 * rounded down (what the rounding leaves stays with the house). The product is formed in BigInt,
 * so it is exact past 2^53.
 */
export function jackpotShare<T extends Centavos>(basis: JackpotBasis<T>, betUnits: T): T {
  const units = BigInt(betUnits);
  if (units <= 0n) return inKindOf(betUnits, 0n);
  if (units > BigInt(basis.units))
    throw new Error(`a jackpot stake of ${betUnits} exceeds the draw's winning stakes ${basis.units}`);
  return inKindOf(betUnits, (BigInt(basis.pool) * units) / BigInt(basis.units));
}
