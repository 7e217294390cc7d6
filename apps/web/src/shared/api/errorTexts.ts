import { ERROR_I18N_KEYS, type ErrorCode } from '@palaro/contract/errors';
import { loadTextParts } from '../i18n';

/**
 * Loaded by the API client with its first failure answer, not with the page: a visit without an
 * error never reads the code → i18n key table (~2.6 KB gzip) or the messages (the errors text
 * part). The contract's errors module itself, not its barrel, whose dynamic import would make a
 * chunk of the whole contract.
 */
export async function errorKeyOf(code: string): Promise<string | undefined> {
  // The answer's field messages are in the same part: the screen that reads them draws at once.
  await loadTextParts(['errors']);
  return Object.hasOwn(ERROR_I18N_KEYS, code) ? ERROR_I18N_KEYS[code as ErrorCode] : undefined;
}
