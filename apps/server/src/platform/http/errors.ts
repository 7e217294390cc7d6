import {
  ERROR_CODES,
  GAME_WALLET_ERROR_STATUS,
  INHOUSE_ERROR_STATUS,
  LOTTERY_ERROR_STATUS,
  type ErrorCode,
  type FieldError,
} from '@palaro/contract';

/**
 * An error the domain raises on purpose: its code says what went wrong in the contract's terms.
 * Services throw these without knowing about HTTP; the HTTP layer maps codes to statuses once.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { fields?: FieldError[]; [key: string]: unknown } = {},
    // The failure behind a 5xx, for the log (never in the answer: only `details` are sent).
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'DomainError';
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(ERROR_CODES.notFound, message);
    this.name = 'NotFoundError';
  }
}

export class OperatorUnauthorisedError extends DomainError {
  constructor() {
    super(ERROR_CODES.operatorUnauthorised, 'A valid operator token is required');
    this.name = 'OperatorUnauthorisedError';
  }
}

export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(ERROR_CODES.tooManyRequests, 'Too many attempts, try again later', { retryAfterSeconds });
    this.name = 'RateLimitedError';
  }
}

export class MaintenanceError extends DomainError {
  constructor(message: string, until: string | null) {
    super(ERROR_CODES.maintenance, message || 'System upgrading, try later', { until });
    this.name = 'MaintenanceError';
  }
}

export class RegionRestrictedError extends DomainError {
  constructor() {
    super(ERROR_CODES.regionRestricted, 'Access restricted by location or IP');
    this.name = 'RegionRestrictedError';
  }
}

export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  'request.invalid': 400,
  'resource.not.found': 404,
  'session.required': 401,
  'permission.denied': 403,
  'request.cross_site.refused': 403,
  'operator.unauthorised': 401,
  'rate.limited': 429,
  'system.maintenance': 503,
  'system.upstream.unavailable': 503,
  'system.region.restricted': 403,
  'merchant.unknown': 404,
  'system.error': 500,
  'auth.credentials.invalid': 401,
  'auth.captcha.required': 400,
  'auth.captcha.invalid': 400,
  'auth.code.invalid': 400,
  'auth.username.taken': 409,
  'auth.mobile.taken': 409,
  'auth.affiliate.invalid': 400,
  'auth.password.mismatch': 400,
  'modify.new.old.same': 400,
  'auth.signin.paused': 429,
  'auth.not.member': 403,
  'auth.not.agent': 403,
  'auth.trial.refused': 403,
  'auth.session.expired': 401,
  'auth.mobile.invalid': 400,
  'auth.email.invalid': 400,
  'auth.reset.link.invalid': 400,
  'auth.account.disabled': 403,
  'wallet.idempotency.required': 400,
  'wallet.idempotency.reused': 409,
  'wallet.balance.insufficient': 409,
  'wallet.amount.range': 400,
  'wallet.payment.password.invalid': 400,
  'wallet.payment.password.unset': 409,
  'wallet.turnover.incomplete': 409,
  'wallet.turnover.closed': 409,
  'wallet.withdraw.daily.limit': 409,
  'wallet.payout.account.invalid': 400,
  'wallet.payout.account.limit': 409,
  'deposit.channel.unavailable': 409,
  'deposit.order.pending': 409,
  'wallet.order.closed': 409,
  'gateway.signature.invalid': 401,
  'gateway.event.replayed': 409,
  'wallet.transfer.not.allowed': 403,
  ...GAME_WALLET_ERROR_STATUS,
  ...INHOUSE_ERROR_STATUS,
  ...LOTTERY_ERROR_STATUS,
};
