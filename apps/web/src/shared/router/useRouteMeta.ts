import type { TextKey } from '../i18n';
import type { TextPart } from '../i18n/parts';
import { useRouteHandle } from '.';

/** What every route of the app's table carries in its handle: its title and the screen it shows. */
export interface RouteHandle<Screen extends string = string> {
  titleKey: TextKey;
  screen: Screen;
  /** The screen's parts of the text table, its title's among them: the layout draws the title once they are loaded. */
  textParts: readonly TextPart[];
  /** Where a guest is sent instead (members-only screens), decided before the frame is drawn. */
  guestsTo?: string;
}

/** The title key and screen of the current route. */
export function useRouteMeta(): RouteHandle | null {
  const handle = useRouteHandle() as RouteHandle | null;
  return handle?.titleKey ? handle : null;
}
