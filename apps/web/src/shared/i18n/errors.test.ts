import { describe, expect, it } from 'vitest';
import { ERROR_I18N_KEYS, FIELD_MESSAGES } from '@palaro/contract';
import { en } from './en';
import { ty } from './ty';
import { failureTextPartOf } from './failureParts';
import { tablePartOf } from './screenKeys';

/** Every i18n key the server can answer with (error codes and field messages, spec §8). */
const serverKeys = [
  ...new Set([...Object.values(ERROR_I18N_KEYS), ...Object.values(FIELD_MESSAGES).map((field) => field.i18nKey)]),
].sort();

describe('server error and field message keys', () => {
  const tables: [string, Record<string, string>][] = [
    ['en', en],
    ['ty', ty],
  ];

  it.each(tables)('all have a text in %s', (_name, table) => {
    const missing = serverKeys.filter((key) => typeof table[key] !== 'string' || table[key].trim() === '');
    expect(missing).toEqual([]);
  });

  it('are looked for on the failure path in the part the build files them in', () => {
    const misplaced = serverKeys
      .filter((key) => failureTextPartOf(key) !== tablePartOf(key))
      .map((key) => `${key}: ${failureTextPartOf(key)} ≠ ${tablePartOf(key)}`);
    expect(misplaced).toEqual([]);
  });

  it('are many, not an empty list read by mistake', () => {
    expect(serverKeys.length).toBeGreaterThan(20);
  });
});
