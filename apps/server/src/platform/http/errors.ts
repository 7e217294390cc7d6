import { ERROR_CODES, type ErrorCode, type FieldError } from '@palaro/contract';

/** Each code's HTTP status, derived from the areas' error catalogues in the contract (`<area>/errors.ts`). */
export { HTTP_STATUS_BY_CODE } from '@palaro/contract';

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
