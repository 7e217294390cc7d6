import type { ErrorCatalogue } from '../shared/error-catalogue';

/** Error codes every area may answer with: bad input, sign-in and permission, limits, the system's state. */
export const SYSTEM_ERROR_CODES = {
  validation: 'request.invalid',
  notFound: 'resource.not.found',
  unauthorised: 'session.required',
  forbidden: 'permission.denied',
  /** A state-changing request with the member's cookie from a page of another site (cross-site request forgery). */
  crossSiteRefused: 'request.cross_site.refused',
  operatorUnauthorised: 'operator.unauthorised',
  tooManyRequests: 'rate.limited',
  maintenance: 'system.maintenance',
  regionRestricted: 'system.region.restricted',
  merchantUnknown: 'merchant.unknown',
  internal: 'system.error',
  /** A service the request needs (the database, an identity provider's keys, a gateway) does not answer now. */
  upstreamUnavailable: 'system.upstream.unavailable',
} as const;
export type SystemErrorCode = (typeof SYSTEM_ERROR_CODES)[keyof typeof SYSTEM_ERROR_CODES];

export const SYSTEM_ERRORS: ErrorCatalogue<SystemErrorCode> = {
  'request.invalid': { status: 400, i18nKey: 'in_request_invalid' },
  'resource.not.found': { status: 404, i18nKey: 'in_requested_url_empty' },
  'session.required': { status: 401, i18nKey: 'in_not_logged_in' },
  'permission.denied': { status: 403, i18nKey: 'in_no_permission' },
  'request.cross_site.refused': { status: 403, i18nKey: 'in_cross_site_refused' },
  'operator.unauthorised': { status: 401, i18nKey: 'in_no_permission' },
  'rate.limited': { status: 429, i18nKey: 'in_too_many_requests' },
  'system.maintenance': { status: 503, i18nKey: 'in_system_upgrading' },
  'system.region.restricted': { status: 403, i18nKey: 'in_access_restricted' },
  'merchant.unknown': { status: 404, i18nKey: 'in_unknown_error' },
  'system.error': { status: 500, i18nKey: 'in_unknown_error' },
  'system.upstream.unavailable': { status: 503, i18nKey: 'in_system_upgrading' },
};
