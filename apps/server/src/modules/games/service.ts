import {
  ERROR_CODES,
  fieldError,
  GAME_CLASSIFY,
  MAX_FAVOURITES,
  MAX_HOT_GAMES,
  type TFavouriteIds,
  type TFavouriteRequest,
  type TFavouritesPage,
  type TFavouritesQuery,
  type TRecentsQuery,
  type TGameListPage,
  type TGameListQuery,
  type TGameSettings,
  type TGameTile,
  type THotGamesQuery,
  type THotMatchCreate,
  type THotMatchUpdate,
  type TOperatorGame,
  type TOperatorGames,
  type TOperatorHotMatch,
  type TOperatorHotMatches,
  type TOperatorVendor,
  type TRecentsPage,
  type TVendorUpdate,
  type TGameUpdate,
} from '@palaro/contract';
import { ZGameListPage, ZGameTypes, ZHotGames, ZHotMatches, ZVendorInfo } from '@palaro/contract/schemas';
import type { z } from 'zod';
import { transactionAnnouncing } from '../../platform/cache/change-feed';
import type { Db, Queryable } from '../../platform/db/database';
import { CachedBody } from '../../platform/http/cached-body';
import { DomainError, NotFoundError } from '../../platform/http/errors';
import { recordAudit } from '../audit/service';
import { requireMerchantByCode } from '../site/service';
import { catalogueCaches, readCatalogue, type CatalogueMerchant } from './cache';
import { teamBadgeUrl, type GameFilter, type MerchantCatalogue } from './catalogue';
import type { GameRow, GameVendorRow, HotMatchRow } from './schema';
import * as store from './store';

/** A member keeps this many recent games; the list shows them page by page. */
const RECENTS_KEPT = 100;
const OPERATOR_PAGE_SIZE = 50;

/**
 * The merchant's catalogue: from memory when the app keeps the cache on this handle — at once once
 * loaded, so a public read can be answered without a promise — else read now.
 */
export function catalogueOf(q: Queryable, merchant: CatalogueMerchant): MerchantCatalogue | Promise<MerchantCatalogue> {
  const cache = catalogueCaches.of(q);
  return cache ? cache.of(merchant) : readCatalogue(q, merchant);
}

/** `answer` from the merchant's catalogue, at once when it is in memory. */
function fromCatalogue<T>(
  q: Queryable,
  merchant: CatalogueMerchant,
  answer: (catalogue: MerchantCatalogue) => T,
): T | Promise<T> {
  const catalogue = catalogueOf(q, merchant);
  return catalogue instanceof Promise ? catalogue.then(answer) : answer(catalogue);
}

function invalid(field: string, message: string): DomainError {
  return new DomainError(ERROR_CODES.validation, message, { fields: [{ ...fieldError(field), message }] });
}

/** The list call's merchant and classification rules that a schema cannot say alone. */
function gameFilterOf(merchant: CatalogueMerchant, query: TGameListQuery): GameFilter {
  if (query.merchant !== undefined && query.merchant.toUpperCase() !== merchant.code.toUpperCase()) {
    throw invalid('merchant', `This site serves merchant ${merchant.code}`);
  }
  if (query.gameClassify === GAME_CLASSIFY.new && query.gameType !== undefined && query.gameType !== 'RNG') {
    throw invalid('gameClassify', 'NEW is a classification of RNG games only');
  }
  return {
    category: query.gameType,
    vendorCode: query.vassalage,
    classify: query.gameClassify === GAME_CLASSIFY.favourites ? undefined : query.gameClassify,
    isNew: query.isNew,
    minBet: query.minBet,
    minLine: query.minLine,
    name: query.gameName || undefined,
  };
}

function pageOf<T>(items: readonly T[], pageNo: number, pageSize: number): { items: T[]; totalPages: number } {
  const offset = (pageNo - 1) * pageSize;
  return { items: items.slice(offset, offset + pageSize), totalPages: Math.ceil(items.length / pageSize) };
}

function listPage(tiles: readonly TGameTile[], pageNo: number, pageSize: number): TGameListPage {
  const { items, totalPages } = pageOf(tiles, pageNo, pageSize);
  return { games: items, pageNum: pageNo, totalPages, totalCount: tiles.length };
}

/** Whether the list asks for the member's favourites (which needs the member and is not shared). */
export function isFavouritesList(query: TGameListQuery): boolean {
  return query.gameClassify === GAME_CLASSIFY.favourites;
}

function envelopeBody<T extends z.ZodType>(schema: T, value: z.input<T>): CachedBody {
  return new CachedBody(`{"success":true,"value":${JSON.stringify(schema.parse(value))}}`);
}

/**
 * A page of the game list as the `{success,value}` body to send, made once per merchant, filter and
 * page, kept until the catalogue changes. Game names are proper names, the same in every language.
 */
export function gameListBody(
  q: Queryable,
  merchant: CatalogueMerchant,
  query: TGameListQuery,
): CachedBody | Promise<CachedBody> {
  const filter = gameFilterOf(merchant, query);
  const key = gameListKey(query, filter);
  const catalogue = catalogueOf(q, merchant);
  // Already made, the common case: taken before any closure is (a read from memory allocates nothing of its own).
  const kept = catalogue instanceof Promise ? undefined : catalogue.keptBody(key);
  return (
    kept ??
    fromCatalogue(q, merchant, (loaded) =>
      loaded.body(key, () =>
        envelopeBody(
          ZGameListPage,
          listPage(
            loaded.filtered(filter).map((game) => game.tile),
            query.pageNo,
            query.pageSize,
          ),
        ),
      ),
    )
  );
}

/**
 * A list query's key, per query object: the public-read lane hands every request of one query
 * string the same frozen query, so its key is serialized once. The filter is the query's alone
 * (`gameFilterOf` only checks it against the merchant).
 */
const gameListKeys = new WeakMap<TGameListQuery, string>();

function gameListKey(query: TGameListQuery, filter: GameFilter): string {
  let key = gameListKeys.get(query);
  if (key === undefined) {
    key = JSON.stringify(['list', filter, query.pageNo, query.pageSize]);
    gameListKeys.set(query, key);
  }
  return key;
}

/** The game list restricted to the member's favourites (gameClassify FAV). */
export async function favouriteGameList(
  q: Queryable,
  merchant: CatalogueMerchant,
  memberId: number,
  query: TGameListQuery,
): Promise<TGameListPage> {
  const filter = gameFilterOf(merchant, query);
  const catalogue = await catalogueOf(q, merchant);
  const favourites = new Set(await store.listFavouriteIds(q, merchant.id, memberId, MAX_FAVOURITES));
  const tiles = catalogue
    .filtered(filter)
    .filter((game) => favourites.has(game.row.id))
    .map((game) => game.tile);
  return listPage(tiles, query.pageNo, query.pageSize);
}

export function hotGamesBody(
  q: Queryable,
  merchant: CatalogueMerchant,
  query: THotGamesQuery,
): CachedBody | Promise<CachedBody> {
  if (query.merchantCode !== undefined && query.merchantCode.toUpperCase() !== merchant.code.toUpperCase()) {
    throw invalid('merchantCode', `This site serves merchant ${merchant.code}`);
  }
  return fromCatalogue(q, merchant, (catalogue) =>
    catalogue.body(JSON.stringify(['hot', query.gameType]), () =>
      envelopeBody(ZHotGames, { games: catalogue.hotGames(query.gameType, MAX_HOT_GAMES) }),
    ),
  );
}

export function vendorInfoBody(q: Queryable, merchant: CatalogueMerchant): CachedBody | Promise<CachedBody> {
  return fromCatalogue(q, merchant, (catalogue) =>
    catalogue.body('vendors', () => envelopeBody(ZVendorInfo, catalogue.vendorInfo())),
  );
}

export function gameTypesBody(q: Queryable, merchant: CatalogueMerchant): CachedBody | Promise<CachedBody> {
  return fromCatalogue(q, merchant, (catalogue) =>
    catalogue.body('types', () => envelopeBody(ZGameTypes, catalogue.gameTypes())),
  );
}

/** Upcoming hot matches; the kept answer holds until the next kick-off. */
export function hotMatchesBody(q: Queryable, merchant: CatalogueMerchant, now: Date): CachedBody | Promise<CachedBody> {
  return fromCatalogue(q, merchant, (catalogue) => {
    const until = catalogue.nextKickOffAfter(now);
    return catalogue.body(`matches|${until?.toISOString() ?? 'none'}`, () =>
      envelopeBody(ZHotMatches, { list: catalogue.upcomingMatches(now) }),
    );
  });
}

// Favourites and recents: members only, each member's own.

export interface MemberScope {
  merchant: CatalogueMerchant;
  memberId: number;
}

/** The game a favourite request names, visible to players and of the named vendor; otherwise 404. */
function requireListedGame(catalogue: MerchantCatalogue, request: TFavouriteRequest) {
  const game = catalogue.game(request.nodeId);
  if (!game || game.vendor.code !== request.vendor) throw new NotFoundError('No such game in this catalogue');
  return game;
}

async function favouriteIds(q: Queryable, scope: MemberScope): Promise<TFavouriteIds> {
  return { ids: await store.listFavouriteIds(q, scope.merchant.id, scope.memberId, MAX_FAVOURITES) };
}

/** Adds a favourite; adding one already there is ignored. Answers every favourite id, newest first. */
export async function addFavourite(
  db: Db,
  scope: MemberScope,
  request: TFavouriteRequest,
  now: Date,
): Promise<TFavouriteIds> {
  const game = requireListedGame(await catalogueOf(db, scope.merchant), request);
  return db.transaction(async (tx) => {
    const ids = await store.listFavouriteIds(tx, scope.merchant.id, scope.memberId, MAX_FAVOURITES);
    if (ids.includes(game.row.id)) return { ids };
    if (ids.length >= MAX_FAVOURITES)
      throw invalid('nodeId', `A member keeps at most ${MAX_FAVOURITES} favourites: remove one first`);
    await store.insertFavourite(tx, {
      merchantId: scope.merchant.id,
      memberId: scope.memberId,
      gameId: game.row.id,
      createdAt: now,
    });
    return favouriteIds(tx, scope);
  });
}

/** Removes a favourite (one not there is already removed). */
export async function removeFavourite(db: Db, scope: MemberScope, request: TFavouriteRequest): Promise<TFavouriteIds> {
  const catalogue = await catalogueOf(db, scope.merchant);
  const game = catalogue.game(request.nodeId);
  // A game gone from the catalogue (disabled since) can still be removed; a vendor that does not match is an error.
  if (game && game.vendor.code !== request.vendor) throw new NotFoundError('No such game in this catalogue');
  await store.deleteFavourite(db, scope.merchant.id, scope.memberId, request.nodeId);
  return favouriteIds(db, scope);
}

export async function listFavourites(
  q: Queryable,
  scope: MemberScope,
  query: TFavouritesQuery,
): Promise<TFavouritesPage> {
  const catalogue = await catalogueOf(q, scope.merchant);
  const ids = await store.listFavouriteIds(q, scope.merchant.id, scope.memberId, MAX_FAVOURITES);
  const games = ids.flatMap((id) => {
    const game = catalogue.game(id);
    return game && (!query.gameType || game.row.category === query.gameType) ? [game.tile] : [];
  });
  const { items, totalPages } = pageOf(games, query.pageNo, query.pageSize);
  return { content: items, pageNum: query.pageNo, totalPages, ids: ids.filter((id) => catalogue.game(id)) };
}

/**
 * Records that the member launched a game: it moves to the front of their recents (the launch calls
 * this; a member keeps the latest 100). Refuses a game not in the merchant's catalogue.
 */
export async function recordRecentGame(db: Db, scope: MemberScope, nodeId: number, now: Date): Promise<void> {
  const catalogue = await catalogueOf(db, scope.merchant);
  if (!catalogue.game(nodeId)) throw new NotFoundError('No such game in this catalogue');
  await db.transaction(async (tx) => {
    await store.upsertRecent(tx, {
      merchantId: scope.merchant.id,
      memberId: scope.memberId,
      gameId: nodeId,
      lastPlayedAt: now,
    });
    await store.trimRecents(tx, scope.merchant.id, scope.memberId, RECENTS_KEPT);
  });
}

export async function listRecents(q: Queryable, scope: MemberScope, query: TRecentsQuery): Promise<TRecentsPage> {
  const catalogue = await catalogueOf(q, scope.merchant);
  const recents = await store.listRecents(q, scope.merchant.id, scope.memberId, RECENTS_KEPT);
  const games = recents.flatMap(({ gameId, lastPlayedAt }) => {
    const game = catalogue.game(gameId);
    return game && (!query.gameType || game.row.category === query.gameType)
      ? [{ ...game.tile, lastPlayedAt: lastPlayedAt.toISOString() }]
      : [];
  });
  const { items, totalPages } = pageOf(games, query.page, query.pageSize);
  return { list: items, totalPages };
}

// The operator: every change audited in its transaction and announced to every replica's cache.

function toOperatorVendor(vendor: store.VendorSummary): TOperatorVendor {
  return {
    code: vendor.code,
    name: vendor.name,
    enabled: vendor.enabled,
    hot: vendor.hot,
    new: vendor.isNew,
    sortOrder: vendor.sortOrder,
    minBet: Number(vendor.minBet),
    gameCount: vendor.gameCount,
    categories: vendor.categories,
  };
}

function toOperatorGame(game: GameRow, vendor: GameVendorRow): TOperatorGame {
  return {
    nodeId: game.id,
    code: game.code,
    name: game.name,
    vendor: vendor.code,
    gameType: game.category,
    enabled: game.enabled,
    hot: game.hot,
    new: game.isNew,
    sortOrder: game.sortOrder,
    minBet: Number(game.minBet),
    lines: game.lines,
  };
}

function toChanges(update: TVendorUpdate | TGameUpdate): store.CatalogueChanges {
  return {
    ...(update.enabled !== undefined && { enabled: update.enabled }),
    ...(update.hot !== undefined && { hot: update.hot }),
    ...(update.new !== undefined && { isNew: update.new }),
    ...(update.sortOrder !== undefined && { sortOrder: update.sortOrder }),
    ...(update.minBet !== undefined && { minBet: BigInt(update.minBet) }),
  };
}

export async function operatorVendors(db: Db, merchantCode: string): Promise<{ list: TOperatorVendor[] }> {
  const merchant = await requireMerchantByCode(db, merchantCode);
  return { list: (await store.listVendorSummaries(db, merchant.id)).map(toOperatorVendor) };
}

export async function updateVendor(
  db: Db,
  merchantCode: string,
  vendorCode: string,
  update: TVendorUpdate,
  actor: string,
): Promise<TOperatorVendor> {
  return transactionAnnouncing(db, async (tx) => {
    const merchant = await requireMerchantByCode(tx, merchantCode);
    const vendor = await store.findVendorByCode(tx, merchant.id, vendorCode);
    if (!vendor) throw new NotFoundError(`No vendor ${vendorCode}`);
    await store.updateVendor(tx, vendor.id, merchant.id, toChanges(update));
    await recordAudit(tx, {
      actor,
      action: 'games.vendor.update',
      merchantId: merchant.id,
      details: { vendor: vendor.code, ...update },
    });
    const summary = (await store.listVendorSummaries(tx, merchant.id)).find((row) => row.id === vendor.id)!;
    return toOperatorVendor(summary);
  });
}

export async function operatorGames(
  db: Db,
  merchantCode: string,
  query: { vendor?: string; gameType?: TOperatorGame['gameType']; name?: string; page: number },
): Promise<TOperatorGames> {
  const merchant = await requireMerchantByCode(db, merchantCode);
  let vendorId: number | undefined;
  if (query.vendor) {
    const vendor = await store.findVendorByCode(db, merchant.id, query.vendor);
    if (!vendor) throw new NotFoundError(`No vendor ${query.vendor}`);
    vendorId = vendor.id;
  }
  const { rows, total } = await store.listGamesPage(
    db,
    merchant.id,
    { vendorId, category: query.gameType, namePrefix: query.name?.toLowerCase() || undefined },
    (query.page - 1) * OPERATOR_PAGE_SIZE,
    OPERATOR_PAGE_SIZE,
  );
  const vendors = new Map(
    (await store.listVendorsByIds(db, [...new Set(rows.map((row) => row.vendorId))])).map((vendor) => [
      vendor.id,
      vendor,
    ]),
  );
  return {
    list: rows.map((row) => toOperatorGame(row, vendors.get(row.vendorId)!)),
    page: query.page,
    total,
    pageSize: OPERATOR_PAGE_SIZE,
  };
}

export async function updateGame(
  db: Db,
  merchantCode: string,
  gameCode: string,
  update: TGameUpdate,
  actor: string,
): Promise<TOperatorGame> {
  return transactionAnnouncing(db, async (tx) => {
    const merchant = await requireMerchantByCode(tx, merchantCode);
    const game = await store.findGameByCode(tx, merchant.id, gameCode);
    if (!game) throw new NotFoundError(`No game ${gameCode}`);
    const updated = (await store.updateGame(tx, game.id, merchant.id, toChanges(update)))!;
    await recordAudit(tx, {
      actor,
      action: 'games.game.update',
      merchantId: merchant.id,
      details: { game: game.code, ...update },
    });
    const [vendor] = await store.listVendorsByIds(tx, [game.vendorId]);
    return toOperatorGame(updated, vendor!);
  });
}

export async function gameSettings(db: Db, merchantCode: string): Promise<TGameSettings> {
  const merchant = await requireMerchantByCode(db, merchantCode);
  return { cockfightEnabled: (await store.findGameSettings(db, merchant.id))?.cockfightEnabled ?? false };
}

export async function updateGameSettings(
  db: Db,
  merchantCode: string,
  update: { cockfightEnabled?: boolean },
  actor: string,
): Promise<TGameSettings> {
  return transactionAnnouncing(db, async (tx) => {
    const merchant = await requireMerchantByCode(tx, merchantCode);
    const current = (await store.findGameSettings(tx, merchant.id))?.cockfightEnabled ?? false;
    const row = await store.saveGameSettings(tx, merchant.id, update.cockfightEnabled ?? current);
    await recordAudit(tx, { actor, action: 'games.settings.update', merchantId: merchant.id, details: { ...update } });
    return { cockfightEnabled: row.cockfightEnabled };
  });
}

async function toOperatorHotMatches(q: Queryable, matches: HotMatchRow[]): Promise<TOperatorHotMatch[]> {
  const games = new Map(
    (await store.findGamesByIds(q, [...new Set(matches.map((match) => match.gameId))])).map((game) => [game.id, game]),
  );
  const vendors = new Map(
    (await store.listVendorsByIds(q, [...new Set([...games.values()].map((game) => game.vendorId))])).map((vendor) => [
      vendor.id,
      vendor,
    ]),
  );
  return matches.map((match) => ({
    id: match.id,
    matchTime: match.kickOffAt.toISOString(),
    league: match.league,
    homeTeam: match.homeTeam,
    awayTeam: match.awayTeam,
    homeTeamImageUrl: teamBadgeUrl(match.homeTeam),
    awayTeamImageUrl: teamBadgeUrl(match.awayTeam),
    vendor: vendors.get(games.get(match.gameId)!.vendorId)!.code,
    roomId: match.roomId,
    nodeId: match.gameId,
    active: match.active,
    sortOrder: match.sortOrder,
    rollsForward: match.rollsForward,
  }));
}

export async function operatorHotMatches(db: Db, merchantCode: string): Promise<TOperatorHotMatches> {
  const merchant = await requireMerchantByCode(db, merchantCode);
  return { list: await toOperatorHotMatches(db, await store.listHotMatchesForOperator(db, merchant.id)) };
}

/** Hot matches launch a sports or e-sports game (the carousel's bet button). */
const MATCH_CATEGORIES: readonly string[] = ['SPORTS', 'ESPORTS'];

export async function createHotMatch(
  db: Db,
  merchantCode: string,
  request: THotMatchCreate,
  actor: string,
): Promise<TOperatorHotMatch> {
  return transactionAnnouncing(db, async (tx) => {
    const merchant = await requireMerchantByCode(tx, merchantCode);
    const game = await store.findGameByCode(tx, merchant.id, request.gameCode);
    if (!game) throw new NotFoundError(`No game ${request.gameCode}`);
    if (!MATCH_CATEGORIES.includes(game.category))
      throw invalid('gameCode', 'A hot match launches a SPORTS or ESPORTS game');
    const row = await store.insertHotMatch(tx, {
      merchantId: merchant.id,
      gameId: game.id,
      roomId: request.roomId,
      league: request.league,
      homeTeam: request.homeTeam,
      awayTeam: request.awayTeam,
      kickOffAt: new Date(request.matchTime),
      sortOrder: request.sortOrder,
    });
    await recordAudit(tx, {
      actor,
      action: 'games.hot-match.create',
      merchantId: merchant.id,
      details: { id: row.id, ...request },
    });
    return (await toOperatorHotMatches(tx, [row]))[0]!;
  });
}

export async function updateHotMatch(
  db: Db,
  merchantCode: string,
  id: number,
  update: THotMatchUpdate,
  actor: string,
): Promise<TOperatorHotMatch> {
  return transactionAnnouncing(db, async (tx) => {
    const merchant = await requireMerchantByCode(tx, merchantCode);
    const { matchTime, ...rest } = update;
    // An operator's own time is kept as given: the match no longer rolls forward like a demo fixture.
    const row = await store.updateHotMatch(tx, id, merchant.id, {
      ...rest,
      ...(matchTime !== undefined && { kickOffAt: new Date(matchTime), rollsForward: false }),
    });
    if (!row) throw new NotFoundError(`No hot match ${id}`);
    await recordAudit(tx, {
      actor,
      action: 'games.hot-match.update',
      merchantId: merchant.id,
      details: { id, ...update },
    });
    return (await toOperatorHotMatches(tx, [row]))[0]!;
  });
}

/** The scheduled roll of demo fixtures that kicked off (idempotent: only past ones move). */
export function rollHotMatches(db: Db, now: Date): Promise<number[]> {
  return transactionAnnouncing(db, (tx) => store.rollHotMatchesForward(tx, now));
}
