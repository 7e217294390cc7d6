import type { ErrorCatalogue } from '../shared/error-catalogue';

/** Error codes of the red-envelope rain. */
export const RED_RAIN_ERROR_CODES = {
  redRainNotFound: 'redrain.not.found',
  /** Before its start or after its end (or cancelled). */
  redRainNotLive: 'redrain.not.live',
  /** Every envelope is taken. */
  redRainSoldOut: 'redrain.sold.out',
  /** The member took as many envelopes as the event allows. */
  redRainLimit: 'redrain.limit',
  /** The member has not deposited or bet enough in the event's window. */
  redRainNotQualified: 'redrain.not.qualified',
  /** The operator's event is not coherent: its budget, count, bounds or times. */
  redRainInvalid: 'redrain.invalid',
  /** Started or ended already: it can no longer be cancelled. */
  redRainClosed: 'redrain.closed',
} as const;
export type RedRainErrorCode = (typeof RED_RAIN_ERROR_CODES)[keyof typeof RED_RAIN_ERROR_CODES];

export const RED_RAIN_ERRORS: ErrorCatalogue<RedRainErrorCode> = {
  'redrain.not.found': { status: 404, i18nKey: 'in_redrain_not_found' },
  'redrain.not.live': { status: 409, i18nKey: 'in_redrain_not_live' },
  'redrain.sold.out': { status: 409, i18nKey: 'in_redrain_sold_out' },
  'redrain.limit': { status: 409, i18nKey: 'in_redrain_limit' },
  'redrain.not.qualified': { status: 403, i18nKey: 'in_redrain_not_qualified' },
  'redrain.invalid': { status: 400, i18nKey: 'in_request_invalid' },
  'redrain.closed': { status: 409, i18nKey: 'in_redrain_closed' },
};
