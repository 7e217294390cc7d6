/** Where the app is: the URL's path, query and hash, the state the navigation carried, and a key per entry. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What `navigate(to, { state })` or `<Link state>` carried; null without. */
  state: unknown;
  /** Unique per history entry ('default' for the entry the app was opened on). */
  key: string;
}

/** A stack of locations: the browser's (the address bar) or one in memory (tests). */
export interface RouterHistory {
  readonly location: Location;
  push(path: string, state: unknown): void;
  replace(path: string, state: unknown): void;
  go(delta: number): void;
  /** Called after every change, including the browser's back and forward. */
  listen(listener: () => void): () => void;
}

/**
 * What a browser history entry holds: the same shape react-router wrote, so entries made before
 * an update still read, and `idx` (the position in this tab, 0 = the page the app opened on)
 * tells the back button whether a step back would leave the app.
 */
interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function entryState(): EntryState {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' ? state : {};
}

/** The path, query and hash of `to` (absolute, or relative to `from`), as a location without state. */
export function resolvePath(to: string, from: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(to, `http://app${from}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export function pathOf(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return location.pathname + location.search + location.hash;
}

function listeners() {
  const all = new Set<() => void>();
  return {
    add(listener: () => void) {
      all.add(listener);
      return () => void all.delete(listener);
    },
    notify() {
      for (const listener of all) listener();
    },
  };
}

/** The browser's history (pushState and popstate). */
export function createBrowserHistory(): RouterHistory {
  const changed = listeners();
  if (typeof entryState().idx !== 'number') window.history.replaceState({ ...entryState(), idx: 0 }, '');
  let index = entryState().idx ?? 0;
  const read = (): Location => {
    const state = entryState();
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: state.usr ?? null, key: state.key ?? 'default' };
  };
  let location = read();
  window.addEventListener('popstate', () => {
    index = entryState().idx ?? 0;
    location = read();
    changed.notify();
  });
  const write = (method: 'pushState' | 'replaceState', path: string, state: unknown) => {
    const entry: EntryState = { usr: state, key: newKey(), idx: index };
    try {
      window.history[method](entry, '', path);
    } catch {
      // A state the browser cannot store, or too many entries (iOS limits them): load the page.
      window.location.assign(path);
      return;
    }
    location = read();
    changed.notify();
  };
  return {
    get location() {
      return location;
    },
    push(path, state) {
      index += 1;
      write('pushState', path, state);
    },
    replace(path, state) {
      write('replaceState', path, state);
    },
    go(delta) {
      window.history.go(delta);
    },
    listen: changed.add,
  };
}

/** A history in memory, for tests: entries and the one shown. */
export function createMemoryHistory(entries: readonly string[], initialIndex = entries.length - 1): RouterHistory {
  const changed = listeners();
  const stack: Location[] = entries.map((path, at) => ({
    ...resolvePath(path, '/'),
    state: null,
    key: at === 0 ? 'default' : newKey(),
  }));
  let index = Math.min(Math.max(initialIndex, 0), stack.length - 1);
  const at = (path: string, state: unknown): Location => ({
    ...resolvePath(path, '/'),
    state: state ?? null,
    key: newKey(),
  });
  return {
    get location() {
      return stack[index]!;
    },
    push(path, state) {
      index += 1;
      stack.splice(index, stack.length - index, at(path, state));
      changed.notify();
    },
    replace(path, state) {
      stack[index] = at(path, state);
      changed.notify();
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), stack.length - 1);
      if (next === index) return;
      index = next;
      changed.notify();
    },
    listen: changed.add,
  };
}
