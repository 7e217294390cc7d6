import { useMatches } from 'react-router';
import type { TextKey } from '../i18n';

/** What every route of the app's table carries in its handle: its title and the screen it shows. */
export interface RouteHandle<Screen extends string = string> {
  titleKey: TextKey;
  screen: Screen;
  /** Where a guest is sent instead (members-only screens), decided before the frame is drawn. */
  guestsTo?: string;
}

/** The title key and screen of the deepest matched route. */
export function useRouteMeta(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.titleKey) return handle;
  }
  return null;
}
