/**
 * Error codes the API answers with. Each maps to an i18n key of the client's text table so the
 * player reads the message in their own language; `message` in the envelope is the English text.
 */
export const ERROR_CODES = {
  validation: 'request.invalid',
  notFound: 'resource.not.found',
  unauthorised: 'session.required',
  forbidden: 'permission.denied',
  operatorUnauthorised: 'operator.unauthorised',
  tooManyRequests: 'rate.limited',
  maintenance: 'system.maintenance',
  regionRestricted: 'system.region.restricted',
  merchantUnknown: 'merchant.unknown',
  internal: 'system.error',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** i18n key of the text table for each error code (spec §8). */
export const ERROR_I18N_KEYS: Record<ErrorCode, string> = {
  'request.invalid': 'in_request_invalid',
  'resource.not.found': 'in_requested_url_empty',
  'session.required': 'in_not_logged_in',
  'permission.denied': 'in_no_permission',
  'operator.unauthorised': 'in_no_permission',
  'rate.limited': 'in_too_many_requests',
  'system.maintenance': 'in_system_upgrading',
  'system.region.restricted': 'in_access_restricted',
  'merchant.unknown': 'in_unknown_error',
  'system.error': 'in_unknown_error',
};

/** A field that failed validation, with the i18n key of its message. */
export interface FieldError {
  field: string;
  i18nKey: string;
  message: string;
}
