import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@palaro/contract';
import { readLocal } from '../lib/storage';
import { textPartOf, type TextPart } from './parts';

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
 * Each language's table comes in parts (./parts.ts), each a chunk loaded when first needed: a page
 * downloads only the texts of the language and the screens it shows (the first screen's whole
 * JavaScript budget is 100 KB). The core part loads before the app renders; a screen's lazy module
 * brings its parts (app/lazyScreen). A key whose part is not loaded yet shows as its key for the
 * moment it takes to load, then the app draws again (onTextsLoaded) — never English by mistake.
 * Both tables hold every key (the types say so), so the English fallback below is only for a key
 * neither has.
 */
const LOADERS: Record<Language, Record<TextPart, () => Promise<{ default: Texts }>>> = {
  EN: {
    core: () => import('virtual:texts/EN/core'),
    pages: () => import('virtual:texts/EN/pages'),
    accounts: () => import('virtual:texts/EN/accounts'),
    money: () => import('virtual:texts/EN/money'),
    inhouse: () => import('virtual:texts/EN/inhouse'),
    lottery: () => import('virtual:texts/EN/lottery'),
    games: () => import('virtual:texts/EN/games'),
    errors: () => import('virtual:texts/EN/errors'),
  },
  TY: {
    core: () => import('virtual:texts/TY/core'),
    pages: () => import('virtual:texts/TY/pages'),
    accounts: () => import('virtual:texts/TY/accounts'),
    money: () => import('virtual:texts/TY/money'),
    inhouse: () => import('virtual:texts/TY/inhouse'),
    lottery: () => import('virtual:texts/TY/lottery'),
    games: () => import('virtual:texts/TY/games'),
    errors: () => import('virtual:texts/TY/errors'),
  },
};
const TABLES: Record<Language, Record<string, string>> = { EN: {}, TY: {} };
const loaded: Record<Language, Set<TextPart>> = { EN: new Set(), TY: new Set() };
const loading = new Map<string, Promise<void>>();
/** Parts some screen has asked for: a language shown later loads them too. */
const wantedParts = new Set<TextPart>(['core']);
const listeners = new Set<() => void>();
const FALLBACK: Language = 'EN';
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
let activeLanguage: Language = DEFAULT_LANGUAGE;

export function textsLoaded(language: Language): boolean {
  return [...wantedParts].every((part) => loaded[language].has(part));
}

function loadPart(language: Language, part: TextPart): Promise<void> {
  if (loaded[language].has(part)) return Promise.resolve();
  const id = `${language}/${part}`;
  let pending = loading.get(id);
  if (!pending) {
    pending = LOADERS[language][part]()
      .then((module) => {
        Object.assign(TABLES[language], module.default);
        loaded[language].add(part);
        listeners.forEach((listener) => listener());
      })
      .finally(() => loading.delete(id));
    loading.set(id, pending);
  }
  return pending;
}

/**
 * Loads a language's texts once: its core and every part a screen has asked for so far, plus
 * `parts`. The app awaits its first language's before it renders.
 */
export function loadTexts(language: Language, parts: readonly TextPart[] = []): Promise<void> {
  parts.forEach((part) => wantedParts.add(part));
  return Promise.all([...wantedParts].map((part) => loadPart(language, part))).then(() => undefined);
}

const pendingParts = new Map<string, Promise<void>>();

/**
 * Null once a language's `parts` are loaded, else a promise of them, the same one while they load
 * (React's use() waits on it: the layout draws a route's title once its screen's parts are here).
 * A failure settles it too, leaving the report to the screen's own load.
 */
export function textPartsPending(language: Language, parts: readonly TextPart[]): Promise<void> | null {
  if (parts.every((part) => loaded[language].has(part))) return null;
  const id = `${language}:${parts.join(',')}`;
  let pending = pendingParts.get(id);
  if (!pending) {
    pending = loadTexts(language, parts).catch(() => undefined);
    pendingParts.set(id, pending);
  }
  return pending;
}

/**
 * The language screens load their parts in before the app's i18n starts: the page's opening
 * language, so the first screen's module brings its texts in the language it is drawn in.
 */
export function setTextsLanguage(language: Language): void {
  activeLanguage = language;
}

/** The parts a screen shows, in the language on screen (a lazy screen's module waits for them). */
export function loadTextParts(parts: readonly TextPart[]): Promise<void> {
  return loadTexts(activeLanguage, parts);
}

/** Called after each part arrives, so what showed a key can draw its text. */
export function onTextsLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Own keys only: "constructor" or "toString" are not texts. */
function textOf(language: Language, key: string): string | undefined {
  const table = TABLES[language];
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Whether the part holding a key is loaded in a language; if not, it is asked for. */
function partReady(language: Language, key: string): boolean {
  const part = textPartOf(key);
  if (loaded[language].has(part)) return true;
  void loadTexts(language, [part]).catch(() => undefined);
  return false;
}

/**
 * The text of a key in a language: the language's table, else English's, else the key itself (a
 * key the tables lack, or a table not loaded yet, shows as it is, never as nothing).
 * Placeholders take their values as they are; one without a value is left out.
 */
export function translate(language: Language, key: string, values?: TextValues): string {
  const text = textOf(language, key) ?? (partReady(language, key) ? textOf(FALLBACK, key) : undefined) ?? key;
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
  activeLanguage = language;
  const i18n: I18n = {
    language,
    t: (key, values) => translate(i18n.language, key, values),
    exists: (key) =>
      textOf(i18n.language, key) !== undefined ||
      (partReady(i18n.language, key) && textOf(FALLBACK, key) !== undefined),
    changeLanguage(next) {
      i18n.language = next;
      activeLanguage = next;
    },
  };
  return i18n;
}

export type { TextKey } from './en';
