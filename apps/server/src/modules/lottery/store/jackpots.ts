import { and, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../platform/db/database';
import { lotteryBets, lotteryJackpots, type LotteryJackpotRow } from '../schema';

/** Every query on lottery_jackpots, and the sums over a jackpot draw's bets that fix its pool (jackpot.ts). */

/** Makes the game's pool row unless it has one. */
export async function insertPoolIfMissing(tx: Tx, pool: typeof lotteryJackpots.$inferInsert): Promise<void> {
  await tx.insert(lotteryJackpots).values(pool).onConflictDoNothing();
}

/** The game's pool row, locked FOR UPDATE. */
export async function lockPool(tx: Tx, gameId: number): Promise<LotteryJackpotRow | undefined> {
  const [row] = await tx.select().from(lotteryJackpots).where(eq(lotteryJackpots.gameId, gameId)).for('update');
  return row;
}

export async function findPool(
  q: Queryable,
  gameId: number,
  merchantId: number,
): Promise<LotteryJackpotRow | undefined> {
  const [row] = await q
    .select()
    .from(lotteryJackpots)
    .where(and(eq(lotteryJackpots.gameId, gameId), eq(lotteryJackpots.merchantId, merchantId)));
  return row;
}

/**
 * Over the draw's pending bets: the real-money stakes, and Σ unit stake × multiplier of the bets of
 * `betType` holding the winning combination (their first row's picks contain `result`), real money
 * and trial apart — in centavos.
 */
export async function jackpotStakes(
  tx: Tx,
  drawId: number,
  betType: string,
  result: readonly number[],
): Promise<{ stakes: bigint; units: bigint; trialUnits: bigint }> {
  const holds = sql`${lotteryBets.betType} = ${betType} and ${lotteryBets.picks}->0 @> ${JSON.stringify(result)}::jsonb`;
  const stakedOn = sql`${lotteryBets.unitStake} * ${lotteryBets.multiplier}`;
  const [totals] = await tx
    .select({
      stakes: sql<string>`coalesce(sum(${lotteryBets.stake}) filter (where not ${lotteryBets.trial}), 0)`,
      units: sql<string>`coalesce(sum(${stakedOn}) filter (where not ${lotteryBets.trial} and ${holds}), 0)`,
      trialUnits: sql<string>`coalesce(sum(${stakedOn}) filter (where ${lotteryBets.trial} and ${holds}), 0)`,
    })
    .from(lotteryBets)
    .where(and(eq(lotteryBets.drawId, drawId), eq(lotteryBets.state, 'pending')));
  return { stakes: BigInt(totals!.stakes), units: BigInt(totals!.units), trialUnits: BigInt(totals!.trialUnits) };
}

export async function updatePool(tx: Tx, gameId: number, pool: bigint, now: Date): Promise<void> {
  await tx.update(lotteryJackpots).set({ pool, updatedAt: now }).where(eq(lotteryJackpots.gameId, gameId));
}

/** Sets the pool's terms (and the pool); answers the row after. */
export async function updatePoolTerms(
  tx: Tx,
  gameId: number,
  terms: Pick<LotteryJackpotRow, 'minimum' | 'shareBasisPoints' | 'pool'>,
  now: Date,
): Promise<LotteryJackpotRow> {
  const [row] = await tx
    .update(lotteryJackpots)
    .set({ ...terms, updatedAt: now })
    .where(eq(lotteryJackpots.gameId, gameId))
    .returning();
  return row!;
}
