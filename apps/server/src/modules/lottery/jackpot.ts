import {
  drawJackpot,
  P642_JACKPOT_MINIMUM,
  P642_JACKPOT_SHARE_BASIS_POINTS,
  type DrawJackpot,
  type LotteryFamily,
} from '@palaro/contract';
import type { Db, Tx } from '../../platform/db/database';
import type { LotteryDrawRow, LotteryGameRow, LotteryJackpotRow, StoredDrawJackpot } from './schema';
import { findPool, insertPoolIfMissing, jackpotStakes, lockPool, updatePool, updatePoolTerms } from './store/jackpots';

/**
 * A jackpot game's running pool (6/42, contract lottery/jackpot.ts). The pool is fixed set-wise when
 * a draw's result stands, in the same transaction: one query sums the draw's real-money stakes (its
 * contribution) and the stakes on the winning combination, the draw keeps both with the pool its
 * winners share, and the game's pool moves on (back to the minimum once real money won). The
 * settlement then pays each winner its share as a 'win' from the house, like any win
 * (settlement.ts passes the draw's jackpot to settleBet) — no second pass over the bets.
 */

/** The bet type whose 6-of-6 tier is the jackpot, per jackpot family. */
const JACKPOT_BET_TYPES: Partial<Record<LotteryFamily, string>> = { P642: 'P642_PICK6' };

export function hasJackpot(family: LotteryFamily): boolean {
  return JACKPOT_BET_TYPES[family] !== undefined;
}

/** PCSO's terms, before an operator sets the game's own (the pool starts at the minimum). */
const PCSO_TERMS = {
  pool: BigInt(P642_JACKPOT_MINIMUM),
  minimum: BigInt(P642_JACKPOT_MINIMUM),
  shareBasisPoints: P642_JACKPOT_SHARE_BASIS_POINTS,
};

/** The game's pool row, made at PCSO's minimum the first time it is needed. */
async function poolRow(tx: Tx, game: LotteryGameRow, now: Date) {
  await insertPoolIfMissing(tx, { gameId: game.id, merchantId: game.merchantId, ...PCSO_TERMS, updatedAt: now });
  return (await lockPool(tx, game.id))!;
}

/**
 * Fixes a jackpot draw's pool as its result stands (results.ts, in the transaction that draws it; its
 * sales are locked, so its bets are final). A bet holds the winning combination exactly when its
 * picked numbers contain the six drawn (one combination of six whatever how many it picked), so the
 * stakes on it are Σ unit stake × multiplier over those bets. Answers the draw's jackpot, or null for
 * a game without one.
 */
export async function fixDrawJackpot(
  tx: Tx,
  game: LotteryGameRow,
  draw: LotteryDrawRow,
  result: readonly number[],
  now: Date,
): Promise<DrawJackpot | null> {
  const betType = JACKPOT_BET_TYPES[game.family];
  if (!betType) return null;
  const pool = await poolRow(tx, game, now);
  const totals = await jackpotStakes(tx, draw.id, betType, result);
  const { jackpot, nextPool } = drawJackpot(
    pool.pool,
    pool.minimum,
    pool.shareBasisPoints,
    totals.stakes,
    totals.units,
    totals.trialUnits,
  );
  await updatePool(tx, game.id, nextPool, now);
  return jackpot;
}

/**
 * A draw's jackpot as its jsonb keeps it: the amounts as decimal strings, since JSON has no bigint
 * and a pool has no bound below 2^53 (a draw fixed before the lottery's money was bigint holds
 * numbers, read alike).
 */
export function storedJackpot(jackpot: DrawJackpot): StoredDrawJackpot {
  return {
    pool: String(jackpot.pool),
    contribution: String(jackpot.contribution),
    units: String(jackpot.units),
    trialUnits: String(jackpot.trialUnits),
  };
}

/** The draw's jackpot in bigint centavos, from its jsonb (storedJackpot); null for a draw without one. */
export function drawJackpotOf(stored: StoredDrawJackpot | null): DrawJackpot | null {
  if (!stored) return null;
  return {
    pool: BigInt(stored.pool),
    contribution: BigInt(stored.contribution),
    units: BigInt(stored.units),
    trialUnits: BigInt(stored.trialUnits),
  };
}

/**
 * Sets a jackpot game's minimum and share of real-money stakes (operator settings). A minimum above
 * the running pool raises the pool to it — the operator guarantees the higher prize from the next
 * draw on; a lower one leaves the pool as it is. Answers the row after the change.
 */
export async function setJackpotTerms(
  tx: Tx,
  game: LotteryGameRow,
  terms: { minimum?: bigint; shareBasisPoints?: number },
  now: Date,
): Promise<LotteryJackpotRow> {
  const pool = await poolRow(tx, game, now);
  const minimum = terms.minimum ?? pool.minimum;
  return updatePoolTerms(
    tx,
    game.id,
    {
      minimum,
      shareBasisPoints: terms.shareBasisPoints ?? pool.shareBasisPoints,
      pool: pool.pool > minimum ? pool.pool : minimum,
    },
    now,
  );
}

/** A jackpot game's pool row as it stands (PCSO's defaults before its first draw); null for a game without one. */
export async function jackpotTerms(
  q: Db | Tx,
  game: LotteryGameRow,
): Promise<Pick<LotteryJackpotRow, 'pool' | 'minimum' | 'shareBasisPoints'> | null> {
  if (!hasJackpot(game.family)) return null;
  const row = await findPool(q, game.id, game.merchantId);
  return row ?? PCSO_TERMS;
}

/** The pool a jackpot game's next draw is played for now (its minimum before its first draw); null without one. */
export async function currentJackpot(q: Db | Tx, game: LotteryGameRow): Promise<bigint | null> {
  return (await jackpotTerms(q, game))?.pool ?? null;
}
