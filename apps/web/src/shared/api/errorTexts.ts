import { ERROR_I18N_KEYS, type ErrorCode } from '@palaro/contract/errors';

/**
 * Loaded by the API client on its first failure answer, not with the page: the code → i18n key
 * table is ~2.6 KB gzip that a visit without an error never reads. The contract's errors module
 * itself, not its barrel, whose dynamic import would make a chunk of the whole contract.
 */
export function errorKeyOf(code: string): string | undefined {
  return Object.hasOwn(ERROR_I18N_KEYS, code) ? ERROR_I18N_KEYS[code as ErrorCode] : undefined;
}
