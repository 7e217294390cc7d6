import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
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

export function createI18n(language: Language = storedLanguage() ?? DEFAULT_LANGUAGE) {
  const instance = i18n.createInstance();
  void instance.use(initReactI18next).init({
    resources: { EN: { translation: en }, TY: { translation: ty } },
    lng: language,
    fallbackLng: 'EN',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(language);
  return instance;
}

export type { TextKey } from './en';
