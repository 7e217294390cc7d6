import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { withRetry } from './client';

export interface MutationOptions<R, V, C> {
  mutationFn: (variables: V) => Promise<R>;
  /** Before the call (an optimistic change); what it returns comes back to the other callbacks. */
  onMutate?: (variables: V) => C | Promise<C>;
  onSuccess?: (result: R, variables: V, context: C | undefined) => unknown;
  onError?: (error: Error, variables: V, context: C | undefined) => unknown;
  /** After either; the mutation stays pending until what it returns has settled. */
  onSettled?: (result: R | undefined, error: Error | null, variables: V, context: C | undefined) => unknown;
}

/** Callbacks of one `mutate` call: run only while the screen that called is mounted and made no later call. */
export interface MutateCallbacks<R, V> {
  onSuccess?: (result: R, variables: V) => void;
  onError?: (error: Error, variables: V) => void;
  onSettled?: (result: R | undefined, error: Error | null, variables: V) => void;
}

interface MutationState<R, V> {
  status: 'idle' | 'pending' | 'success' | 'error';
  data: R | undefined;
  error: Error | null;
  variables: V | undefined;
}

const IDLE = { status: 'idle', data: undefined, error: null, variables: undefined } as const;

/**
 * A change sent to the server, as react-query's `useMutation`: its callbacks (an optimistic change
 * and its rollback, refreshing what it changed) and its state. Like react-query's, a call made while
 * the browser is offline waits to be online; it is not retried.
 */
export function useMutation<R, V = void, C = unknown>(options: MutationOptions<R, V, C>) {
  const [state, setState] = useState<MutationState<R, V>>(IDLE);
  // The callbacks of the latest render (a call made from an event reads them after the commit).
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // A later call's state wins over an earlier one's.
  const calls = useRef(0);

  const mutateAsync = useCallback(async (variables: V, callbacks: MutateCallbacks<R, V> = {}): Promise<R> => {
    const call = (calls.current += 1);
    const current = () => mounted.current && call === calls.current;
    const show = (next: MutationState<R, V>) => {
      if (current()) setState(next);
    };
    const { mutationFn, onMutate, onSuccess, onError, onSettled } = latest.current;
    show({ ...IDLE, status: 'pending', variables });
    let context: C | undefined;
    try {
      context = await onMutate?.(variables);
      const result = await withRetry(
        () => mutationFn(variables),
        false,
        undefined,
        () => undefined,
      );
      await onSuccess?.(result, variables, context);
      await onSettled?.(result, null, variables, context);
      show({ status: 'success', data: result, error: null, variables });
      if (current()) {
        callbacks.onSuccess?.(result, variables);
        callbacks.onSettled?.(result, null, variables);
      }
      return result;
    } catch (caught) {
      const error = caught as Error;
      try {
        await onError?.(error, variables, context);
        await onSettled?.(undefined, error, variables, context);
      } finally {
        show({ status: 'error', data: undefined, error, variables });
        if (current()) {
          callbacks.onError?.(error, variables);
          callbacks.onSettled?.(undefined, error, variables);
        }
      }
      throw error;
    }
  }, []);

  const mutate = useCallback(
    (variables: V, callbacks?: MutateCallbacks<R, V>) => {
      mutateAsync(variables, callbacks).catch(() => undefined);
    },
    [mutateAsync],
  );
  const reset = useCallback(() => setState(IDLE), []);

  return useMemo(
    () => ({
      ...state,
      isIdle: state.status === 'idle',
      isPending: state.status === 'pending',
      isSuccess: state.status === 'success',
      isError: state.status === 'error',
      mutate,
      mutateAsync,
      reset,
    }),
    [state, mutate, mutateAsync, reset],
  );
}
