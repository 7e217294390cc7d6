import { WEB_ROUTES } from '@palaro/contract';

/** A path of this site (never `//host` or `/\host`, which browsers read as another site). */
const SITE_PATH = /^\/(?![/\\])\S{0,511}$/;

/**
 * Where the game's exit returns: the launch's pageBack when it is a path of this site ("home" is
 * the home page), else home — a link must not send a player off the site from a game.
 */
export function exitTarget(back: string | null): string {
  if (back === 'home') return WEB_ROUTES.home;
  return back && SITE_PATH.test(back) ? back : WEB_ROUTES.home;
}
