import type { RouteObject } from 'react-router';
import { ROUTE_TABLE, NOT_FOUND_TITLE, screens, type ScreenName } from './routes';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorScreen } from './layout/RouteErrorScreen';
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
    handle: { titleKey: def.titleKey, screen: def.screen } satisfies RouteHandle,
  })));
  children.push({
    path: '*',
    element: <ScreenElement name="notFound" />,
    handle: { titleKey: NOT_FOUND_TITLE, screen: 'notFound' } satisfies RouteHandle,
  });
  return [{ element: <RootLayout />, errorElement: <RouteErrorScreen />, children }];
}
