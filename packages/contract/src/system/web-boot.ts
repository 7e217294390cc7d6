import type { ContentType, Language } from '../shared/constants';
import type { TAnnouncements, TSiteSettings, TStartupResponse } from '../schemas';

/**
 * What the server writes into the app's page so the first screen needs no API call of its own:
 * a `<script type="application/json">` (data, never executed, so the strict CSP holds) that the
 * client reads once at start-up.
 */
export interface TWebBoot {
  /** The language the page's content is in: the player's (its cookie), else the merchant's default. */
  language: Language;
  /** What `GET /wps/system/startup` would answer. */
  startup: TStartupResponse;
  /** Home's announcements in `language` (banners, notices, pop-ups, hot), on the home page only. */
  home?: TAnnouncements;
  /** The registration screen's banners (B, group m_reg) in `language`, on the registration page only. */
  registerBanners?: TAnnouncements;
  /** Which of the merchant's image CDNs this page load uses: the one its preloaded banner came from. */
  imageCdnStart: number;
}

export const WEB_BOOT_ELEMENT_ID = 'palaro-boot';

/**
 * Set on the app's root element when the server drew the first screen into it with the app's own
 * components (a guest's screen, from `TWebBoot`): the app then takes that markup over (hydrates)
 * instead of drawing it again.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/** The cookie in which the web app repeats the player's language for the server's page. */
export const LANGUAGE_COOKIE = 'palaro_language';

/** The announcement types home shows: banners, player notices, pop-ups and hot items. */
export const HOME_CONTENT_TYPES = ['B', 'PL', 'PU', 'H'] as const satisfies readonly ContentType[];

/** Spec §7: the registration screen's banners are type B of group m_reg. */
export const REGISTER_BANNER_GROUP = 'm_reg';

/**
 * A merchant's image CDN bases as both the page and the app use them: trimmed, without a trailing
 * slash, blanks dropped (spec §9 random image CDN; the server preloads from the one the app uses).
 */
export function imageCdnBases(cdns: readonly string[]): string[] {
  return cdns.map((base) => base.trim().replace(/\/+$/, '')).filter((base) => base.length > 0);
}

type Theme = TSiteSettings['theme'];

/** The CSS variable each colour of a merchant's theme sets (the web app's :root holds the defaults). */
const THEME_VARIABLES: Readonly<Record<keyof Theme, string>> = {
  primary: '--c-primary',
  primaryContrast: '--c-primary-contrast',
  accent: '--c-accent',
  background: '--c-bg',
  surface: '--c-surface',
  text: '--c-text',
  textMuted: '--c-text-muted',
};

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i;

/** Whether a theme value is a colour a style may carry as it is (anything else is ignored). */
export function isThemeColour(value: string | undefined): value is string {
  return value !== undefined && COLOUR.test(value.trim());
}

/**
 * A merchant's theme as [CSS variable, colour] pairs, the values that are not colours left out:
 * the app sets them on :root, and the server writes them into the page so its first paint is
 * already in the merchant's colours.
 */
export function themeDeclarations(theme: Theme): [string, string][] {
  return (Object.entries(THEME_VARIABLES) as [keyof Theme, string][])
    .filter(([key]) => isThemeColour(theme[key]))
    .map(([key, variable]) => [variable, theme[key].trim()]);
}
