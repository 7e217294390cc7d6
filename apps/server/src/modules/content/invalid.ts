import { ERROR_CODES, fieldError } from '@palaro/contract';
import { DomainError } from '../../platform/http/errors';

/** The operator's input refused with the field it names; nothing is written. */
export function invalidField(field: string, message: string): DomainError {
  return new DomainError(ERROR_CODES.validation, message, { fields: [{ ...fieldError(field), message }] });
}
