import { GAME_CLASSIFICATION_PATTERN, GAME_CLASSIFY, MIN_BET_CHOICES, type GameCategory } from '@palaro/contract';

/**
 * The rules of a category's list filters (spec §2 "Game list per category", §4 "Game lists"): the
 * quick tabs above the list, the filter panel's choices and how both live in the page's URL
 * (`classify`, `vendor`, `minBet`), so a new choice is a new query from page 1 and a shared link
 * opens the same list.
 */

/** The member's recently launched games: a data tab of its own, asked from the recents list. */
export const RECENT_TAB = 'RECENT';

/** A classification (ALL, HOT, NEW, FAV or the vendor's own) or the recent games. */
export type ListTab = string;

export interface ListFilters {
  classify: ListTab;
  /** A vendor's code; undefined for every vendor. */
  vendor?: string;
  /** Centavos, one of MIN_BET_CHOICES (RNG only); undefined for any minimum bet. */
  minBet?: number;
}

export const NO_FILTERS: ListFilters = { classify: GAME_CLASSIFY.all };

/** The quick tabs: all, hot, NEW for RNG only; favourites and recent for members only. */
export function quickTabs(gameType: GameCategory, signedIn: boolean): ListTab[] {
  return [
    GAME_CLASSIFY.all,
    GAME_CLASSIFY.hot,
    ...(gameType === 'RNG' ? [GAME_CLASSIFY.new] : []),
    ...(signedIn ? [GAME_CLASSIFY.favourites, RECENT_TAB] : []),
  ];
}

/**
 * The panel's classifications: ALL, NEW (RNG only), HOT, FAV (members) and the vendors' own ones
 * the server names for the category (JACKPOT, BACCARAT…), each once.
 */
export function classificationChoices(
  gameType: GameCategory,
  signedIn: boolean,
  vendorDefined: readonly string[] = [],
): ListTab[] {
  const standard: ListTab[] = [
    GAME_CLASSIFY.all,
    ...(gameType === 'RNG' ? [GAME_CLASSIFY.new] : []),
    GAME_CLASSIFY.hot,
    ...(signedIn ? [GAME_CLASSIFY.favourites] : []),
  ];
  const reserved = new Set<string>([...Object.values(GAME_CLASSIFY), RECENT_TAB]);
  const own = [...new Set(vendorDefined)].filter(
    (code) => !reserved.has(code) && GAME_CLASSIFICATION_PATTERN.test(code),
  );
  return [...standard, ...own];
}

/** The minimum-bet choices in centavos — RNG only; null where the filter does not apply. */
export function minBetChoices(gameType: GameCategory): readonly number[] | null {
  return gameType === 'RNG' ? MIN_BET_CHOICES : null;
}

/** Tapping the selected vendor clears the choice; tapping another picks it. */
export function toggleVendor(current: string | undefined, picked: string): string | undefined {
  return current === picked ? undefined : picked;
}

/**
 * The filters of a list's URL, each checked against what this list offers: an unknown tab, a vendor
 * not in the category or a minimum bet outside the choices (or outside RNG) falls back to none.
 */
export function filtersFromSearch(
  search: URLSearchParams,
  options: {
    gameType: GameCategory;
    signedIn: boolean;
    vendors: readonly string[] | undefined;
    vendorDefined: readonly string[] | undefined;
  },
): ListFilters {
  const { gameType, signedIn, vendors, vendorDefined } = options;
  const asked = search.get('classify') ?? GAME_CLASSIFY.all;
  const offered = new Set([
    ...quickTabs(gameType, signedIn),
    ...classificationChoices(gameType, signedIn, vendorDefined ?? []),
  ]);
  // Until the vendors and the classifications have loaded, the URL's are trusted (the server refuses a
  // bad code), so a shared link asks for its list once rather than for "all" first.
  const ownClassification =
    vendorDefined === undefined &&
    !offered.has(asked) &&
    GAME_CLASSIFICATION_PATTERN.test(asked) &&
    !(Object.values(GAME_CLASSIFY) as string[]).includes(asked) &&
    asked !== RECENT_TAB;
  const vendor = search.get('vendor') ?? undefined;
  const bets = minBetChoices(gameType);
  const minBet = Number(search.get('minBet'));
  return {
    classify: offered.has(asked) || ownClassification ? asked : GAME_CLASSIFY.all,
    vendor: vendor !== undefined && (vendors === undefined || vendors.includes(vendor)) ? vendor : undefined,
    minBet: bets && bets.includes(minBet) ? minBet : undefined,
  };
}

/** The URL after choosing filters: defaults leave the URL; everything else (the search) stays. */
export function searchWithFilters(current: URLSearchParams, filters: ListFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  if (filters.classify === GAME_CLASSIFY.all) next.delete('classify');
  else next.set('classify', filters.classify);
  if (filters.vendor === undefined) next.delete('vendor');
  else next.set('vendor', filters.vendor);
  if (filters.minBet === undefined) next.delete('minBet');
  else next.set('minBet', String(filters.minBet));
  return next;
}

/** How many of the panel's filters differ from none: the badge on the filter button. */
export function activeFilterCount(filters: ListFilters): number {
  return (
    Number(filters.classify !== GAME_CLASSIFY.all) +
    Number(filters.vendor !== undefined) +
    Number(filters.minBet !== undefined)
  );
}

/** A vendor-defined classification's words for a label when the text table has none: MULTI_WAYS → Multi ways. */
export function classificationWords(code: string): string {
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
