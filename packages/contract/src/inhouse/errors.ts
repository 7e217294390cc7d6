import type { ErrorCatalogue } from '../shared/error-catalogue';

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

export const INHOUSE_ERRORS: ErrorCatalogue<InhouseErrorCode> = {
  'inhouse.session.invalid': { status: 401, i18nKey: 'in_inhouse_session_invalid' },
  'inhouse.bet.invalid': { status: 400, i18nKey: 'in_inhouse_bet_invalid' },
  'inhouse.funds.insufficient': { status: 409, i18nKey: 'in_insufficient_balance' },
  'inhouse.round.open': { status: 409, i18nKey: 'in_inhouse_round_open' },
  'inhouse.round.none': { status: 409, i18nKey: 'in_inhouse_round_none' },
  'inhouse.cell.revealed': { status: 409, i18nKey: 'in_inhouse_cell_revealed' },
  'inhouse.cashout.empty': { status: 409, i18nKey: 'in_inhouse_cashout_empty' },
  'inhouse.wallet.unavailable': { status: 503, i18nKey: 'in_inhouse_wallet_unavailable' },
  'inhouse.launch.expired': { status: 401, i18nKey: 'in_inhouse_session_invalid' },
};
