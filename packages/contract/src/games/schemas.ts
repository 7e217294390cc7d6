import { z } from 'zod';
import { ZCentavosText } from '../money/schemas';
import { LIMITS } from '../shared/constants';
import {
  GAME_CATEGORIES,
  GAME_CLASSIFICATION_PATTERN,
  GAME_CLIENT_TYPE,
  GAME_CODE_PATTERN,
  GAME_PLATFORM,
  HOT_GAMES_PLATFORM_FLAG,
  VENDOR_CODE_PATTERN,
} from './catalogue';
import { atLeastOneChange, text } from '../shared/text';
import { ZLanguage } from '../system/schemas/site';

export const ZGameCategory = z.enum(GAME_CATEGORIES);
export const ZVendorCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(VENDOR_CODE_PATTERN, 'A vendor code: letters, digits and _');
export const ZGameCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(GAME_CODE_PATTERN, 'A game code: letters, digits, _ and -');
const ZClassification = z
  .string()
  .trim()
  .toUpperCase()
  .regex(GAME_CLASSIFICATION_PATTERN, 'A classification: ALL, NEW, HOT, FAV or the vendor’s own');
/** A query-string switch: true/false or 1/0. */
const ZQueryBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
/** A game's minimum bet, as text in a query string or a number in an operator's change: ₱0.01 to ₱100,000. */
const ZMinBetCentavos = ZCentavosText.min(1).max(100_000_00);
const ZPageNo = z.coerce.number().int().min(1).max(10_000).default(1);
const ZMerchantCodeParam = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);
const ZNodeId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** The game list call with every parameter of spec §7; merchant and platform only confirm the site's. */
export const ZGameListQuery = z.object({
  merchant: ZMerchantCodeParam.optional(),
  platform: z.literal(GAME_PLATFORM).optional(),
  gameName: text(64).optional(),
  gameType: ZGameCategory.optional(),
  gameClassify: ZClassification.optional(),
  isNew: ZQueryBoolean.optional(),
  /** The vendor's code. */
  vassalage: ZVendorCode.optional(),
  /** Games whose minimum bet is this many centavos. */
  minBet: ZMinBetCentavos.optional(),
  /** Games with at least this many lines. */
  minLine: z.coerce.number().int().min(1).max(100_000).optional(),
  language: ZLanguage.optional(),
  pageNo: ZPageNo,
  pageSize: z.coerce.number().int().min(1).max(100).default(LIMITS.gamePageSize),
  clientType: z.coerce.number().pipe(z.literal(GAME_CLIENT_TYPE)).optional(),
});
export type TGameListQuery = z.infer<typeof ZGameListQuery>;

export const ZGameTile = z.object({
  /** The catalogue's id of the game. */
  nodeId: z.number().int(),
  gameName: z.string(),
  /** The vendor's code. */
  vassalage: z.string(),
  vendorName: z.string(),
  vendorLogoUrl: z.string(),
  iconUrl: z.string(),
  mobileLargeIcon: z.string(),
  mobileSmallIcon: z.string(),
  gameType: ZGameCategory,
  gameCategory: ZGameCategory,
  /** The game's code at its vendor (also its roomId for a lobby). */
  gameId: z.string(),
  /** Whether a trial member may play it with play money. */
  supportPlay: z.boolean(),
  /** HOT, NEW (RNG only) and the vendor's own classifications. */
  gameClassifyNew: z.array(z.string()),
  /** Centavos. */
  minBet: z.number().int(),
  lines: z.number().int().nullable(),
  hot: z.boolean(),
  new: z.boolean(),
});
export type TGameTile = z.infer<typeof ZGameTile>;

export const ZGameListPage = z.object({
  games: z.array(ZGameTile),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
export type TGameListPage = z.infer<typeof ZGameListPage>;

export const ZHotGamesQuery = z.object({
  isPlatform: z.coerce.number().pipe(z.literal(HOT_GAMES_PLATFORM_FLAG)).optional(),
  platform: z.literal(GAME_PLATFORM).optional(),
  gameType: ZGameCategory.optional(),
  merchantCode: ZMerchantCodeParam.optional(),
  language: ZLanguage.optional(),
});
export type THotGamesQuery = z.infer<typeof ZHotGamesQuery>;
export const ZHotGames = z.object({ games: z.array(ZGameTile) });
export type THotGames = z.infer<typeof ZHotGames>;

export const ZVendorEntry = z.object({
  /** The category this entry lists the vendor under. */
  gameType: ZGameCategory,
  vassalage: z.string(),
  vendorName: z.string(),
  /** The name of the vendor's wallet account, as the operator calls it. */
  accountTypeName: z.string(),
  logoUrl: z.string(),
  hot: z.boolean(),
  new: z.boolean(),
  gameCount: z.number().int(),
});
export type TVendorEntry = z.infer<typeof ZVendorEntry>;

export const ZVendorInfo = z.object({
  /** Categories in the merchant's order, each with its vendors in the merchant's vendor order. */
  sorting: z.array(z.object({ gameCategory: ZGameCategory, vendorNames: z.array(ZVendorEntry) })),
  /** The categories shown as vendor tiles, and their tiles. */
  mapping: z.partialRecord(ZGameCategory, z.array(ZVendorEntry)),
});
export type TVendorInfo = z.infer<typeof ZVendorInfo>;

export const ZGameTypesQuery = z.object({
  typeId: z.coerce.number().int().min(0).max(1000).optional(),
  merchant_code: ZMerchantCodeParam.optional(),
  language: ZLanguage.optional(),
});
export const ZGameTypes = z.object({
  list: z.array(
    z.object({
      gameType: ZGameCategory,
      gameCount: z.number().int(),
      vendorCount: z.number().int(),
      listed: z.boolean(),
      /** The vendors' own classifications among the category's games (JACKPOT, BACCARAT…), for the list's filter panel. */
      classifications: z.array(z.string()),
    }),
  ),
});
export type TGameTypes = z.infer<typeof ZGameTypes>;

export const ZHotMatch = z.object({
  id: z.number().int(),
  /** Kick-off, ISO 8601 UTC. */
  matchTime: z.string(),
  league: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  homeTeamImageUrl: z.string(),
  awayTeamImageUrl: z.string(),
  vendor: z.string(),
  /** Launched as the game id. */
  roomId: z.string(),
  nodeId: z.number().int(),
});
export type THotMatch = z.infer<typeof ZHotMatch>;
export const ZHotMatches = z.object({ list: z.array(ZHotMatch) });
export type THotMatches = z.infer<typeof ZHotMatches>;

/** Add (POST, body) or remove (DELETE, query) a favourite. */
export const ZFavouriteRequest = z.object({ nodeId: ZNodeId, vendor: ZVendorCode });
export type TFavouriteRequest = z.infer<typeof ZFavouriteRequest>;
export const ZFavouriteIds = z.object({ ids: z.array(z.number().int()) });
export type TFavouriteIds = z.infer<typeof ZFavouriteIds>;

export const ZFavouritesQuery = z.object({
  pageNo: ZPageNo,
  gameType: ZGameCategory.optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(LIMITS.gamePageSize),
  language: ZLanguage.optional(),
});
export type TFavouritesQuery = z.infer<typeof ZFavouritesQuery>;
export const ZFavouritesPage = z.object({
  content: z.array(ZGameTile),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  /** Every favourite's nodeId (of every category), newest first. */
  ids: z.array(z.number().int()),
});
export type TFavouritesPage = z.infer<typeof ZFavouritesPage>;

export const ZRecentsQuery = z.object({
  page: ZPageNo,
  pageSize: z.coerce.number().int().min(1).max(100).default(LIMITS.recentPageSize),
  gameType: ZGameCategory.optional(),
  language: ZLanguage.optional(),
  clientType: z.coerce.number().pipe(z.literal(GAME_CLIENT_TYPE)).optional(),
});
export type TRecentsQuery = z.infer<typeof ZRecentsQuery>;
export const ZRecentsPage = z.object({
  list: z.array(ZGameTile.extend({ lastPlayedAt: z.string() })),
  totalPages: z.number().int(),
});
export type TRecentsPage = z.infer<typeof ZRecentsPage>;

export const ZIconParams = z.object({
  merchantCode: ZMerchantCodeParam,
  size: z.enum(['s', 'l']),
  file: z.string().regex(/^[A-Za-z0-9_-]{1,48}\.(svg|webp)$/),
});
export const ZVendorLogoParams = z.object({
  merchantCode: ZMerchantCodeParam,
  file: z.string().regex(/^[A-Za-z0-9_]{1,32}\.(svg|webp)$/),
});
export const ZTeamBadgeParams = z.object({ file: z.string().regex(/^[a-z0-9-]{1,64}\.(svg|webp)$/) });

// Operator

export const ZOperatorVendorParams = z.object({ merchantCode: ZMerchantCodeParam, vendorCode: ZVendorCode });
export const ZOperatorGameParams = z.object({ merchantCode: ZMerchantCodeParam, gameCode: ZGameCode });
export const ZOperatorHotMatchParams = z.object({ merchantCode: ZMerchantCodeParam, id: ZNodeId });

const catalogueSwitches = {
  enabled: z.boolean().optional(),
  hot: z.boolean().optional(),
  new: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(1_000_000).optional(),
  /** Centavos. For a vendor, the floor under every one of its games' minimum bets. */
  minBet: ZMinBetCentavos.optional(),
};
export const ZVendorUpdate = atLeastOneChange(z.object(catalogueSwitches).strict());
export type TVendorUpdate = z.infer<typeof ZVendorUpdate>;
export const ZGameUpdate = atLeastOneChange(z.object(catalogueSwitches).strict());
export type TGameUpdate = z.infer<typeof ZGameUpdate>;

export const ZOperatorVendor = z.object({
  code: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  hot: z.boolean(),
  new: z.boolean(),
  sortOrder: z.number().int(),
  minBet: z.number().int(),
  gameCount: z.number().int(),
  categories: z.array(ZGameCategory),
});
export type TOperatorVendor = z.infer<typeof ZOperatorVendor>;
export const ZOperatorVendors = z.object({ list: z.array(ZOperatorVendor) });

export const ZOperatorGamesQuery = z.object({
  vendor: ZVendorCode.optional(),
  gameType: ZGameCategory.optional(),
  /** Games whose name starts with this (any case). */
  name: text(64).optional(),
  page: ZPageNo,
});
export const ZOperatorGame = z.object({
  nodeId: z.number().int(),
  code: z.string(),
  name: z.string(),
  vendor: z.string(),
  gameType: ZGameCategory,
  enabled: z.boolean(),
  hot: z.boolean(),
  new: z.boolean(),
  sortOrder: z.number().int(),
  minBet: z.number().int(),
  lines: z.number().int().nullable(),
});
export type TOperatorGame = z.infer<typeof ZOperatorGame>;
export const ZOperatorGames = z.object({
  list: z.array(ZOperatorGame),
  page: z.number().int(),
  total: z.number().int(),
  pageSize: z.number().int(),
});
export type TOperatorGames = z.infer<typeof ZOperatorGames>;

export const ZGameSettings = z.object({ cockfightEnabled: z.boolean() });
export type TGameSettings = z.infer<typeof ZGameSettings>;
export const ZGameSettingsUpdate = atLeastOneChange(z.object({ cockfightEnabled: z.boolean().optional() }).strict());

const ZIsoTime = z.iso.datetime({ offset: true });
export const ZHotMatchCreate = z
  .object({
    league: text(80).min(1),
    homeTeam: text(60).min(1),
    awayTeam: text(60).min(1),
    /** Kick-off, ISO 8601 with an offset. */
    matchTime: ZIsoTime,
    /** The sports or e-sports game it launches. */
    gameCode: ZGameCode,
    roomId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,48}$/),
    sortOrder: z.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();
export type THotMatchCreate = z.infer<typeof ZHotMatchCreate>;
export const ZHotMatchUpdate = atLeastOneChange(
  z
    .object({
      league: text(80).min(1).optional(),
      homeTeam: text(60).min(1).optional(),
      awayTeam: text(60).min(1).optional(),
      matchTime: ZIsoTime.optional(),
      active: z.boolean().optional(),
      sortOrder: z.number().int().min(0).max(1_000_000).optional(),
    })
    .strict(),
);
export type THotMatchUpdate = z.infer<typeof ZHotMatchUpdate>;
export const ZOperatorHotMatch = ZHotMatch.extend({
  active: z.boolean(),
  sortOrder: z.number().int(),
  rollsForward: z.boolean(),
});
export type TOperatorHotMatch = z.infer<typeof ZOperatorHotMatch>;
export const ZOperatorHotMatches = z.object({ list: z.array(ZOperatorHotMatch) });
export type TOperatorHotMatches = z.infer<typeof ZOperatorHotMatches>;
