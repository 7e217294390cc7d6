/**
 * The lottery's error codes, with their HTTP status and the i18n key of the web's text table: a
 * module of their own (zod-free) so the web app's error messages, which every page loads, do not
 * bring the lottery's API paths along (./api.ts).
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

export const LOTTERY_ERROR_STATUS: Record<LotteryErrorCode, number> = {
  'lottery.game.unknown': 404,
  'lottery.bettype.unknown': 400,
  'lottery.selection.invalid': 400,
  'lottery.draw.closed': 409,
  'lottery.odds.changed': 409,
  'lottery.stake.limits': 400,
  'lottery.draw.limit': 409,
  'lottery.draw.unknown': 404,
  'lottery.draw.pending': 409,
  'lottery.cancel.not_allowed': 409,
  'lottery.bet.unknown': 404,
  'lottery.bet.not_pending': 409,
  'lottery.chase.unknown': 404,
  'lottery.chase.ended': 409,
  'lottery.result.invalid': 400,
  'lottery.result.rng': 409,
  'lottery.result.not_due': 409,
  'lottery.result.entered': 409,
  'lottery.result.unentered': 409,
  'lottery.result.same_operator': 409,
  'lottery.void.refused': 409,
  'lottery.settings.invalid': 400,
};

export const LOTTERY_ERROR_I18N_KEYS: Record<LotteryErrorCode, string> = {
  'lottery.game.unknown': 'in_lottery_game_unknown',
  'lottery.bettype.unknown': 'in_lottery_bettype_unknown',
  'lottery.selection.invalid': 'in_lottery_selection_invalid',
  'lottery.draw.closed': 'in_lottery_draw_closed',
  'lottery.odds.changed': 'in_lottery_odds_changed',
  'lottery.stake.limits': 'in_lottery_stake_limits',
  'lottery.draw.limit': 'in_lottery_draw_limit',
  'lottery.draw.unknown': 'in_lottery_draw_unknown',
  'lottery.draw.pending': 'in_lottery_draw_pending',
  'lottery.cancel.not_allowed': 'in_lottery_cancel_not_allowed',
  'lottery.bet.unknown': 'in_lottery_bet_unknown',
  'lottery.bet.not_pending': 'in_lottery_bet_not_pending',
  'lottery.chase.unknown': 'in_lottery_chase_unknown',
  'lottery.chase.ended': 'in_lottery_chase_ended',
  // Only operators meet these (the operator API answers in English); a player's screen never shows them.
  'lottery.result.invalid': 'in_request_invalid',
  'lottery.result.rng': 'in_request_invalid',
  'lottery.result.not_due': 'in_request_invalid',
  'lottery.result.entered': 'in_request_invalid',
  'lottery.result.unentered': 'in_request_invalid',
  'lottery.result.same_operator': 'in_no_permission',
  'lottery.void.refused': 'in_request_invalid',
  'lottery.settings.invalid': 'in_request_invalid',
};
