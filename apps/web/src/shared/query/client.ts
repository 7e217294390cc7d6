/**
 * The app's server-state cache: what it used of @tanstack/react-query (caching by key, one request
 * per key at a time, stale times, invalidation after a change, retries, polling, pausing while
 * offline, refetching on reconnect, dropping unused data), in a fraction of its size. Keys, option
 * names and results follow react-query's, so its documentation describes what the screens rely on.
 * Not here because nothing uses it: refetching on window focus (the app turned it off), suspense,
 * placeholder data, hydration, devtools.
 */

export type QueryKey = readonly unknown[];

/** Whether to try a failed fetch again: how many times, or asked with the failures so far (0 before the first retry). */
export type Retry = boolean | number | ((failureCount: number, error: Error) => boolean);

export interface QueryFunctionContext {
  queryKey: QueryKey;
  /** Aborted when the fetch is cancelled, or when nobody shows the query any more (if the query used it). */
  signal: AbortSignal;
}

/** How an infinite query asks for more: set by `fetchNextPage`, read by its fetcher and by `isFetchNextPageError`. */
export interface FetchMeta {
  nextPage?: boolean;
}

export interface QueryOptions<T = unknown, D = T> {
  queryKey: QueryKey;
  queryFn: (context: QueryFunctionContext) => T | Promise<T>;
  /** false: never fetched by itself (invalidation and `refetch` of others skip it too). */
  enabled?: boolean;
  /** How long an answer stays fresh (ms): a new screen showing fresh data does not ask again. */
  staleTime?: number;
  /** How long data nobody shows is kept (ms; default 5 minutes). */
  gcTime?: number;
  retry?: Retry;
  /** false: a screen mounting does not refetch data that is there, even stale. */
  refetchOnMount?: boolean;
  /** Refetch stale data shown when the browser comes back online (default true). */
  refetchOnReconnect?: boolean;
  /** Poll this often (ms) while the page is visible; a function is asked again after each change of the query. */
  refetchInterval?: number | false | ((query: Query<T>) => number | false);
  initialData?: T | (() => T | undefined);
  /** When the initial data was fetched (0: stale at once). */
  initialDataUpdatedAt?: number;
  /** What the screen gets of the data (the cache keeps it whole). */
  select?: (data: T) => D;
  /** An infinite query's fetcher (infinite.ts): the query's data and how to fetch. */
  fetcher?: (context: QueryFunctionContext, data: T | undefined, meta: FetchMeta) => Promise<T>;
}

export interface QueryState<T> {
  data: T | undefined;
  error: Error | null;
  status: 'pending' | 'error' | 'success';
  /** paused: waiting for the browser to be online to fetch. */
  fetchStatus: 'idle' | 'fetching' | 'paused';
  dataUpdatedAt: number;
  isInvalidated: boolean;
  fetchMeta: FetchMeta;
}

export interface QueryFilters {
  /** Every query whose key starts with these (objects in it match on the properties given). */
  queryKey: QueryKey;
}

const DEFAULT_GC_MS = 5 * 60_000;
const MAX_RETRY_DELAY_MS = 30_000;

/** One string per key: objects hash the same whatever their properties' order. */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_, value: unknown) =>
    isPlainObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((name) => [name, value[name]]),
        )
      : value,
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    Object.prototype.toString.call(value) === '[object Object]' && Object.getPrototypeOf(value) === Object.prototype
  );
}

/** Whether `whole` holds `part` (each property and item of it, at any depth). */
function partialMatch(whole: unknown, part: unknown): boolean {
  if (whole === part) return true;
  if (typeof whole !== 'object' || typeof part !== 'object' || !whole || !part) return false;
  return Object.keys(part).every((name) =>
    partialMatch((whole as Record<string, unknown>)[name], (part as Record<string, unknown>)[name]),
  );
}

/**
 * `next`, reusing every part of `previous` it equals: a refetch that brings the same answer keeps
 * the objects screens hold (their effects and memos do not run again for nothing).
 */
export function replaceEqualDeep<T>(previous: unknown, next: T): T {
  if (previous === next) return next;
  const array = Array.isArray(previous) && Array.isArray(next);
  if (!array && !(isPlainObject(previous) && isPlainObject(next))) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const names = Object.keys(after);
  const copy = (array ? [] : {}) as Record<string, unknown>;
  let same = names.length === Object.keys(before).length;
  for (const name of names) {
    copy[name] = replaceEqualDeep(before[name], after[name]);
    if (copy[name] !== before[name] || !(name in before)) same = false;
  }
  return (same ? previous : copy) as T;
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Resolves once the browser is online (at once if it is), or when the fetch is cancelled. */
function whenOnline(signal?: AbortSignal): Promise<void> {
  return online()
    ? Promise.resolve()
    : new Promise((resolve) => {
        const done = () => {
          window.removeEventListener('online', done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        window.addEventListener('online', done);
        signal?.addEventListener('abort', done);
      });
}

/** Runs `attempt` until it succeeds or `retry` says stop (waiting 1, 2, 4… s, and for the network). */
export async function withRetry<R>(
  attempt: () => Promise<R>,
  retry: Retry | undefined,
  signal: AbortSignal | undefined,
  onPause: (paused: boolean) => void,
): Promise<R> {
  for (let failures = 0; ; failures += 1) {
    if (!online()) {
      onPause(true);
      await whenOnline(signal);
      if (signal?.aborted) throw signal.reason;
      onPause(false);
    }
    try {
      return await attempt();
    } catch (error) {
      const again =
        typeof retry === 'function'
          ? retry(failures, error as Error)
          : typeof retry === 'number'
            ? failures < retry
            : retry === true;
      if (!again || signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** failures, MAX_RETRY_DELAY_MS)));
      if (signal?.aborted) throw error;
    }
  }
}

/** A screen showing a query (a `useQuery` while mounted), with its latest options. */
export interface QueryObserver {
  options: Pick<QueryOptions, 'enabled' | 'staleTime' | 'refetchOnMount' | 'refetchOnReconnect'>;
}

interface Fetch {
  promise: Promise<void>;
  controller: AbortController;
  /** Whether the query function read its signal: only then does nobody watching cancel the fetch. */
  abortable: boolean;
  /** The state before it, put back if it is cancelled. */
  before: QueryState<unknown>;
}

/** One key's entry of the cache: its state, who shows it, and its fetch in flight. */
export class Query<T = unknown> {
  readonly hash: string;
  readonly queryKey: QueryKey;
  options: QueryOptions<T, unknown>;
  state: QueryState<T>;
  readonly observers = new Set<QueryObserver>();
  private readonly listeners = new Set<() => void>();
  private current: Fetch | null = null;
  private gcTimer: ReturnType<typeof setTimeout> | undefined;
  private notifying = false;

  constructor(
    private readonly client: QueryClient,
    options: QueryOptions<T, unknown>,
  ) {
    this.queryKey = options.queryKey;
    this.hash = hashKey(options.queryKey);
    this.options = options;
    const initial =
      typeof options.initialData === 'function' ? (options.initialData as () => T | undefined)() : options.initialData;
    this.state = {
      data: initial,
      error: null,
      status: initial === undefined ? 'pending' : 'success',
      fetchStatus: 'idle',
      dataUpdatedAt: initial === undefined ? 0 : (options.initialDataUpdatedAt ?? Date.now()),
      isInvalidated: false,
      fetchMeta: {},
    };
    this.scheduleGc();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Screens hear of changes in the next task, all of that task's at once (as with react-query): a
   * state that lasts a moment (loading) is drawn before the next, and a burst of changes draws once.
   */
  setState(change: Partial<QueryState<T>>): void {
    this.state = { ...this.state, ...change };
    if (this.notifying) return;
    this.notifying = true;
    setTimeout(() => {
      this.notifying = false;
      for (const listener of this.listeners) listener();
    }, 0);
  }

  /** Someone shows it with enabled options: invalidation and `refetchQueries` fetch it again. */
  isActive(): boolean {
    return [...this.observers].some((observer) => observer.options.enabled !== false);
  }

  isStale(staleTime = 0): boolean {
    return (
      this.state.data === undefined || this.state.isInvalidated || Date.now() - this.state.dataUpdatedAt >= staleTime
    );
  }

  setData(data: T, updatedAt = Date.now()): void {
    this.setState({
      data: replaceEqualDeep(this.state.data, data),
      dataUpdatedAt: updatedAt,
      error: null,
      status: 'success',
      isInvalidated: false,
    });
  }

  /**
   * Fetches, or joins the fetch in flight (`cancelRefetch` starts over instead: what it would
   * bring may be older than a change just made). Never rejects: a failure is the query's error.
   */
  fetch({ cancelRefetch = false, meta = {} }: { cancelRefetch?: boolean; meta?: FetchMeta } = {}): Promise<void> {
    if (this.current && !cancelRefetch) return this.current.promise;
    if (this.current) this.cancel();
    const controller = new AbortController();
    const before = this.state;
    const fetch: Fetch = { promise: Promise.resolve(), controller, abortable: false, before };
    const context = { queryKey: this.queryKey } as QueryFunctionContext;
    Object.defineProperty(context, 'signal', {
      enumerable: true,
      get: () => ((fetch.abortable = true), controller.signal),
    });
    const { queryFn, fetcher, retry } = this.options;
    const attempt = () => Promise.resolve(fetcher ? fetcher(context, this.state.data, meta) : queryFn(context));
    const mine = () => this.current === fetch;
    this.current = fetch;
    this.setState({ fetchStatus: 'fetching', fetchMeta: meta });
    fetch.promise = withRetry(
      attempt,
      retry,
      controller.signal,
      (paused) => mine() && this.setState({ fetchStatus: paused ? 'paused' : 'fetching' }),
    )
      .then(
        (data) => {
          if (!mine()) return;
          this.current = null;
          this.setData(data);
          this.setState({ fetchStatus: 'idle' });
        },
        (error: Error) => {
          if (!mine()) return;
          this.current = null;
          this.setState({ error, status: 'error', fetchStatus: 'idle' });
        },
      )
      .finally(() => this.scheduleGc());
    return fetch.promise;
  }

  /** Stops the fetch in flight and puts back the state from before it (its data stays). */
  cancel(): void {
    const fetch = this.current;
    if (!fetch) return;
    this.current = null;
    fetch.controller.abort();
    this.setState({
      fetchStatus: 'idle',
      status: fetch.before.status,
      error: fetch.before.error,
      fetchMeta: fetch.before.fetchMeta,
    });
  }

  observe(observer: QueryObserver): () => void {
    this.observers.add(observer);
    clearTimeout(this.gcTimer);
    // Built by a render whose screen mounted after the gc took it (gcTime 0): back in the cache.
    this.client.keep(this);
    return () => {
      this.observers.delete(observer);
      if (this.observers.size) return;
      // Nobody shows it any more: a fetch that can stop does (react-query's rule), then it waits for the gc.
      if (this.current?.abortable) this.cancel();
      this.scheduleGc();
    };
  }

  private scheduleGc(): void {
    clearTimeout(this.gcTimer);
    const gcTime = this.options.gcTime ?? DEFAULT_GC_MS;
    if (this.observers.size || gcTime === Infinity) return;
    this.gcTimer = setTimeout(() => {
      if (!this.observers.size && !this.current) this.client.remove(this);
    }, gcTime);
  }

  /** Taken out of the cache: a fetch in flight is dropped. */
  destroy(): void {
    clearTimeout(this.gcTimer);
    this.cancel();
  }
}

/** The cache of every query by key, with react-query's QueryClient methods the app uses. */
export class QueryClient {
  private readonly queries = new Map<string, Query<unknown>>();
  private readonly defaults: Partial<QueryOptions>;

  constructor(config: { defaultOptions?: { queries?: Partial<QueryOptions> } } = {}) {
    this.defaults = config.defaultOptions?.queries ?? {};
  }

  /** The client's defaults under a query's own options. */
  withDefaults<T, D>(options: QueryOptions<T, D>): QueryOptions<T, D> {
    return { ...this.defaults, ...options } as QueryOptions<T, D>;
  }

  /** The query of these options, created if new; it takes the options (the latest screen's). */
  build<T>(options: QueryOptions<T, unknown>): Query<T> {
    const hash = hashKey(options.queryKey);
    let query = this.queries.get(hash) as Query<T> | undefined;
    if (query) query.options = options;
    else {
      query = new Query(this, options);
      this.queries.set(hash, query as Query<unknown>);
    }
    return query;
  }

  keep<T>(query: Query<T>): void {
    if (!this.queries.has(query.hash)) this.queries.set(query.hash, query as Query<unknown>);
  }

  remove<T>(query: Query<T>): void {
    if (this.queries.get(query.hash) !== query) return;
    this.queries.delete(query.hash);
    query.destroy();
  }

  private find<T = unknown>(filters: QueryFilters): Query<T>[] {
    return [...this.queries.values()].filter((query) =>
      partialMatch(query.queryKey, filters.queryKey),
    ) as unknown as Query<T>[];
  }

  getQueryData<T>(queryKey: QueryKey): T | undefined {
    return (this.queries.get(hashKey(queryKey)) as Query<T> | undefined)?.state.data;
  }

  /** Sets a key's data (creating its entry if need be); an updater returning undefined changes nothing. */
  setQueryData<T>(queryKey: QueryKey, updater: T | undefined | ((old: T | undefined) => T | undefined)): void {
    const query = this.queries.get(hashKey(queryKey)) as Query<T> | undefined;
    const data =
      typeof updater === 'function' ? (updater as (old: T | undefined) => T | undefined)(query?.state.data) : updater;
    if (data === undefined) return;
    (
      query ??
      this.build<T>(
        this.withDefaults({
          queryKey,
          queryFn: () => Promise.reject(new Error(`no queryFn for ${hashKey(queryKey)}`)),
        }),
      )
    ).setData(data);
  }

  /** setQueryData on every cached query the filters match. */
  setQueriesData<T>(filters: QueryFilters, updater: (old: T | undefined) => T | undefined): void {
    for (const query of this.find<T>(filters)) this.setQueryData(query.queryKey, updater);
  }

  /** Marks them stale and fetches again the ones shown; resolves when those have answered. */
  invalidateQueries(filters: QueryFilters): Promise<void> {
    for (const query of this.find(filters)) query.setState({ isInvalidated: true });
    return this.refetchQueries(filters);
  }

  /** Fetches again the matching queries shown now (a fetch in flight starts over); resolves when they have answered. */
  refetchQueries(filters: QueryFilters): Promise<void> {
    return Promise.all(
      this.find(filters)
        .filter((query) => query.isActive())
        .map((query) => query.fetch({ cancelRefetch: true })),
    ).then(() => undefined);
  }

  /** Stops their fetches in flight (an optimistic change is not overwritten by an older answer). */
  cancelQueries(filters: QueryFilters): Promise<void> {
    for (const query of this.find(filters)) query.cancel();
    return Promise.resolve();
  }

  removeQueries(filters: QueryFilters): void {
    for (const query of this.find(filters)) this.remove(query);
  }

  /** Back online: stale queries shown now fetch again, unless their screen said not to. */
  onReconnect(): void {
    for (const query of this.queries.values()) {
      const observers = [...query.observers].filter(
        (observer) => observer.options.enabled !== false && observer.options.refetchOnReconnect !== false,
      );
      if (observers.some((observer) => query.isStale(observer.options.staleTime))) void query.fetch();
    }
  }
}
