import {
  PLAY_TYPES,
  WEB_ROUTES,
  type GameCategory,
  type PRIZE_MODES,
  type TGameTile,
  type THotMatch,
  type TVendorEntry,
  type TVendorInfo,
} from '@palaro/contract';

/** What a tap launches: a game tile, a vendor tile (no game of its own) or a hot match. */
export interface Launchable {
  /** The vendor's code (a tile's `vassalage`, a hot match's `vendor`). */
  vendor: string;
  gameType: GameCategory;
  /** The game's code at its vendor; a hot match launches its roomId here. */
  gameId?: string;
  nodeId?: number;
}

/** The lottery vendors whose games open the lottery lobby (spec §4 "Game launch"). */
export const LOTTERY_LOBBY_VENDORS: readonly string[] = ['TCG_LOTTO_VN', 'TCG_SEA'];
const LOTTERY_CATEGORIES: readonly GameCategory[] = ['LOTT', 'ELOTT'];

/** The lobby's `code` and the page its back button returns to (spec §2 /m/launchGame query). */
export const LOTTERY_LOBBY_CODE = 'lobby';
export const LAUNCH_PAGE_BACK_HOME = 'home';

export function tileLaunchable(tile: Pick<TGameTile, 'vassalage' | 'gameType' | 'gameId' | 'nodeId'>): Launchable {
  return { vendor: tile.vassalage, gameType: tile.gameType, gameId: tile.gameId, nodeId: tile.nodeId };
}

/** A hot match launches its game with the roomId as the game id (spec §4 "Hot-match launch"). */
export function hotMatchLaunchable(
  match: Pick<THotMatch, 'vendor' | 'roomId' | 'nodeId'>,
  gameType: GameCategory,
): Launchable {
  return { vendor: match.vendor, gameType, gameId: match.roomId, nodeId: match.nodeId };
}

/**
 * The category a hot match is launched in: the one its vendor is listed under in the vendor info,
 * sports before e-sports; SPORTS when the vendor info is not known (a hot match is a sports or
 * e-sports fixture).
 */
export function hotMatchCategory(vendor: string, info: TVendorInfo | undefined): GameCategory {
  const listed = (category: GameCategory) =>
    info?.sorting.some(
      (entry) => entry.gameCategory === category && entry.vendorNames.some((name) => name.vassalage === vendor),
    );
  return !listed('SPORTS') && listed('ESPORTS') ? 'ESPORTS' : 'SPORTS';
}

/**
 * Where a tap on a game goes (spec §4 "Game launch"), the one rule every tile uses: without a
 * session, sign-in; every game the launch with its vendor, game id, node id and category, and the
 * lottery vendors and the LOTT and ELOTT categories open the lottery lobby with it (traditional
 * play, the category's prize mode, code lobby, back to home). Neither
 * asks the player to choose (showChoice false): the launch screen opens the game directly.
 */
export function launchTarget(game: Launchable, signedIn: boolean): string {
  if (!signedIn) return WEB_ROUTES.login;
  // The game goes with every launch, the lottery lobby's too (the spec's query): the launch page
  // opens our lottery's lobby for it.
  const query = new URLSearchParams({ vendor: game.vendor });
  if (game.gameId !== undefined) query.set('gameId', game.gameId);
  if (game.nodeId !== undefined) query.set('nodeId', String(game.nodeId));
  query.set('gameType', game.gameType);
  if (LOTTERY_LOBBY_VENDORS.includes(game.vendor) || LOTTERY_CATEGORIES.includes(game.gameType)) {
    const prizeMode: (typeof PRIZE_MODES)[number] =
      game.gameType === 'ELOTT' || game.vendor === 'TCG_SEA' ? 'Elott' : 'Lott';
    query.set('playType', PLAY_TYPES[0]);
    query.set('prize_mode', prizeMode);
    query.set('code', LOTTERY_LOBBY_CODE);
    query.set('pageBack', LAUNCH_PAGE_BACK_HOME);
  }
  return `${WEB_ROUTES.launchGame}?${query.toString()}`;
}

/** A category's "more" link: LOTT opens the lottery, every other category its game list. */
export function categoryListPath(category: GameCategory, vendor?: string): string {
  if (category === 'LOTT') return WEB_ROUTES.lottery;
  const query = new URLSearchParams({ gameType: category });
  if (vendor) query.set('vendor', vendor);
  return `${WEB_ROUTES.gameList}?${query.toString()}`;
}

/**
 * Where a vendor tile goes (the categories shown as vendor tiles: ESPORTS, COCKFIGHT, ELOTT, LOTT).
 * A lottery vendor opens its lobby like any of its games; another vendor has no single game to
 * launch, so its tile opens the category's list of that vendor's games.
 */
export function vendorTileTarget(entry: Pick<TVendorEntry, 'vassalage' | 'gameType'>, signedIn: boolean): string {
  const launchable: Launchable = { vendor: entry.vassalage, gameType: entry.gameType };
  if (LOTTERY_LOBBY_VENDORS.includes(entry.vassalage) || LOTTERY_CATEGORIES.includes(entry.gameType))
    return launchTarget(launchable, signedIn);
  return categoryListPath(entry.gameType, entry.vassalage);
}
