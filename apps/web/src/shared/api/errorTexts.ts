import { ERROR_I18N_KEYS, type ErrorCode } from '@palaro/contract/errors';
import { loadTextParts } from '../i18n';
import { failureTextPartOf } from '../i18n/failureParts';

/**
 * Loaded by the API client with its first failure answer, not with the page: a visit without an
 * error never reads the code → i18n key table (~2.6 KB gzip) or the messages (the errors text
 * part). The contract's errors module itself, not its barrel, whose dynamic import would make a
 * chunk of the whole contract.
 */
export async function errorKeyOf(code: string, fieldKeys: readonly string[]): Promise<string | undefined> {
  const key = Object.hasOwn(ERROR_I18N_KEYS, code) ? ERROR_I18N_KEYS[code as ErrorCode] : undefined;
  // The part the build filed each text in (the errors part, or that of the screens drawing it too):
  // the screen that reads the error or its field messages draws them at once.
  const keys = key ? [key, ...fieldKeys] : fieldKeys;
  await loadTextParts([...new Set(keys.map(failureTextPartOf))]);
  return key;
}
