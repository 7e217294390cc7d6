/** The game catalogue's constants (spec §1, §3, §4, §7, §9): zod-free, so the web app may import them. */

/**
 * Game categories in the popular-games menu's default order (after HOT): e-sports and cockfight
 * are split out of SPORTS, and COCKFIGHT comes right after RNG (spec §4 "category rules").
 */
export const GAME_CATEGORIES = [
  'SPORTS',
  'ESPORTS',
  'LIVE',
  'FISH',
  'RNG',
  'COCKFIGHT',
  'PVP',
  'INHOUSE',
  'ELOTT',
  'LOTT',
] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** Categories whose tab shows a game list; the others show vendor tiles (the vendor-info mapping). */
export const LIST_GAME_CATEGORIES = [
  'RNG',
  'PVP',
  'LIVE',
  'FISH',
  'SPORTS',
  'INHOUSE',
] as const satisfies readonly GameCategory[];

/** Online cockfighting is suspended in the Philippines since 2022: its category is behind a per-merchant legal switch. */
export const COCKFIGHT_CATEGORY: GameCategory = 'COCKFIGHT';

/**
 * The list filters every category knows (spec §3 "list filters"); NEW applies to RNG only. Any other
 * classification is the vendor's own (JACKPOT, BACCARAT…).
 */
export const GAME_CLASSIFY = { all: 'ALL', new: 'NEW', hot: 'HOT', favourites: 'FAV' } as const;

/** A vendor-defined classification: upper case letters, digits and underscores. */
export const GAME_CLASSIFICATION_PATTERN = /^[A-Z0-9_]{1,24}$/;

/** A vendor code (its `vassalage`): TCG_LOTTO_VN, DS88… */
export const VENDOR_CODE_PATTERN = /^[A-Z0-9_]{1,32}$/;

/** A game's code (its gameId/roomId at the vendor). */
export const GAME_CODE_PATTERN = /^[A-Z0-9_-]{1,48}$/;

/** The minimum-bet filter's choices, in centavos (₱0.01, 0.05, 0.10, 0.50, 0.75; spec §2, §9), RNG only. */
export const MIN_BET_CHOICES = [1, 5, 10, 50, 75] as const;

/** Hot games are asked with isPlatform 2; lists with clientType 2 on platform html5 (spec §7, §9). */
export const HOT_GAMES_PLATFORM_FLAG = 2;
export const GAME_CLIENT_TYPE = 2;
export const GAME_PLATFORM = 'html5';

/** At most this many hot games answer one call, and this many favourites a member keeps. */
export const MAX_HOT_GAMES = 60;
export const MAX_FAVOURITES = 500;
