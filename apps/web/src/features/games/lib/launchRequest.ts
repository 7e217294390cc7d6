import { WEB_ROUTES } from '@palaro/contract';
import { LAUNCH_PAGE_BACK_HOME } from './launchTarget';

/** A path of this site (never `//host` or `/\host`, which browsers read as another site). */
const SITE_PATH = /^\/(?![/\\])\S{0,511}$/;

/**
 * Where the game's back or exit button, and this page's back, return: `home` (the lottery's
 * pageBack) is the home page; a path of this site is itself; anything else is ignored.
 */
export function resolvePageBack(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (value === LAUNCH_PAGE_BACK_HOME) return WEB_ROUTES.home;
  return SITE_PATH.test(value) ? value : undefined;
}

/** The /m/launchGame query the server's launch takes: the game, the lottery's choices, and pageBack. */
const LAUNCH_PARAMS = ['vendor', 'nodeId', 'gameId', 'gameType', 'playType', 'prize_mode', 'code'] as const;

export interface LaunchRequest {
  params: Partial<Record<(typeof LAUNCH_PARAMS)[number] | 'pageBack', string>>;
  /** The resolved pageBack, when the link gave a usable one. */
  pageBack: string | undefined;
}

/**
 * The server's launch query from the page's: the game's fields as they are, pageBack resolved to a
 * site path. Null when the link names no game: no vendor and no lottery lobby.
 */
export function launchRequestOf(search: URLSearchParams): LaunchRequest | null {
  const params: LaunchRequest['params'] = {};
  for (const name of LAUNCH_PARAMS) {
    const value = search.get(name)?.trim();
    if (value) params[name] = value;
  }
  if (!params.vendor && !params.code) return null;
  const pageBack = resolvePageBack(search.get('pageBack'));
  if (pageBack) params.pageBack = pageBack;
  return { params, pageBack };
}

/**
 * A launch link that says where to come back: the page the player tapped the game on, unless the
 * rule already chose (the lottery goes back home). Sign-in and other targets stay as they are.
 */
export function withPageBack(target: string, here: string): string {
  const url = new URL(target, 'http://site');
  if (url.pathname !== WEB_ROUTES.launchGame || url.searchParams.has('pageBack') || !resolvePageBack(here))
    return target;
  url.searchParams.set('pageBack', here);
  return `${url.pathname}${url.search}`;
}
