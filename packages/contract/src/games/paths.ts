/** The game catalogue's API paths (spec §7 families: games under /lgw/games). */
export const GAME_API_PATHS = {
  games: '/lgw/games',
  hotGames: '/lgw/games/hot',
  vendors: '/lgw/games/vendors',
  gameTypes: '/lgw/games/types',
  hotMatches: '/lgw/games/hot-matches',
  favourites: '/lgw/games/favourites',
  recents: '/lgw/games/recents',
  /** Our own SVG art: a game's icon (size s or l), a vendor's logo, a team's badge. */
  gameIcon: '/media/games/:merchantCode/:size/:file',
  vendorLogo: '/media/games/:merchantCode/vendors/:file',
  teamBadge: '/media/games/teams/:file',
  operatorVendors: '/ops/merchants/:merchantCode/game-vendors',
  operatorVendor: '/ops/merchants/:merchantCode/game-vendors/:vendorCode',
  operatorGames: '/ops/merchants/:merchantCode/games',
  operatorGame: '/ops/merchants/:merchantCode/games/:gameCode',
  operatorGameSettings: '/ops/merchants/:merchantCode/game-settings',
  operatorHotMatches: '/ops/merchants/:merchantCode/hot-matches',
  operatorHotMatch: '/ops/merchants/:merchantCode/hot-matches/:id',
} as const;
