import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { LotteryFamily, PrizeMode } from '@palaro/contract';
import type { Db, Queryable, Tx } from '../../../platform/db/database';
import { lotteryGames, type LotteryGameRow } from '../schema';

/** Every query on lottery_games: the catalogue, its lookups and the operator's changes. */

/** An enabled game of the merchant by its code (any case). */
export async function findEnabledGame(
  q: Queryable,
  merchantId: number,
  gameCode: string,
): Promise<LotteryGameRow | undefined> {
  const [game] = await q
    .select()
    .from(lotteryGames)
    .where(
      and(
        eq(lotteryGames.merchantId, merchantId),
        eq(lotteryGames.gameCode, gameCode.toUpperCase()),
        eq(lotteryGames.enabled, true),
      ),
    );
  return game;
}

/** A game of the merchant by its code (any case), enabled or not: the operator's calls. */
export async function findMerchantGame(
  q: Queryable,
  merchantId: number,
  gameCode: string,
): Promise<LotteryGameRow | undefined> {
  const [game] = await q
    .select()
    .from(lotteryGames)
    .where(and(eq(lotteryGames.merchantId, merchantId), eq(lotteryGames.gameCode, gameCode.toUpperCase())));
  return game;
}

export async function gameById(q: Queryable, gameId: number): Promise<LotteryGameRow | undefined> {
  const [game] = await q.select().from(lotteryGames).where(eq(lotteryGames.id, gameId));
  return game;
}

export async function familyOfGame(q: Queryable, gameId: number): Promise<LotteryFamily | undefined> {
  const [game] = await q.select({ family: lotteryGames.family }).from(lotteryGames).where(eq(lotteryGames.id, gameId));
  return game?.family;
}

/** Every merchant's enabled games (the schedule tick). */
export async function listEnabledGames(db: Db): Promise<LotteryGameRow[]> {
  return db.select().from(lotteryGames).where(eq(lotteryGames.enabled, true));
}

/** A merchant's enabled games sold under a prize mode, in menu order. */
export async function listMenuGames(db: Db, merchantId: number, prizeMode: PrizeMode): Promise<LotteryGameRow[]> {
  return db
    .select()
    .from(lotteryGames)
    .where(
      and(
        eq(lotteryGames.merchantId, merchantId),
        eq(lotteryGames.prizeMode, prizeMode),
        eq(lotteryGames.enabled, true),
      ),
    )
    .orderBy(asc(lotteryGames.sortOrder), asc(lotteryGames.id));
}

/** A merchant's traditional games (those on a schedule), or the one named, in menu order. */
export async function listTraditionalGames(
  db: Db,
  merchantId: number,
  gameCode: string | undefined,
): Promise<LotteryGameRow[]> {
  return db
    .select()
    .from(lotteryGames)
    .where(
      and(
        eq(lotteryGames.merchantId, merchantId),
        isNotNull(lotteryGames.schedule),
        gameCode ? eq(lotteryGames.gameCode, gameCode.toUpperCase()) : undefined,
      ),
    )
    .orderBy(asc(lotteryGames.sortOrder), asc(lotteryGames.gameCode));
}

/** The game's row, locked FOR UPDATE. */
export async function lockGame(tx: Tx, gameId: number): Promise<LotteryGameRow | undefined> {
  const [game] = await tx.select().from(lotteryGames).where(eq(lotteryGames.id, gameId)).for('update');
  return game;
}

/** Locks the game's row FOR UPDATE, reading only its id. */
export async function holdGame(tx: Tx, gameId: number): Promise<void> {
  await tx.select({ id: lotteryGames.id }).from(lotteryGames).where(eq(lotteryGames.id, gameId)).for('update');
}

type GameChange = Partial<Omit<typeof lotteryGames.$inferInsert, 'id' | 'merchantId'>>;

/** Changes a game's columns; answers the row after. */
export async function updateGame(tx: Tx, gameId: number, change: GameChange): Promise<LotteryGameRow | undefined> {
  const [game] = await tx.update(lotteryGames).set(change).where(eq(lotteryGames.id, gameId)).returning();
  return game;
}

/** Inserts the games a merchant does not have yet (by merchant and code). */
export async function insertMissingGames(tx: Tx, games: (typeof lotteryGames.$inferInsert)[]): Promise<void> {
  await tx.insert(lotteryGames).values(games).onConflictDoNothing();
}
