import type { QueryClient } from '../../shared/query/client';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_CHANGED_EVENT,
  LANGUAGE_COOKIE,
  SERVER_RENDERED_ATTRIBUTE,
  WEB_BOOT_ELEMENT_ID,
  type Language,
  type TWebBoot,
} from '@palaro/contract';
import { storedLanguage } from '../../shared/i18n';
import { needsTallBottomMenu } from '../../shared/lib/platform';
import { accountStateStored } from '../../shared/session/restore';
import { languageQueryKey } from '../../shared/i18n/language';
import { HOME_ANNOUNCEMENT_TYPES } from '../../features/home/api/announcements';
import { accountKeys } from '../../features/accounts/api/keys';

const ONE_YEAR_SECONDS = 31_536_000;

function isWebBoot(value: unknown): value is TWebBoot {
  if (typeof value !== 'object' || value === null) return false;
  const { language, startup } = value as Partial<TWebBoot>;
  return (
    typeof language === 'string' &&
    typeof startup === 'object' &&
    startup !== null &&
    'startup' in startup &&
    'settings' in startup
  );
}

/**
 * The start-up data the server wrote into the page (a JSON block, modules/web/boot.ts), or null
 * when the page came without it (the database was down, or a static copy of index.html).
 */
export function readWebBoot(doc: Document = document): TWebBoot | null {
  const text = doc.getElementById(WEB_BOOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isWebBoot(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language the app opens in: the player's choice, else the merchant's default, else ours. */
export function openingLanguage(boot: TWebBoot | null): Language {
  return storedLanguage() ?? boot?.startup.settings.defaultLanguage ?? DEFAULT_LANGUAGE;
}

/**
 * Whether the screen the server drew into the page (src/serverRender.tsx) is the one this browser
 * draws, so the app takes it over as it is (hydrates) rather than drawing it again: the server
 * draws a guest's screen in the page's language, for a browser that keeps no account and is not
 * the native shell on a tall iPhone (its taller bottom menu). Otherwise the app replaces it.
 */
export function takesOverServerScreen(root: HTMLElement, boot: TWebBoot | null, language: Language): boolean {
  return (
    root.hasAttribute(SERVER_RENDERED_ATTRIBUTE) &&
    boot !== null &&
    boot.language === language &&
    !accountStateStored() &&
    !needsTallBottomMenu()
  );
}

/**
 * Starts the query cache from the page's data, so the first screen renders without waiting for
 * the start-up call, home's announcements or the registration banners. The announcements count
 * only in the language the app opens in (the server guessed it from the cookie); otherwise the
 * screen asks for its own.
 */
export function seedQueryCache(queryClient: QueryClient, boot: TWebBoot, language: Language): void {
  queryClient.setQueryData(languageQueryKey('startup'), boot.startup);
  if (boot.language !== language) return;
  if (boot.home) queryClient.setQueryData(languageQueryKey('announcements', HOME_ANNOUNCEMENT_TYPES), boot.home);
  if (boot.registerBanners) queryClient.setQueryData(accountKeys.registerBanners(), boot.registerBanners);
}

function rememberLanguageForServer(): void {
  const language = storedLanguage();
  if (language) document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}

/**
 * Repeats the language the player chose (kept in localStorage) in a cookie, now and after every
 * change, so the server writes the next page's content in it.
 */
export function keepLanguageCookie(): void {
  rememberLanguageForServer();
  window.addEventListener(LANGUAGE_CHANGED_EVENT, rememberLanguageForServer);
}
