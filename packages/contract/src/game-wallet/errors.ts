import type { ErrorCatalogue } from '../shared/error-catalogue';

// A module of its own (provider.ts and paths.ts are the rest of the seamless wallet's contract) so
// the web app's error messages do not bring the provider API's paths and headers along.

/**
 * Error codes of the game wallet: the provider API's (`gw.*`) and the launch's. Each has the HTTP
 * status it is answered with and the i18n key of the player's text table (providers read the code).
 */
export const GAME_WALLET_ERROR_CODES = {
  /** Launch: the game's vendor has no provider connected in this installation (or it is switched off). */
  providerNotConnected: 'game.provider.not_connected',
  /** No provider with the code in the provider header. */
  providerUnknown: 'gw.provider.unknown',
  /**
   * The operator switched the provider off: no new sessions or bets (authenticate, debit,
   * bet-and-settle); credits, rollbacks, balance and reconciliation still work, so rounds already
   * played are settled.
   */
  providerDisabled: 'gw.provider.disabled',
  /** Missing or malformed signed-request headers, or a signature that does not match. */
  signatureInvalid: 'gw.signature.invalid',
  /** The timestamp is outside ±PROVIDER_TIMESTAMP_TOLERANCE_MS of our clock. */
  timestampStale: 'gw.timestamp.stale',
  /** A request id already used for a different request (another path or body). */
  requestIdReused: 'gw.request.reused',
  tokenInvalid: 'gw.token.invalid',
  /** The launch token expired: a new debit needs a new launch (credits and rollbacks are never refused for it). */
  tokenExpired: 'gw.token.expired',
  /** No such player (or the player's account is disabled, for a debit). */
  playerUnknown: 'gw.player.unknown',
  /** The player is not the one the token, the round or the referenced transaction belongs to. */
  playerMismatch: 'gw.player.mismatch',
  /** The game is not the one the token or the round belongs to, or not in the catalogue. */
  gameMismatch: 'gw.game.mismatch',
  currencyMismatch: 'gw.currency.mismatch',
  /** A debit larger than the balance; `value.balance` carries the balance. */
  insufficientFunds: 'gw.funds.insufficient',
  /** A credit whose betTransactionId is no debit of this provider. */
  betUnknown: 'gw.bet.unknown',
  /** A credit (or a second rollback) for a bet that was rolled back. */
  betRolledBack: 'gw.bet.rolled_back',
  /** A rollback whose referenceTransactionId is no transaction of this provider. */
  transactionUnknown: 'gw.transaction.unknown',
  /** A rollback of a bet whose round already has a credit. */
  rollbackAfterCredit: 'gw.rollback.after_credit',
  /** A rollback that names a credit or a rollback: only debits are rolled back. */
  rollbackNotBet: 'gw.rollback.not_bet',
  /** A transaction id already used for a different transaction (another amount, round or player). */
  transactionConflict: 'gw.transaction.conflict',
  /** A debit or credit for a round that is already settled or refunded. */
  roundClosed: 'gw.round.closed',
} as const;
export type GameWalletErrorCode = (typeof GAME_WALLET_ERROR_CODES)[keyof typeof GAME_WALLET_ERROR_CODES];

export const GAME_WALLET_ERRORS: ErrorCatalogue<GameWalletErrorCode> = {
  'game.provider.not_connected': { status: 409, i18nKey: 'in_game_provider_not_connected' },
  'gw.provider.unknown': { status: 401, i18nKey: 'in_no_permission' },
  'gw.provider.disabled': { status: 403, i18nKey: 'in_no_permission' },
  'gw.signature.invalid': { status: 401, i18nKey: 'in_no_permission' },
  'gw.timestamp.stale': { status: 401, i18nKey: 'in_no_permission' },
  'gw.request.reused': { status: 409, i18nKey: 'in_request_invalid' },
  'gw.token.invalid': { status: 403, i18nKey: 'in_account_logged_out' },
  'gw.token.expired': { status: 403, i18nKey: 'in_account_logged_out' },
  'gw.player.unknown': { status: 404, i18nKey: 'in_user_not_exist' },
  'gw.player.mismatch': { status: 409, i18nKey: 'in_request_invalid' },
  'gw.game.mismatch': { status: 409, i18nKey: 'in_request_invalid' },
  'gw.currency.mismatch': { status: 409, i18nKey: 'in_request_invalid' },
  'gw.funds.insufficient': { status: 409, i18nKey: 'in_insufficient_balance' },
  'gw.bet.unknown': { status: 404, i18nKey: 'in_request_invalid' },
  'gw.bet.rolled_back': { status: 409, i18nKey: 'in_request_invalid' },
  'gw.transaction.unknown': { status: 404, i18nKey: 'in_request_invalid' },
  'gw.rollback.after_credit': { status: 409, i18nKey: 'in_request_invalid' },
  'gw.rollback.not_bet': { status: 409, i18nKey: 'in_request_invalid' },
  'gw.transaction.conflict': { status: 409, i18nKey: 'in_request_invalid' },
  'gw.round.closed': { status: 409, i18nKey: 'in_request_invalid' },
};
