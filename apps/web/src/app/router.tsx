import { matchRoute, type RouteObject, type RouterOptions } from '../shared/router';
import { ROUTE_TABLE, NOT_FOUND_TITLE, screens, type ScreenName } from './routes';
import { RootLayout } from './layout/RootLayout';
import { RootErrorBoundary } from './layout/RouteErrorScreen';
import { preloadScreen } from './lazyScreen';
import type { RouteHandle as ScreenRouteHandle } from '../shared/router/useRouteMeta';

type RouteHandle = ScreenRouteHandle<ScreenName>;

function ScreenElement({ name }: { name: ScreenName }) {
  const Screen = screens[name].Component;
  return <Screen />;
}

function screenRoutes(): RouteObject[] {
  const routes: RouteObject[] = ROUTE_TABLE.flatMap((def) =>
    def.paths.map((path) => ({
      path,
      element: <ScreenElement name={def.screen} />,
      handle: {
        titleKey: def.titleKey,
        screen: def.screen,
        textParts: screens[def.screen].textParts,
        guestsTo: def.guestsTo,
      } satisfies RouteHandle,
    })),
  );
  routes.push({
    path: '*',
    element: <ScreenElement name="notFound" />,
    handle: {
      titleKey: NOT_FOUND_TITLE,
      screen: 'notFound',
      textParts: screens.notFound.textParts,
    } satisfies RouteHandle,
  });
  return routes;
}

/** The app's routes and the layout around them, shared by the browser router and the tests' memory router. */
export function createRoutes(): RouterOptions {
  return {
    routes: screenRoutes(),
    root: (
      <RootErrorBoundary>
        <RootLayout />
      </RootErrorBoundary>
    ),
  };
}

/** The screen a path shows, with its route's handle (title, members only); null for none. */
export function routeHandleOf(pathname: string): RouteHandle | null {
  return (matchRoute(screenRoutes(), pathname)?.route.handle as RouteHandle | undefined) ?? null;
}

/** Loads the module of the screen a path shows (see preloadScreen); call it before the first render. */
export async function preloadScreenOf(pathname: string): Promise<void> {
  const handle = routeHandleOf(pathname);
  if (handle) await preloadScreen(screens[handle.screen]);
}
