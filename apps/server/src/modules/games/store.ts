import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { GameCategory } from '@palaro/contract';
import { announceChange } from '../../platform/cache/change-feed';
import type { Queryable } from '../../platform/db/database';
import {
  gameFavourites,
  gameRecents,
  games,
  gameSettings,
  gameVendors,
  hotMatches,
  type GameRow,
  type GameSettingsRow,
  type GameVendorRow,
  type HotMatchRow,
  type NewGameRow,
  type NewGameVendorRow,
  type NewHotMatchRow,
} from './schema';

export const CATALOGUE_TOPIC_PREFIX = 'games';

/** The topic a change to a merchant's catalogue is announced under (cache.ts listens). */
export function catalogueTopic(merchantId: number): string {
  return `${CATALOGUE_TOPIC_PREFIX}:merchant:${merchantId}`;
}

/** Every replica drops the merchant's catalogue from memory when the caller's transaction commits. */
export function announceCatalogueChanged(q: Queryable, merchantId: number): Promise<void> {
  return announceChange(q, catalogueTopic(merchantId));
}

/** The most active hot matches a merchant shows; a carousel never needs more. */
const MAX_HOT_MATCHES_READ = 200;

export interface CatalogueRows {
  vendors: GameVendorRow[];
  /** Enabled games in list order (category, sort order, id). */
  games: GameRow[];
  matches: HotMatchRow[];
  cockfightEnabled: boolean;
}

/** What the catalogue in memory is built from: one read per merchant and change. */
export async function loadCatalogue(q: Queryable, merchantId: number): Promise<CatalogueRows> {
  const [vendors, enabledGames, matches, settings] = await Promise.all([
    q
      .select()
      .from(gameVendors)
      .where(eq(gameVendors.merchantId, merchantId))
      .orderBy(asc(gameVendors.sortOrder), asc(gameVendors.id)),
    q
      .select()
      .from(games)
      .where(and(eq(games.merchantId, merchantId), eq(games.enabled, true)))
      .orderBy(asc(games.category), asc(games.sortOrder), asc(games.id)),
    q
      .select()
      .from(hotMatches)
      .where(and(eq(hotMatches.merchantId, merchantId), eq(hotMatches.active, true)))
      .orderBy(asc(hotMatches.kickOffAt), asc(hotMatches.id))
      .limit(MAX_HOT_MATCHES_READ),
    findGameSettings(q, merchantId),
  ]);
  return { vendors, games: enabledGames, matches, cockfightEnabled: settings?.cockfightEnabled ?? false };
}

export async function findGameSettings(q: Queryable, merchantId: number): Promise<GameSettingsRow | undefined> {
  const [row] = await q.select().from(gameSettings).where(eq(gameSettings.merchantId, merchantId));
  return row;
}

export async function saveGameSettings(
  q: Queryable,
  merchantId: number,
  cockfightEnabled: boolean,
): Promise<GameSettingsRow> {
  const [row] = await q
    .insert(gameSettings)
    .values({ merchantId, cockfightEnabled })
    .onConflictDoUpdate({ target: gameSettings.merchantId, set: { cockfightEnabled, updatedAt: sql`now()` } })
    .returning();
  await announceCatalogueChanged(q, merchantId);
  return row!;
}

// Favourites and recents: a member's own rows, read by the member's index range.

/** A member's favourite game ids, newest first. */
export async function listFavouriteIds(
  q: Queryable,
  merchantId: number,
  memberId: number,
  limit: number,
): Promise<number[]> {
  const rows = await q
    .select({ gameId: gameFavourites.gameId })
    .from(gameFavourites)
    .where(and(eq(gameFavourites.merchantId, merchantId), eq(gameFavourites.memberId, memberId)))
    .orderBy(desc(gameFavourites.createdAt), desc(gameFavourites.gameId))
    .limit(limit);
  return rows.map((row) => row.gameId);
}

/** Adds a favourite; one already there stays as it was (its time too). */
export async function insertFavourite(
  q: Queryable,
  row: { merchantId: number; memberId: number; gameId: number; createdAt: Date },
): Promise<void> {
  await q.insert(gameFavourites).values(row).onConflictDoNothing();
}

export async function deleteFavourite(
  q: Queryable,
  merchantId: number,
  memberId: number,
  gameId: number,
): Promise<void> {
  await q
    .delete(gameFavourites)
    .where(
      and(
        eq(gameFavourites.merchantId, merchantId),
        eq(gameFavourites.memberId, memberId),
        eq(gameFavourites.gameId, gameId),
      ),
    );
}

/** The launch's record: the game moves to the front of the member's recents. */
export async function upsertRecent(
  q: Queryable,
  row: { merchantId: number; memberId: number; gameId: number; lastPlayedAt: Date },
): Promise<void> {
  await q
    .insert(gameRecents)
    .values(row)
    .onConflictDoUpdate({
      target: [gameRecents.memberId, gameRecents.gameId],
      set: { lastPlayedAt: sql`greatest(${gameRecents.lastPlayedAt}, excluded.last_played_at)` },
    });
}

/** Forgets the member's recents beyond the newest `keep`. */
export async function trimRecents(q: Queryable, merchantId: number, memberId: number, keep: number): Promise<void> {
  await q.execute(sql`
    delete from ${gameRecents} where ${gameRecents.memberId} = ${memberId} and ${gameRecents.merchantId} = ${merchantId}
      and ${gameRecents.gameId} not in (
        select ${gameRecents.gameId} from ${gameRecents} where ${gameRecents.memberId} = ${memberId}
        order by ${gameRecents.lastPlayedAt} desc limit ${keep})`);
}

export async function listRecents(
  q: Queryable,
  merchantId: number,
  memberId: number,
  limit: number,
): Promise<{ gameId: number; lastPlayedAt: Date }[]> {
  return q
    .select({ gameId: gameRecents.gameId, lastPlayedAt: gameRecents.lastPlayedAt })
    .from(gameRecents)
    .where(and(eq(gameRecents.merchantId, merchantId), eq(gameRecents.memberId, memberId)))
    .orderBy(desc(gameRecents.lastPlayedAt), desc(gameRecents.gameId))
    .limit(limit);
}

// The operator's reads and changes. Each change announces itself to every replica's cache.

export interface VendorSummary extends GameVendorRow {
  gameCount: number;
  categories: GameCategory[];
}

export async function listVendorSummaries(q: Queryable, merchantId: number): Promise<VendorSummary[]> {
  // One after the other: `q` may be a transaction (a vendor's change answers its summary), whose one connection runs one query at a time.
  const vendors = await q
    .select()
    .from(gameVendors)
    .where(eq(gameVendors.merchantId, merchantId))
    .orderBy(asc(gameVendors.sortOrder), asc(gameVendors.id));
  const totals = await q
    .select({ vendorId: games.vendorId, category: games.category, value: count() })
    .from(games)
    .where(eq(games.merchantId, merchantId))
    .groupBy(games.vendorId, games.category);
  return vendors.map((vendor) => {
    const mine = totals.filter((total) => total.vendorId === vendor.id);
    return {
      ...vendor,
      gameCount: mine.reduce((sum, total) => sum + total.value, 0),
      categories: mine.map((total) => total.category),
    };
  });
}

export async function findVendorByCode(
  q: Queryable,
  merchantId: number,
  code: string,
): Promise<GameVendorRow | undefined> {
  const [row] = await q
    .select()
    .from(gameVendors)
    .where(and(eq(gameVendors.merchantId, merchantId), eq(gameVendors.code, code)));
  return row;
}

export type CatalogueChanges = Partial<Pick<GameRow, 'enabled' | 'hot' | 'isNew' | 'sortOrder' | 'minBet'>>;

export async function updateVendor(
  q: Queryable,
  vendorId: number,
  merchantId: number,
  changes: CatalogueChanges,
): Promise<GameVendorRow | undefined> {
  const [row] = await q
    .update(gameVendors)
    .set(changes)
    .where(and(eq(gameVendors.id, vendorId), eq(gameVendors.merchantId, merchantId)))
    .returning();
  if (row) await announceCatalogueChanged(q, merchantId);
  return row;
}

export async function findGameByCode(q: Queryable, merchantId: number, code: string): Promise<GameRow | undefined> {
  const [row] = await q
    .select()
    .from(games)
    .where(and(eq(games.merchantId, merchantId), eq(games.code, code)));
  return row;
}

export async function updateGame(
  q: Queryable,
  gameId: number,
  merchantId: number,
  changes: CatalogueChanges,
): Promise<GameRow | undefined> {
  const [row] = await q
    .update(games)
    .set(changes)
    .where(and(eq(games.id, gameId), eq(games.merchantId, merchantId)))
    .returning();
  if (row) await announceCatalogueChanged(q, merchantId);
  return row;
}

export interface GamePageFilter {
  vendorId?: number;
  category?: GameCategory;
  /** Lower case: games whose lower-cased name starts with it (the name-prefix index). */
  namePrefix?: string;
}

/** A page of a merchant's games (enabled or not), in list order. */
export async function listGamesPage(
  q: Queryable,
  merchantId: number,
  filter: GamePageFilter,
  offset: number,
  limit: number,
): Promise<{ rows: GameRow[]; total: number }> {
  const conditions: SQL[] = [eq(games.merchantId, merchantId)];
  if (filter.vendorId !== undefined) conditions.push(eq(games.vendorId, filter.vendorId));
  if (filter.category) conditions.push(eq(games.category, filter.category));
  if (filter.namePrefix) conditions.push(sql`lower(${games.name}) like ${`${escapeLike(filter.namePrefix)}%`}`);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    q
      .select()
      .from(games)
      .where(where)
      .orderBy(asc(games.category), asc(games.sortOrder), asc(games.id))
      .offset(offset)
      .limit(limit),
    q.select({ value: count() }).from(games).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function listVendorsByIds(q: Queryable, ids: number[]): Promise<GameVendorRow[]> {
  if (ids.length === 0) return [];
  return q.select().from(gameVendors).where(inArray(gameVendors.id, ids));
}

export async function listHotMatchesForOperator(q: Queryable, merchantId: number): Promise<HotMatchRow[]> {
  return q
    .select()
    .from(hotMatches)
    .where(eq(hotMatches.merchantId, merchantId))
    .orderBy(asc(hotMatches.kickOffAt), asc(hotMatches.id))
    .limit(MAX_HOT_MATCHES_READ);
}

export async function insertHotMatch(q: Queryable, row: NewHotMatchRow): Promise<HotMatchRow> {
  const [inserted] = await q.insert(hotMatches).values(row).returning();
  await announceCatalogueChanged(q, row.merchantId);
  return inserted!;
}

export type HotMatchChanges = Partial<
  Pick<HotMatchRow, 'league' | 'homeTeam' | 'awayTeam' | 'kickOffAt' | 'active' | 'sortOrder' | 'rollsForward'>
>;

export async function updateHotMatch(
  q: Queryable,
  id: number,
  merchantId: number,
  changes: HotMatchChanges,
): Promise<HotMatchRow | undefined> {
  const [row] = await q
    .update(hotMatches)
    .set(changes)
    .where(and(eq(hotMatches.id, id), eq(hotMatches.merchantId, merchantId)))
    .returning();
  if (row) await announceCatalogueChanged(q, merchantId);
  return row;
}

export async function findGamesByIds(q: Queryable, ids: number[]): Promise<GameRow[]> {
  if (ids.length === 0) return [];
  return q.select().from(games).where(inArray(games.id, ids));
}

/**
 * Moves every demo fixture that has kicked off by whole days until it is ahead of `now` again.
 * Repeating it changes nothing (only matches at or before `now` move). Answers the merchants whose
 * matches moved, announced.
 */
export async function rollHotMatchesForward(q: Queryable, now: Date): Promise<number[]> {
  const moved = await q
    .update(hotMatches)
    .set({
      kickOffAt: sql`${hotMatches.kickOffAt} + make_interval(days => (floor(extract(epoch from (${now.toISOString()}::timestamptz - ${hotMatches.kickOffAt})) / 86400)::int + 1))`,
    })
    .where(and(eq(hotMatches.rollsForward, true), lte(hotMatches.kickOffAt, now)))
    .returning({ merchantId: hotMatches.merchantId });
  const merchantIds = [...new Set(moved.map((row) => row.merchantId))];
  for (const merchantId of merchantIds) await announceCatalogueChanged(q, merchantId);
  return merchantIds;
}

// The seed: rows keyed by codes (vendors, games) and seed keys (matches), never by names.

export async function insertSeedVendors(q: Queryable, rows: NewGameVendorRow[]): Promise<GameVendorRow[]> {
  if (rows.length === 0) return [];
  const merchantId = rows[0]!.merchantId;
  await q
    .insert(gameVendors)
    .values(rows)
    .onConflictDoNothing({ target: [gameVendors.merchantId, gameVendors.code] });
  await announceCatalogueChanged(q, merchantId);
  return q
    .select()
    .from(gameVendors)
    .where(
      and(
        eq(gameVendors.merchantId, merchantId),
        inArray(
          gameVendors.code,
          rows.map((row) => row.code),
        ),
      ),
    );
}

export async function insertSeedGames(q: Queryable, rows: NewGameRow[]): Promise<GameRow[]> {
  if (rows.length === 0) return [];
  const merchantId = rows[0]!.merchantId;
  await q
    .insert(games)
    .values(rows)
    .onConflictDoNothing({ target: [games.merchantId, games.code] });
  return q
    .select()
    .from(games)
    .where(
      and(
        eq(games.merchantId, merchantId),
        inArray(
          games.code,
          rows.map((row) => row.code),
        ),
      ),
    );
}

export async function insertSeedHotMatches(q: Queryable, rows: NewHotMatchRow[]): Promise<void> {
  if (rows.length === 0) return;
  await q
    .insert(hotMatches)
    .values(rows)
    .onConflictDoNothing({ target: [hotMatches.merchantId, hotMatches.seedKey] });
}

export async function insertDefaultGameSettings(q: Queryable, merchantId: number): Promise<void> {
  await q.insert(gameSettings).values({ merchantId }).onConflictDoNothing();
}
