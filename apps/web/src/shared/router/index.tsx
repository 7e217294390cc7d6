/**
 * The app's router: a flat table of paths, one screen per path, the browser's history underneath.
 * It replaces react-router (33 KB gzip of the 100 KB the first screen may load, for nested
 * routes, loaders, actions and fetchers the app does not use) and keeps the part of its API the
 * app uses, with the same behaviour: Link, Navigate, Outlet, useNavigate, useLocation,
 * useSearchParams, useParams; paths match case-insensitively with or without a trailing slash,
 * `:name` segments are parameters, `*` is the fallback, a static segment outranks a parameter;
 * navigations render in a transition; the history entries keep react-router's shape
 * ({ usr, key, idx }).
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  pathOf,
  resolvePath,
  type Location,
  type RouterHistory,
} from './history';

export type { Location } from './history';

export interface RouteObject {
  /** '/m/home', '/m/play/:gameCode', or '*' for every path no other route takes. */
  path: string;
  element: ReactNode;
  /** What the app attaches to the route (its title, screen, guest rule): see useRouteHandle. */
  handle?: unknown;
}

export interface RouteMatch {
  route: RouteObject;
  params: Readonly<Record<string, string>>;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** To a path (absolute, or relative to the current one, e.g. '?page=2'), or a step through history (-1 = back). */
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => Promise<void>;

export interface Router {
  readonly state: { readonly location: Location };
  readonly navigate: NavigateFunction;
  subscribe(listener: (location: Location) => void): () => void;
  match(pathname: string): RouteMatch | null;
  /** Drawn around every route (the layout), with `<Outlet />` where the route's element goes. */
  readonly root: ReactNode;
}

interface CompiledRoute {
  route: RouteObject;
  pattern: RegExp;
  names: string[];
  score: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(route: RouteObject): CompiledRoute {
  if (route.path === '*') return { route, pattern: /^/, names: [], score: -1 };
  const names: string[] = [];
  let score = 0;
  const source = route.path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        score += 3;
        return '/([^/]+)';
      }
      score += 10;
      return `/${escapeRegExp(segment)}`;
    })
    .join('');
  return { route, pattern: new RegExp(`^${source}/*$`, 'i'), names, score };
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The route a path shows: the best-ranked match (static segments before parameters, `*` last), first in the table on a tie. */
export function matchRoute(routes: readonly RouteObject[], pathname: string): RouteMatch | null {
  return createMatcher(routes)(pathname);
}

function createMatcher(routes: readonly RouteObject[]): (pathname: string) => RouteMatch | null {
  const compiled = routes.map(compile);
  return (pathname) => {
    let best: { entry: CompiledRoute; values: string[] } | null = null;
    for (const entry of compiled) {
      if (best && entry.score <= best.entry.score) continue;
      const found = entry.pattern.exec(pathname);
      if (found) best = { entry, values: found.slice(1) };
    }
    if (!best) return null;
    const params: Record<string, string> = {};
    best.entry.names.forEach((name, at) => {
      params[name] = decode(best.values[at] ?? '');
    });
    return { route: best.entry.route, params };
  };
}

function createRouter(history: RouterHistory, routes: readonly RouteObject[], root: ReactNode): Router {
  const match = createMatcher(routes);
  const navigate: NavigateFunction = (to, options = {}) => {
    if (typeof to === 'number') history.go(to);
    else {
      const path = pathOf(resolvePath(to, history.location.pathname));
      if (options.replace) history.replace(path, options.state);
      else history.push(path, options.state);
    }
    return Promise.resolve();
  };
  return {
    get state() {
      return { location: history.location };
    },
    navigate,
    subscribe: (listener) => history.listen(() => listener(history.location)),
    match,
    root,
  };
}

export interface RouterOptions {
  routes: readonly RouteObject[];
  /** The layout around every route; without one the route's element alone. */
  root?: ReactNode;
}

export function createBrowserRouter({ routes, root = <Outlet /> }: RouterOptions): Router {
  return createRouter(createBrowserHistory(), routes, root);
}

/** A router over a history in memory (tests): `initialEntries` and the one shown (the last by default). */
export function createMemoryRouter(
  { routes, root = <Outlet /> }: RouterOptions,
  { initialEntries = ['/'], initialIndex }: { initialEntries?: readonly string[]; initialIndex?: number } = {},
): Router {
  return createRouter(createMemoryHistory(initialEntries, initialIndex), routes, root);
}

interface RouterContextValue {
  router: Router;
  location: Location;
}

const RouterContext = createContext<RouterContextValue | null>(null);
const RouteContext = createContext<RouteMatch | null>(null);

function useRouterContext(): RouterContextValue {
  const context = useContext(RouterContext);
  if (!context) throw new Error('Router hooks and links need a RouterProvider above them');
  return context;
}

/** Renders the router's root and the current route; a navigation renders in a transition. */
export function RouterProvider({ router }: { router: Router }) {
  const [location, setLocation] = useState(router.state.location);
  useLayoutEffect(() => {
    const show = (next: Location) => startTransition(() => setLocation(next));
    const unsubscribe = router.subscribe(show);
    // A navigation between the first render and this subscription is not lost (else a no-op).
    show(router.state.location);
    return unsubscribe;
  }, [router]);
  const match = useMemo(() => router.match(location.pathname), [router, location.pathname]);
  const context = useMemo(() => ({ router, location }), [router, location]);
  return (
    <RouterContext.Provider value={context}>
      <RouteContext.Provider value={match}>{router.root}</RouteContext.Provider>
    </RouterContext.Provider>
  );
}

/** Where the current route's element goes. */
export function Outlet() {
  return <>{useContext(RouteContext)?.route.element ?? null}</>;
}

export function useLocation(): Location {
  return useRouterContext().location;
}

export function useNavigate(): NavigateFunction {
  return useRouterContext().router.navigate;
}

/** The current route's `:name` parameters, decoded. */
export function useParams(): Readonly<Record<string, string>> {
  return useContext(RouteContext)?.params ?? {};
}

/** The current route's handle (what the app attached to it in its table); null on no route. */
export function useRouteHandle(): unknown {
  return useContext(RouteContext)?.route.handle ?? null;
}

type SearchInit = URLSearchParams | string | Record<string, string>;
export type SetSearchParams = (
  next: SearchInit | ((current: URLSearchParams) => SearchInit),
  options?: NavigateOptions,
) => void;

/** The query of the current location, and a setter that navigates to the same path with another query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { router, location } = useRouterContext();
  const search = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setSearch = useCallback<SetSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(router.state.location.search)) : next;
      void router.navigate(`?${new URLSearchParams(value).toString()}`, options);
    },
    [router],
  );
  return [search, setSearch];
}

/** Navigates once mounted (a redirect while rendering). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** Replace the current entry; by default a link to where the app already is replaces, any other pushes. */
  replace?: boolean;
  state?: unknown;
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!target || target === '_self')
  );
}

/** An anchor to a path of the app: a plain click navigates in the app, a modified one is the browser's. */
export function Link({ to, replace, state, onClick, target, ...anchor }: LinkProps) {
  const { router, location } = useRouterContext();
  const href = pathOf(resolvePath(to, location.pathname));
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, target)) return;
    event.preventDefault();
    void router.navigate(href, { replace: replace ?? href === pathOf(location), state });
  };
  return <a {...anchor} href={href} target={target} onClick={follow} />;
}
