import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  replaceEqualDeep,
  type Query,
  type QueryClient,
  type QueryObserver,
  type QueryOptions,
  type QueryState,
} from './client';

const QueryClientContext = createContext<QueryClient | null>(null);

/** Gives the screens the cache, and refetches what they show when the browser comes back online. */
export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => {
    const onOnline = () => client.onReconnect();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [client]);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

export function useQueryClient(): QueryClient {
  const client = useContext(QueryClientContext);
  if (!client) throw new Error('useQueryClient outside QueryClientProvider');
  return client;
}

/** A query's options as a value of their own (typed, and shared by a hook and a prefetch). */
export function queryOptions<T, D = T>(options: QueryOptions<T, D>): QueryOptions<T, D> {
  return options;
}

interface ResultBase {
  fetchStatus: QueryState<unknown>['fetchStatus'];
  isFetching: boolean;
  /** Whether the options enable it (a disabled query is never fetched by itself). */
  isEnabled: boolean;
  /** Fetches again (a fetch in flight starts over); resolves when it has answered. */
  refetch: () => Promise<void>;
}

/** react-query's result shapes, so that checking the status tells whether there is data. */
export type Pending = {
  status: 'pending';
  isPending: true;
  isError: false;
  isSuccess: false;
  data: undefined;
  error: null;
};
/** Failed with no data to show. */
export type LoadingError = {
  status: 'error';
  isPending: false;
  isError: true;
  isSuccess: false;
  data: undefined;
  error: Error;
};
/** A refetch failed: the data from before stays. */
export type RefetchError<D> = {
  status: 'error';
  isPending: false;
  isError: true;
  isSuccess: false;
  data: D;
  error: Error;
};
export type Success<D> = { status: 'success'; isPending: false; isError: false; isSuccess: true; data: D; error: null };
export type QueryResult<D> = ResultBase & (Pending | LoadingError | RefetchError<D> | Success<D>);

/** Which part of the query's state each field of a result shows. */
const RESULT_FIELDS = {
  data: 'data',
  error: 'error',
  status: 'status',
  isPending: 'status',
  isError: 'status',
  isSuccess: 'status',
  fetchStatus: 'fetchStatus',
  isFetching: 'fetchStatus',
} as const;
type StateField = (typeof RESULT_FIELDS)[keyof typeof RESULT_FIELDS];

/**
 * One screen's watch on a query: its latest options (which the query reads when the browser comes
 * back online); the state it last drew, renewed only when a part the screen has read changes (as
 * react-query's tracked results: a screen that reads the data alone is not drawn again as a fetch
 * starts and ends); and its `select` result, kept while the data and the selector are the same and
 * shared where equal to the last one (an inline selector runs again, its equal answer stays the same object).
 */
class ScreenObserver<T, D> implements QueryObserver {
  options: QueryObserver['options'] = {};
  private readonly tracked = new Set<StateField>();
  private drawn: { query?: Query<T>; state?: QueryState<T> } = {};
  private last: { data?: T; select?: (data: T) => D; result?: D } = {};

  setOptions(options: QueryOptions<T, D>): void {
    this.options = options as QueryObserver['options'];
  }

  track(field: StateField): void {
    this.tracked.add(field);
  }

  /** The state to draw: the query's now if a part this screen reads has changed, else the one drawn. */
  snapshot(query: Query<T>): QueryState<T> {
    const { state } = this.drawn;
    const changed = (field: StateField) => state?.[field] !== query.state[field];
    // Nothing read yet (a result only passed on): every change counts, as in react-query.
    if (this.drawn.query !== query || !this.tracked.size || [...this.tracked].some(changed))
      this.drawn = { query, state: query.state };
    return this.drawn.state!;
  }

  select(data: T | undefined, select: ((data: T) => D) | undefined): D | undefined {
    if (!select || data === undefined) return data as D | undefined;
    if (this.last.data !== data || this.last.select !== select)
      this.last = { data, select, result: replaceEqualDeep(this.last.result, select(data)) };
    return this.last.result;
  }
}

/**
 * Shows a query: builds it from the options, follows its state, fetches it when it is mounted or
 * enabled with stale (or no) data, polls it if asked, and gives the result with `select` applied.
 */
export function useQueryObserver<T, D>(options: QueryOptions<T, D>): [Query<T>, QueryResult<D>] {
  const client = useQueryClient();
  const merged = client.withDefaults(options);
  const query = client.build(merged as QueryOptions<T, unknown>);
  const enabled = merged.enabled !== false;
  const [observer] = useState(() => new ScreenObserver<T, D>());
  observer.setOptions(merged);
  const snapshot = () => observer.snapshot(query);
  const state = useSyncExternalStore(query.subscribe, snapshot, snapshot);

  useEffect(() => {
    const stop = query.observe(observer);
    const { options: current } = observer;
    if (
      enabled &&
      (query.state.data === undefined || (current.refetchOnMount !== false && query.isStale(current.staleTime)))
    )
      void query.fetch();
    return stop;
  }, [query, observer, enabled]);

  const interval =
    typeof merged.refetchInterval === 'function' ? merged.refetchInterval(query) : merged.refetchInterval;
  useEffect(() => {
    if (!enabled || !interval) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void query.fetch();
    }, interval);
    return () => clearInterval(timer);
  }, [query, enabled, interval]);

  const data = observer.select(state.data, merged.select);
  const result = useMemo(() => {
    const values = {
      data,
      error: state.error,
      status: state.status,
      fetchStatus: state.fetchStatus,
      isPending: state.status === 'pending',
      isError: state.status === 'error',
      isSuccess: state.status === 'success',
      isFetching: state.fetchStatus === 'fetching',
    };
    const fields = Object.fromEntries(
      Object.entries(RESULT_FIELDS).map(([name, field]) => [
        name,
        {
          enumerable: true,
          get: () => {
            observer.track(field);
            return values[name as keyof typeof values];
          },
        },
      ]),
    );
    return Object.defineProperties(
      { isEnabled: enabled, refetch: () => query.fetch({ cancelRefetch: true }) },
      fields,
    ) as QueryResult<D>;
  }, [data, state, query, enabled, observer]);
  return [query, result];
}

/** The data of a query and its state, as react-query's `useQuery`. */
export function useQuery<T, D = T>(options: QueryOptions<T, D>): QueryResult<D> {
  return useQueryObserver(options)[1];
}
