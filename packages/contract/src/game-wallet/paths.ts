/** Every provider call is a signed POST of JSON under this prefix. */
export const PROVIDER_API_PREFIX = '/gw/v1';

export const PROVIDER_API_PATHS = {
  /** Launch token → the player, currency, balance and game (the first call of a game session). */
  authenticate: '/gw/v1/authenticate',
  balance: '/gw/v1/balance',
  /** A bet: takes money from the player. */
  debit: '/gw/v1/debit',
  /** A win (or a zero win that only closes the round): gives money to the player. */
  credit: '/gw/v1/credit',
  /** Reverses a debit that has no credit yet: gives the bet back. */
  rollback: '/gw/v1/rollback',
  /** A debit and its credit in one call (a round settled at once). */
  betAndSettle: '/gw/v1/bet-and-settle',
  /** Reconciliation: the provider's transactions by time range or by round, paged. */
  transactions: '/gw/v1/transactions',
} as const;

/** The player's calls: launch a game, and their betting records (spec §7 family /wps/game). */
export const GAME_WALLET_API_PATHS = {
  launchGame: '/wps/game/launchGame',
  gameRecords: '/wps/game/records',
  operatorProviders: '/ops/game-providers',
  operatorProvider: '/ops/game-providers/:vendorCode',
  operatorProviderSecret: '/ops/game-providers/:vendorCode/secret',
  operatorRound: '/ops/game-providers/:vendorCode/rounds/:roundId',
  operatorTransaction: '/ops/game-providers/:vendorCode/transactions/:transactionId',
} as const;
