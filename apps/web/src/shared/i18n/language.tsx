import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '../query/react';
import type { QueryClient } from '../query/client';
import { LANGUAGE_CHANGED_EVENT, STORAGE_KEYS, TIMING_MS, type Language } from '@palaro/contract';
import { writeLocal } from '../lib/storage';
import {
  htmlLang,
  isLanguage,
  loadTexts,
  onTextsLoaded,
  textsLoaded,
  translate,
  type I18n,
  type TextValues,
} from './index';

/** Queries whose answer depends on the language start their key with this (announcements, notices, start-up). */
export const LANGUAGE_DEPENDENT = 'language-dependent';

export function languageQueryKey(name: string, ...rest: unknown[]): unknown[] {
  return [LANGUAGE_DEPENDENT, name, ...rest];
}

export interface LanguageChangedDetail {
  language: Language;
}

interface LanguageContextValue {
  language: Language;
  /** The language server content is fetched in (read at fetch time). */
  contentLanguage: () => Language;
  setLanguage: (language: Language, options?: { persist?: boolean }) => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function reloadLanguageDependent(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [LANGUAGE_DEPENDENT] });
}

export function LanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [language, setCurrent] = useState<Language>(() => (isLanguage(i18n.language) ? i18n.language : 'TY'));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // The language last asked for: a table that arrives after another change is not applied.
  const wanted = useRef<Language>(i18n.language);

  const apply = useCallback(
    (next: Language) => {
      if (next === i18n.language) return;
      i18n.changeLanguage(next);
      document.documentElement.lang = htmlLang(next);
      setCurrent(next);
      window.dispatchEvent(
        new CustomEvent<LanguageChangedDetail>(LANGUAGE_CHANGED_EVENT, { detail: { language: next } }),
      );
      // Several quick changes reload once, 200 ms after the last one (spec §4, §9).
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void reloadLanguageDependent(queryClient);
      }, TIMING_MS.languageDebounce);
    },
    [i18n, queryClient],
  );

  // The new language's texts load first (a chunk per language), then everything switches at once.
  const setLanguage = useCallback(
    (next: Language, options?: { persist?: boolean }) => {
      if (options?.persist !== false) writeLocal(STORAGE_KEYS.language, next);
      wanted.current = next;
      if (textsLoaded(next)) {
        apply(next);
        return;
      }
      loadTexts(next).then(
        () => {
          if (wanted.current === next) apply(next);
        },
        (error: unknown) => console.error('the texts of', next, 'did not load', error),
      );
    },
    [apply],
  );

  const value = useMemo<LanguageContextValue>(
    () => ({
      language,
      contentLanguage: () => (isLanguage(i18n.language) ? i18n.language : language),
      setLanguage,
    }),
    [i18n, language, setLanguage],
  );

  return (
    <TranslationProvider i18n={i18n} language={language}>
      <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>
    </TranslationProvider>
  );
}

interface Translation {
  /** The text of a key in the current language, with its {{placeholders}} filled. */
  t: (key: string, values?: TextValues) => string;
  i18n: I18n;
  /** How many parts of the texts have arrived: a change gives a new `t`, which draws them. */
  partsLoaded: number;
}

const TranslationContext = createContext<Translation | null>(null);

/**
 * Gives the screens `t` for the current language. `language` is the state that re-renders them
 * when it changes (the i18n object itself is mutable); a new `t` per language lets memoised
 * callbacks that use it follow.
 */
export function TranslationProvider({
  i18n,
  language = i18n.language,
  children,
}: {
  i18n: I18n;
  language?: Language;
  children: ReactNode;
}) {
  // A part of the texts that arrives (one a screen showed as keys meanwhile) draws them again.
  const [partsLoaded, setPartsLoaded] = useState(0);
  useEffect(() => onTextsLoaded(() => setPartsLoaded((count) => count + 1)), []);
  const value = useMemo<Translation>(
    () => ({ t: (key, values) => translate(language, key, values), i18n, partsLoaded }),
    [i18n, language, partsLoaded],
  );
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

export function useTranslation(): Translation {
  const value = useContext(TranslationContext);
  if (!value) throw new Error('useTranslation outside TranslationProvider');
  return value;
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage outside LanguageProvider');
  return value;
}
