import type { ErrorCatalogue } from '../shared/error-catalogue';

/**
 * The lottery's error codes, with their HTTP status and the i18n key of the web's text table: a
 * module of their own (zod-free) so the web app's error messages, which every page loads, do not
 * bring the lottery's API paths along (./paths.ts).
 */
export const LOTTERY_ERROR_CODES = {
  gameUnknown: 'lottery.game.unknown',
  betTypeUnknown: 'lottery.bettype.unknown',
  selectionInvalid: 'lottery.selection.invalid',
  /** The draw is not on sale: not open yet, locked, drawn or another numero than the current one. */
  drawClosed: 'lottery.draw.closed',
  /** The prize group the slip was priced at is not the member's now (the odds changed). */
  oddsChanged: 'lottery.odds.changed',
  stakeOutOfLimits: 'lottery.stake.limits',
  drawLimitReached: 'lottery.draw.limit',
  drawUnknown: 'lottery.draw.unknown',
  /** The draw has no revealed seed yet. */
  drawNotDrawn: 'lottery.draw.pending',
  /** The game does not let a bet be cancelled. */
  cancelNotAllowed: 'lottery.cancel.not_allowed',
  betUnknown: 'lottery.bet.unknown',
  /** The bet is no longer pending (settled, refunded or cancelled already). */
  betNotPending: 'lottery.bet.not_pending',
  chaseUnknown: 'lottery.chase.unknown',
  /** The chase has no draw left to cancel (finished or stopped). */
  chaseEnded: 'lottery.chase.ended',
  // Operator result entry and voids (operator API; English messages, generic player texts).
  /** The typed result is not one of the family's (counts, digits, tiers); the message says what is wrong. */
  resultInvalid: 'lottery.result.invalid',
  /** The game's results come from our RNG: nobody enters them. */
  resultNotOfficial: 'lottery.result.rng',
  /** The draw is not waiting for a result (not drawn yet by the official schedule, or already drawn or cancelled). */
  resultNotDue: 'lottery.result.not_due',
  /** A first entry is there already by another operator: confirm it instead. */
  resultAlreadyEntered: 'lottery.result.entered',
  /** Nothing to confirm: no first entry. */
  resultNotEntered: 'lottery.result.unentered',
  /** The confirmation must come from a different operator than the entry. */
  resultSameOperator: 'lottery.result.same_operator',
  /** The draw cannot be voided: already drawn, settled or cancelled. */
  voidRefused: 'lottery.void.refused',
  /** A settings change that leaves the game inconsistent (limits out of order, a jackpot setting on a game without one). */
  settingsInvalid: 'lottery.settings.invalid',
} as const;
export type LotteryErrorCode = (typeof LOTTERY_ERROR_CODES)[keyof typeof LOTTERY_ERROR_CODES];

export const LOTTERY_ERRORS: ErrorCatalogue<LotteryErrorCode> = {
  'lottery.game.unknown': { status: 404, i18nKey: 'in_lottery_game_unknown' },
  'lottery.bettype.unknown': { status: 400, i18nKey: 'in_lottery_bettype_unknown' },
  'lottery.selection.invalid': { status: 400, i18nKey: 'in_lottery_selection_invalid' },
  'lottery.draw.closed': { status: 409, i18nKey: 'in_lottery_draw_closed' },
  'lottery.odds.changed': { status: 409, i18nKey: 'in_lottery_odds_changed' },
  'lottery.stake.limits': { status: 400, i18nKey: 'in_lottery_stake_limits' },
  'lottery.draw.limit': { status: 409, i18nKey: 'in_lottery_draw_limit' },
  'lottery.draw.unknown': { status: 404, i18nKey: 'in_lottery_draw_unknown' },
  'lottery.draw.pending': { status: 409, i18nKey: 'in_lottery_draw_pending' },
  'lottery.cancel.not_allowed': { status: 409, i18nKey: 'in_lottery_cancel_not_allowed' },
  'lottery.bet.unknown': { status: 404, i18nKey: 'in_lottery_bet_unknown' },
  'lottery.bet.not_pending': { status: 409, i18nKey: 'in_lottery_bet_not_pending' },
  'lottery.chase.unknown': { status: 404, i18nKey: 'in_lottery_chase_unknown' },
  'lottery.chase.ended': { status: 409, i18nKey: 'in_lottery_chase_ended' },
  'lottery.result.invalid': { status: 400, i18nKey: 'in_request_invalid' },
  'lottery.result.rng': { status: 409, i18nKey: 'in_request_invalid' },
  'lottery.result.not_due': { status: 409, i18nKey: 'in_request_invalid' },
  'lottery.result.entered': { status: 409, i18nKey: 'in_request_invalid' },
  'lottery.result.unentered': { status: 409, i18nKey: 'in_request_invalid' },
  'lottery.result.same_operator': { status: 409, i18nKey: 'in_no_permission' },
  'lottery.void.refused': { status: 409, i18nKey: 'in_request_invalid' },
  'lottery.settings.invalid': { status: 400, i18nKey: 'in_request_invalid' },
};
