import { render } from '@testing-library/react';
import { QueryClient } from '../shared/query/client';
import { RouterProvider, createMemoryRouter, useLocation } from '../shared/router';
import { vi } from 'vitest';
import {
  API_PATHS,
  STORAGE_KEYS,
  type Language,
  type TAnnouncements,
  type TNoticePage,
  type TStartupResponse,
} from '@palaro/contract';
import { AppProviders } from '../app/App';
import { createRoutes } from '../app/router';
import { createI18n } from '../shared/i18n';
import { announcements, noticePage, startupResponse } from './fixtures';

type Answer<T> = T | { status: number; body: unknown } | (() => T | { status: number; body: unknown } | Promise<never>);

export interface ApiAnswers {
  startup?: Answer<TStartupResponse>;
  announcements?: Answer<TAnnouncements>;
  notices?: Answer<TNoticePage>;
  /** Any other call, keyed by 'METHOD /path' (or '/path' for every method). */
  routes?: Record<string, Answer<unknown>>;
}

function isRaw(value: unknown): value is { status: number; body: unknown } {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}

/**
 * An answer the test gives when it chooses (to see a screen's loading state first). Every request
 * gets the one held promise, so the answer reaches the request whether it was made before or after
 * the test gave it: a screen shows its skeleton while its fetcher's module is still loading, and on a
 * busy machine the request can follow the skeleton by a while.
 */
export function heldAnswer<T>(): { route: () => Promise<T>; give: (value: T) => void } {
  let give: (value: T) => void = () => undefined;
  const held = new Promise<T>((resolve) => {
    give = resolve;
  });
  return { route: () => held, give };
}

/** Replaces fetch with a fake API answering the envelope of each path; returns the mock. */
export function mockApi(answers: ApiAnswers = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const routes = answers.routes ?? {};
    const routeKey = [`${method} ${url.pathname}`, url.pathname].find((key) => key in routes);
    const pick = (answer: Answer<unknown> | undefined, fallback: unknown) => {
      const value = typeof answer === 'function' ? (answer as () => unknown)() : (answer ?? fallback);
      return value;
    };
    let value: unknown;
    if (url.pathname === API_PATHS.startup) value = pick(answers.startup, startupResponse());
    else if (url.pathname === API_PATHS.announcements) value = pick(answers.announcements, announcements());
    else if (url.pathname === API_PATHS.notices) value = pick(answers.notices, noticePage([]));
    else if (routeKey !== undefined)
      value = typeof routes[routeKey] === 'function' ? (routes[routeKey] as () => unknown)() : routes[routeKey];
    else
      value = {
        status: 404,
        body: { success: false, errorCode: 'resource.not.found', message: 'Requested url is empty' },
      };
    const resolved = await value;
    if (isRaw(resolved))
      return new Response(JSON.stringify(resolved.body), {
        status: resolved.status,
        headers: { 'Content-Type': 'application/json' },
      });
    return new Response(JSON.stringify({ success: true, value: resolved }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Calls of the fake fetch to one API path with their method and parsed body. */
export function requestsTo(
  fetchMock: ReturnType<typeof mockApi>,
  path: string,
): { method: string; body: unknown; headers: Record<string, string> }[] {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => {
      const raw = init?.body;
      let body: unknown = raw;
      if (typeof raw === 'string') {
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
      }
      return {
        method: (init?.method ?? 'GET').toUpperCase(),
        body,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
    });
}

/** Calls of the fake fetch to one API path, as URLs. */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, path: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);
}

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } } });
}

/** Renders the whole app (providers, start-up gate, layout, routes) in a memory router. */
export function renderApp(entries: string | string[], options: { language?: Language; initialIndex?: number } = {}) {
  // A player's own choice is stored; without one the merchant's default language applies.
  if (options.language) window.localStorage.setItem(STORAGE_KEYS.language, options.language);
  const queryClient = createTestQueryClient();
  const i18n = createI18n(options.language ?? 'TY');
  const initialEntries = Array.isArray(entries) ? entries : [entries];
  const router = createMemoryRouter(createRoutes(), {
    initialEntries,
    initialIndex: options.initialIndex ?? initialEntries.length - 1,
  });
  const result = render(
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, i18n };
}

/** Where the memory router is, shown for assertions. */
export function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** Renders one component at a path, with i18n, react-query and a router whose other paths show the location. */
export function renderInRouter(ui: React.ReactElement, path = '/m/home', language: Language = 'TY') {
  const queryClient = createTestQueryClient();
  const i18n = createI18n(language);
  const router = createMemoryRouter(
    {
      routes: [
        { path, element: ui },
        { path: '*', element: <LocationProbe /> },
      ],
    },
    { initialEntries: [path] },
  );
  const result = render(
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, i18n };
}
