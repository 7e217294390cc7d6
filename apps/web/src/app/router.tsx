import { matchRoutes, type RouteObject } from 'react-router';
import { ROUTE_TABLE, NOT_FOUND_TITLE, screens, type ScreenName } from './routes';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorScreen } from './layout/RouteErrorScreen';
import { preloadScreen } from './lazyScreen';
import type { RouteHandle as ScreenRouteHandle } from '../shared/router/useRouteMeta';

type RouteHandle = ScreenRouteHandle<ScreenName>;

function ScreenElement({ name }: { name: ScreenName }) {
  const Screen = screens[name].Component;
  return <Screen />;
}

/** The route objects of the app, shared by the browser router and the tests' memory router. */
export function createRoutes(): RouteObject[] {
  const children: RouteObject[] = ROUTE_TABLE.flatMap((def) => def.paths.map((path) => ({
    path,
    element: <ScreenElement name={def.screen} />,
    handle: { titleKey: def.titleKey, screen: def.screen, guestsTo: def.guestsTo } satisfies RouteHandle,
  })));
  children.push({
    path: '*',
    element: <ScreenElement name="notFound" />,
    handle: { titleKey: NOT_FOUND_TITLE, screen: 'notFound' } satisfies RouteHandle,
  });
  return [{ element: <RootLayout />, errorElement: <RouteErrorScreen />, children }];
}

/** Loads the module of the screen a path shows (see preloadScreen); call it before the first render. */
export async function preloadScreenOf(pathname: string): Promise<void> {
  const handle = matchRoutes(createRoutes(), pathname)?.at(-1)?.route.handle as RouteHandle | undefined;
  if (handle) await preloadScreen(screens[handle.screen]);
}
