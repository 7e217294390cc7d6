import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@palaro/contract';
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

type Texts = Readonly<Record<string, string>>;

/**
 * Each language's table is a chunk of its own, loaded when the language is first shown: a page
 * downloads only the texts it shows (each table is ~12 KB gzip, and the first screen's whole
 * JavaScript budget is 100 KB). Both tables hold every key (the types say so), so the English
 * fallback below is only for a key neither has.
 */
const LOADERS: Record<Language, () => Promise<Texts>> = {
  EN: () => import('./en').then((module) => module.en),
  TY: () => import('./ty').then((module) => module.ty),
};
const TABLES: Partial<Record<Language, Texts>> = {};
const loading = new Map<Language, Promise<void>>();
const FALLBACK: Language = 'EN';
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

export function textsLoaded(language: Language): boolean {
  return TABLES[language] !== undefined;
}

/** Loads a language's texts once; the app awaits its first language before it renders. */
export function loadTexts(language: Language): Promise<void> {
  if (TABLES[language]) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = LOADERS[language]()
      .then((table) => {
        TABLES[language] = table;
      })
      .finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** Own keys only: "constructor" or "toString" are not texts. */
function textOf(language: Language, key: string): string | undefined {
  const table = TABLES[language];
  return table && Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * The text of a key in a language: the language's table, else English's, else the key itself (a
 * key the tables lack, or a table not loaded yet, shows as it is, never as nothing).
 * Placeholders take their values as they are; one without a value is left out.
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
