import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, hashKey, replaceEqualDeep } from './client';
import { infiniteQueryOptions, useInfiniteQuery } from './infinite';
import { useMutation } from './mutation';
import { QueryClientProvider, useQuery } from './react';

function setup(
  defaults: ConstructorParameters<typeof QueryClient>[0] = { defaultOptions: { queries: { retry: false } } },
) {
  const client = new QueryClient(defaults);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

/** A fetcher whose answers the test gives, one call at a time. */
function controlled<T>() {
  const calls: { resolve: (value: T) => void; reject: (error: Error) => void; signal: AbortSignal }[] = [];
  const fn = vi.fn(
    ({ signal }: { signal: AbortSignal }) =>
      new Promise<T>((resolve, reject) => calls.push({ resolve, reject, signal })),
  );
  return { fn, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('query keys', () => {
  it('hash the same whatever the order of an object’s properties', () => {
    expect(hashKey(['games', { b: 1, a: 2 }])).toBe(hashKey(['games', { a: 2, b: 1 }]));
    expect(hashKey(['games', 1])).not.toBe(hashKey(['games', '1']));
  });

  it('a refetch with an equal answer keeps the objects screens hold; changed parts are new', () => {
    const before = { list: [{ id: 1 }, { id: 2 }], total: 2 };
    expect(replaceEqualDeep(before, { list: [{ id: 1 }, { id: 2 }], total: 2 })).toBe(before);
    const after = replaceEqualDeep(before, { list: [{ id: 1 }, { id: 3 }], total: 2 });
    expect(after).not.toBe(before);
    expect(after.list[0]).toBe(before.list[0]);
    expect(after).toEqual({ list: [{ id: 1 }, { id: 3 }], total: 2 });
  });
});

describe('useQuery', () => {
  it('goes from pending to success, and two screens showing one key ask once', async () => {
    const { wrapper } = setup();
    const { fn, calls } = controlled<string>();
    const { result } = renderHook(
      () => [useQuery({ queryKey: ['a'], queryFn: fn }), useQuery({ queryKey: ['a'], queryFn: fn })] as const,
      { wrapper },
    );
    expect(result.current[0].isPending).toBe(true);
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
    act(() => calls[0]!.resolve('answer'));
    await waitFor(() => expect(result.current[0].data).toBe('answer'));
    expect(result.current[1]).toMatchObject({ data: 'answer', isSuccess: true, status: 'success' });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('serves fresh data from the cache to a new screen, and refetches stale data on mount', async () => {
    const { client, wrapper } = setup({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    const fn = vi.fn(async () => 'fresh');
    client.setQueryData(['k'], 'cached');
    const first = renderHook(() => useQuery({ queryKey: ['k'], queryFn: fn }), { wrapper });
    expect(first.result.current.data).toBe('cached');
    await act(async () => undefined);
    expect(fn).not.toHaveBeenCalled();

    const stale = renderHook(() => useQuery({ queryKey: ['k'], queryFn: fn, staleTime: 0 }), { wrapper });
    await waitFor(() => expect(stale.result.current.data).toBe('fresh'));
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('asks nothing while disabled (pending and idle), and fetches once enabled', async () => {
    const { wrapper } = setup();
    const fn = vi.fn(async () => 42);
    const { result, rerender } = renderHook(({ enabled }) => useQuery({ queryKey: ['n'], queryFn: fn, enabled }), {
      wrapper,
      initialProps: { enabled: false },
    });
    await act(async () => undefined);
    expect(result.current).toMatchObject({ isPending: true, fetchStatus: 'idle', isEnabled: false });
    expect(fn).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.data).toBe(42));
  });

  it('keeps the data of a failed refetch beside its error, and refetch() tries again', async () => {
    const { client, wrapper } = setup();
    let fail = false;
    const fn = vi.fn(async () => {
      if (fail) throw new Error('down');
      return 'ok';
    });
    const { result } = renderHook(() => useQuery({ queryKey: ['e'], queryFn: fn }), { wrapper });
    await waitFor(() => expect(result.current.data).toBe('ok'));
    fail = true;
    await act(() => client.invalidateQueries({ queryKey: ['e'] }));
    await waitFor(() => expect(result.current).toMatchObject({ isError: true, data: 'ok' }));
    expect(result.current.error?.message).toBe('down');
    fail = false;
    await act(() => result.current.refetch());
    await waitFor(() => expect(result.current).toMatchObject({ isSuccess: true, error: null, data: 'ok' }));
  });

  it('retries as the retry option says, a second later', async () => {
    vi.useFakeTimers();
    const { wrapper } = setup({ defaultOptions: { queries: { retry: (count) => count < 1 } } });
    const fn = vi.fn().mockRejectedValueOnce(new Error('blip')).mockResolvedValueOnce('second try');
    const { result } = renderHook(() => useQuery({ queryKey: ['r'], queryFn: fn }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(fn).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fn).toHaveBeenCalledTimes(2);
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(result.current.data).toBe('second try');
  });

  it('waits for the network while offline, then fetches', async () => {
    const { wrapper } = setup();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fn = vi.fn(async () => 'back');
    const { result } = renderHook(() => useQuery({ queryKey: ['o'], queryFn: fn }), { wrapper });
    await waitFor(() =>
      expect(result.current).toMatchObject({ isPending: true, fetchStatus: 'paused', isFetching: false }),
    );
    expect(fn).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current.data).toBe('back'));
    onLine.mockRestore();
  });

  it('refetches stale data shown when the browser is back online, unless the query says not to', async () => {
    const { wrapper } = setup();
    const on = vi.fn(async () => 'x');
    const off = vi.fn(async () => 'y');
    renderHook(
      () => [
        useQuery({ queryKey: ['on'], queryFn: on }),
        useQuery({ queryKey: ['off'], queryFn: off, refetchOnReconnect: false }),
      ],
      { wrapper },
    );
    await waitFor(() => expect(off).toHaveBeenCalledTimes(1));
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(on).toHaveBeenCalledTimes(2));
    expect(off).toHaveBeenCalledTimes(1);
  });

  it('polls at refetchInterval, and stops when the function says so', async () => {
    vi.useFakeTimers();
    const { wrapper } = setup();
    let status = 'pending';
    const fn = vi.fn(async () => ({ status }));
    renderHook(
      () =>
        useQuery({
          queryKey: ['poll'],
          queryFn: fn,
          refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
        }),
      { wrapper },
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fn).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(fn).toHaveBeenCalledTimes(2);
    status = 'paid';
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(fn).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('draws a screen again only when a part of the result it read has changed (a refetch bringing the same data draws nothing)', async () => {
    const { client, wrapper } = setup();
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useQuery({ queryKey: ['t'], queryFn: async () => ({ same: true }) }).data;
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current).toEqual({ same: true }));
    const settled = renders;
    await act(() => client.invalidateQueries({ queryKey: ['t'] }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(renders).toBe(settled);
  });

  it('applies select, giving the same value while the data is the same', async () => {
    const { wrapper } = setup();
    const { result, rerender } = renderHook(
      () =>
        useQuery({
          queryKey: ['s'],
          queryFn: async () => ({ ids: [1, 2] }),
          select: (data) => data.ids.map((id) => ({ id })),
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toEqual([{ id: 1 }, { id: 2 }]));
    const first = result.current.data;
    rerender();
    expect(result.current.data).toBe(first);
  });

  it('drops data nobody shows after gcTime, and at once with gcTime 0', async () => {
    vi.useFakeTimers();
    const { client, wrapper } = setup();
    const kept = renderHook(() => useQuery({ queryKey: ['g'], queryFn: async () => 1, gcTime: 1000 }), { wrapper });
    const once = renderHook(() => useQuery({ queryKey: ['z'], queryFn: async () => 1, gcTime: 0 }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    kept.unmount();
    once.unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(client.getQueryData(['z'])).toBeUndefined();
    expect(client.getQueryData(['g'])).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(client.getQueryData(['g'])).toBeUndefined();
  });

  it('cancels a fetch nobody waits for any more', async () => {
    const { wrapper } = setup();
    const { fn, calls } = controlled<string>();
    const { unmount } = renderHook(() => useQuery({ queryKey: ['c'], queryFn: fn }), { wrapper });
    await waitFor(() => expect(calls).toHaveLength(1));
    unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
  });
});

describe('the client', () => {
  it('invalidates by key prefix: shown queries fetch again (a fetch in flight starts over), others only go stale', async () => {
    const { client, wrapper } = setup({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const { fn, calls } = controlled<number>();
    const other = vi.fn(async () => 'other');
    renderHook(
      () => [
        useQuery({ queryKey: ['member', 'wallet', 'balance'], queryFn: fn }),
        useQuery({ queryKey: ['public'], queryFn: other }),
      ],
      { wrapper },
    );
    client.setQueryData(['member', 'report', { page: 1 }], 'unshown');
    await waitFor(() => expect(calls).toHaveLength(1));
    const done = client.invalidateQueries({ queryKey: ['member'] });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[1]!.resolve(5);
    await done;
    expect(client.getQueryData(['member', 'wallet', 'balance'])).toBe(5);
    expect(other).toHaveBeenCalledTimes(1);
    // The unshown report is stale: the next screen showing it asks again, even with staleTime Infinity.
    const report = vi.fn(async () => 'fresh');
    const { result } = renderHook(() => useQuery({ queryKey: ['member', 'report', { page: 1 }], queryFn: report }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.data).toBe('fresh'));
  });

  it('matches objects in keys on the properties given', async () => {
    const { client } = setup();
    client.setQueryData(['games', { type: 'RNG', page: 1 }], 'rng');
    client.setQueryData(['games', { type: 'LIVE', page: 1 }], 'live');
    client.setQueriesData<string>({ queryKey: ['games', { type: 'RNG' }] }, (old) => `${old}!`);
    expect(client.getQueryData(['games', { page: 1, type: 'RNG' }])).toBe('rng!');
    expect(client.getQueryData(['games', { type: 'LIVE', page: 1 }])).toBe('live');
    client.removeQueries({ queryKey: ['games'] });
    expect(client.getQueryData(['games', { type: 'LIVE', page: 1 }])).toBeUndefined();
  });

  it('setQueryData with an updater that gives undefined changes nothing', () => {
    const { client } = setup();
    client.setQueryData<number>(['u'], (old) => old);
    expect(client.getQueryData(['u'])).toBeUndefined();
  });
});

describe('useInfiniteQuery', () => {
  const options = (fetchPage: (page: number) => Promise<{ page: number; last: number }>) =>
    infiniteQueryOptions({
      queryKey: ['list'],
      queryFn: ({ pageParam }) => fetchPage(pageParam),
      initialPageParam: 1,
      getNextPageParam: (last: { page: number; last: number }) => (last.page < last.last ? last.page + 1 : undefined),
    });

  it('appends pages, says when there is no next one, and refetches every page shown from the first', async () => {
    const { client, wrapper } = setup();
    const fetchPage = vi.fn(async (page: number) => ({ page, last: 3 }));
    const { result } = renderHook(() => useInfiniteQuery(options(fetchPage)), { wrapper });
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.pageParams).toEqual([1, 2]));
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.pageParams).toEqual([1, 2, 3]));
    expect(result.current.hasNextPage).toBe(false);
    fetchPage.mockClear();
    await act(() => client.invalidateQueries({ queryKey: ['list'] }));
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 2, 3]);
  });

  it('a later page’s failure keeps the pages so far (isFetchNextPageError)', async () => {
    const { wrapper } = setup();
    const fetchPage = vi.fn(async (page: number) => {
      if (page === 2) throw new Error('page 2 failed');
      return { page, last: 3 };
    });
    const { result } = renderHook(() => useInfiniteQuery(options(fetchPage)), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    await act(() => result.current.fetchNextPage());
    await waitFor(() =>
      expect(result.current).toMatchObject({ isError: true, isFetchNextPageError: true, isFetchingNextPage: false }),
    );
    expect(result.current.data?.pages).toHaveLength(1);
  });
});

describe('useMutation', () => {
  it('runs an optimistic change, rolls it back on failure, and settles before mutateAsync does', async () => {
    const { client, wrapper } = setup();
    client.setQueryData(['fav'], [1]);
    const order: string[] = [];
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: async (id: number) => {
            order.push(`call ${id}`);
            throw new Error('refused');
          },
          onMutate: (id) => {
            const before = client.getQueryData<number[]>(['fav']);
            client.setQueryData(['fav'], [...before!, id]);
            return { before };
          },
          onError: (_error, _id, context) => client.setQueryData(['fav'], context?.before),
          onSettled: async () => {
            await Promise.resolve();
            order.push('settled');
          },
        }),
      { wrapper },
    );
    await act(() => expect(result.current.mutateAsync(2)).rejects.toThrow('refused'));
    expect(order).toEqual(['call 2', 'settled']);
    expect(client.getQueryData(['fav'])).toEqual([1]);
    expect(result.current).toMatchObject({ isError: true, isPending: false });
    act(() => result.current.reset());
    expect(result.current.isIdle).toBe(true);
  });

  it('mutate() never throws; its own callbacks run for the latest call of a mounted screen', async () => {
    const { wrapper } = setup();
    const onError = vi.fn();
    const onSuccess = vi.fn();
    function Star() {
      const [tapped, setTapped] = useState(0);
      const change = useMutation({
        mutationFn: async (ok: boolean) => (ok ? 'done' : Promise.reject(new Error('no'))),
      });
      return (
        <button
          type="button"
          onClick={() => {
            setTapped(tapped + 1);
            change.mutate(tapped > 0, { onError, onSuccess });
          }}
        >
          {change.isPending ? 'pending' : change.status}
        </button>
      );
    }
    render(<Star />, { wrapper });
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(screen.getByRole('button')).toHaveTextContent('error'));
    expect(onError).toHaveBeenCalledTimes(1);
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(screen.getByRole('button')).toHaveTextContent('success'));
    expect(onSuccess).toHaveBeenCalledWith('done', true);
  });
});
