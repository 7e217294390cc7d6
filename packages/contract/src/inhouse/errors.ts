/**
 * Error codes of the in-house game server's player API, with their HTTP status and the i18n key of
 * the web's text table (zod-free, so the web app may import them).
 */
export const INHOUSE_ERROR_CODES = {
  /** No session with this token, or it ended: open the game again from the lobby. */
  sessionInvalid: 'inhouse.session.invalid',
  /** The bet is not one of the game's bet steps. */
  betInvalid: 'inhouse.bet.invalid',
  /** The player's balance does not cover the bet. */
  insufficientFunds: 'inhouse.funds.insufficient',
  /** A mines round is already open (finish it first); also a seed rotation while one is open. */
  roundOpen: 'inhouse.round.open',
  /** No open mines round to reveal in or cash out. */
  noOpenRound: 'inhouse.round.none',
  /** The cell was already revealed. */
  cellRevealed: 'inhouse.cell.revealed',
  /** A cash-out before any safe reveal. */
  nothingToCashOut: 'inhouse.cashout.empty',
  /** The wallet did not answer: the round is kept and settled once it answers (never twice). */
  walletUnavailable: 'inhouse.wallet.unavailable',
  /** The launch expired for new bets: open the game again from the lobby. */
  launchExpired: 'inhouse.launch.expired',
} as const;
export type InhouseErrorCode = (typeof INHOUSE_ERROR_CODES)[keyof typeof INHOUSE_ERROR_CODES];

export const INHOUSE_ERROR_STATUS: Record<InhouseErrorCode, number> = {
  'inhouse.session.invalid': 401,
  'inhouse.bet.invalid': 400,
  'inhouse.funds.insufficient': 409,
  'inhouse.round.open': 409,
  'inhouse.round.none': 409,
  'inhouse.cell.revealed': 409,
  'inhouse.cashout.empty': 409,
  'inhouse.wallet.unavailable': 503,
  'inhouse.launch.expired': 401,
};

export const INHOUSE_ERROR_I18N_KEYS: Record<InhouseErrorCode, string> = {
  'inhouse.session.invalid': 'in_inhouse_session_invalid',
  'inhouse.bet.invalid': 'in_inhouse_bet_invalid',
  'inhouse.funds.insufficient': 'in_insufficient_balance',
  'inhouse.round.open': 'in_inhouse_round_open',
  'inhouse.round.none': 'in_inhouse_round_none',
  'inhouse.cell.revealed': 'in_inhouse_cell_revealed',
  'inhouse.cashout.empty': 'in_inhouse_cashout_empty',
  'inhouse.wallet.unavailable': 'in_inhouse_wallet_unavailable',
  'inhouse.launch.expired': 'in_inhouse_session_invalid',
};
