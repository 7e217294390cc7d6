import type { ContentType, Language } from './constants';
import type { TAnnouncements, TStartupResponse } from './schemas/index';

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
  /** Which of the merchant's image CDNs this page load uses: the one its preloaded banner came from. */
  imageCdnStart: number;
}

export const WEB_BOOT_ELEMENT_ID = 'palaro-boot';

/** The cookie in which the web app repeats the player's language for the server's page. */
export const LANGUAGE_COOKIE = 'palaro_language';

/** The announcement types home shows: banners, player notices, pop-ups and hot items. */
export const HOME_CONTENT_TYPES = ['B', 'PL', 'PU', 'H'] as const satisfies readonly ContentType[];

/**
 * A merchant's image CDN bases as both the page and the app use them: trimmed, without a trailing
 * slash, blanks dropped (spec §9 random image CDN; the server preloads from the one the app uses).
 */
export function imageCdnBases(cdns: readonly string[]): string[] {
  return cdns.map((base) => base.trim().replace(/\/+$/, '')).filter((base) => base.length > 0);
}
