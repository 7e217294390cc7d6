import { useCallback, useMemo } from 'react';
import type { QueryFunctionContext, QueryOptions } from './client';
import { useQueryObserver, type LoadingError, type Pending, type RefetchError, type Success } from './react';

/** The pages of an infinite query so far, with the parameter each was asked with. */
export interface InfiniteData<P, Param = unknown> {
  pages: P[];
  pageParams: Param[];
}

export interface InfiniteQueryOptions<P, Param> extends Omit<
  QueryOptions<InfiniteData<P, Param>>,
  'queryFn' | 'fetcher' | 'select' | 'initialData'
> {
  queryFn: (context: QueryFunctionContext & { pageParam: Param }) => Promise<P>;
  initialPageParam: Param;
  /** The next page's parameter, or undefined when the last page is the last one. */
  getNextPageParam: (lastPage: P, allPages: P[]) => Param | undefined | null;
}

type InfiniteResultBase = Omit<ReturnType<typeof useQueryObserver>[1], keyof Success<unknown>> & {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<void>;
};

/** As a query's result, and whether the error is a later page's (`isFetchNextPageError`: the pages so far are still there). */
export type UseInfiniteQueryResult<D> = InfiniteResultBase &
  (
    | (Pending & { isFetchNextPageError: false })
    | (LoadingError & { isFetchNextPageError: false })
    | (RefetchError<D> & { isFetchNextPageError: boolean })
    | (Success<D> & { isFetchNextPageError: false })
  );

export function infiniteQueryOptions<P, Param>(
  options: InfiniteQueryOptions<P, Param>,
): InfiniteQueryOptions<P, Param> {
  return options;
}

function nextParam<P, Param>(
  options: InfiniteQueryOptions<P, Param>,
  data: InfiniteData<P, Param>,
): Param | undefined | null {
  return data.pages.length
    ? options.getNextPageParam(data.pages[data.pages.length - 1]!, data.pages)
    : options.initialPageParam;
}

/**
 * A list fetched a page at a time, as react-query's `useInfiniteQuery`: `fetchNextPage` appends
 * the next page; a refetch (invalidation, `refetch`) asks again for as many pages as were shown,
 * from the first, so the list stays whole and current.
 */
export function useInfiniteQuery<P, Param>(
  options: InfiniteQueryOptions<P, Param>,
): UseInfiniteQueryResult<InfiniteData<P, Param>> {
  const [query, result] = useQueryObserver<InfiniteData<P, Param>, InfiniteData<P, Param>>({
    ...options,
    queryFn: () => Promise.reject(new Error('an infinite query fetches through its fetcher')),
    fetcher: async (context, data, meta) => {
      const pages = meta.nextPage && data ? data : { pages: [], pageParams: [] };
      const count = meta.nextPage ? 1 : Math.max(data?.pages.length ?? 0, 1);
      let next: InfiniteData<P, Param> = pages;
      for (let page = 0; page < count; page += 1) {
        const pageParam = nextParam(options, next);
        if (pageParam === undefined || pageParam === null) break;
        const fetched = await options.queryFn({ ...context, pageParam });
        next = { pages: [...next.pages, fetched], pageParams: [...next.pageParams, pageParam] };
      }
      return next;
    },
  });
  const { data } = result;
  const hasNextPage = data !== undefined && nextParam(options, data) != null;
  const fetchNextPage = useCallback(() => query.fetch({ meta: { nextPage: true } }), [query]);
  return useMemo(
    () =>
      ({
        ...result,
        hasNextPage,
        isFetchingNextPage: result.isFetching && query.state.fetchMeta.nextPage === true,
        isFetchNextPageError: result.isError && query.state.fetchMeta.nextPage === true,
        fetchNextPage,
      }) as UseInfiniteQueryResult<InfiniteData<P, Param>>,
    [result, hasNextPage, query, fetchNextPage],
  );
}
