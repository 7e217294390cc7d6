import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@palaro/contract';
import { en } from './en';
import { ty } from './ty';
import { readLocal } from '../lib/storage';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language stored by the player, else null. */
export function storedLanguage(): Language | null {
  const stored = readLocal(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : null;
}

/** The html lang attribute of a language. */
export function htmlLang(language: Language): string {
  return language === 'EN' ? 'en' : 'tl';
}

/** Values put into a text's {{placeholders}}. */
export type TextValues = Record<string, string | number | null | undefined>;

const TABLES: Record<Language, Readonly<Record<string, string>>> = { EN: en, TY: ty };
const FALLBACK: Language = 'EN';
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** Own keys only: "constructor" or "toString" are not texts. */
function textOf(language: Language, key: string): string | undefined {
  const table = TABLES[language];
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * The text of a key in a language: the language's table, else English's, else the key itself (a
 * key the tables lack shows as it is, never as nothing). Placeholders take their values as they
 * are; one without a value is left out.
 */
export function translate(language: Language, key: string, values?: TextValues): string {
  const text = textOf(language, key) ?? textOf(FALLBACK, key) ?? key;
  if (!values) return text;
  return text.replace(PLACEHOLDER, (_, name: string) => String(values[name] ?? ''));
}

/** The app's texts in the current language; `changeLanguage` switches them for what renders next. */
export interface I18n {
  language: Language;
  t(key: string, values?: TextValues): string;
  exists(key: string): boolean;
  changeLanguage(language: Language): void;
}

export function createI18n(language: Language = storedLanguage() ?? DEFAULT_LANGUAGE): I18n {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(language);
  const i18n: I18n = {
    language,
    t: (key, values) => translate(i18n.language, key, values),
    exists: (key) => textOf(i18n.language, key) !== undefined || textOf(FALLBACK, key) !== undefined,
    changeLanguage(next) {
      i18n.language = next;
    },
  };
  return i18n;
}

export type { TextKey } from './en';
