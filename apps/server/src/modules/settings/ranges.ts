import { ERROR_CODES, fieldError } from '@palaro/contract';
import { DomainError } from '../../platform/http/errors';

/** A minimum above its maximum would refuse every request: refused when the operator sets it. */
export function assertRangeOrdered<T extends Record<string, number | bigint>>(
  settings: T,
  min: keyof T & string,
  max: keyof T & string,
): void {
  if (settings[min]! > settings[max]!) {
    throw new DomainError(ERROR_CODES.validation, `${min} must not be above ${max}`, { fields: [fieldError(min)] });
  }
}
