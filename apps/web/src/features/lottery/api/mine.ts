import { useCallback, useState } from 'react';
import { useQueryClient } from '../../../shared/query/react';
import type { QueryClient } from '../../../shared/query/client';
import { IDEMPOTENCY_HEADER } from '@palaro/contract';
import { apiPost } from '../../../shared/api/client';
import { useIdempotentSubmit } from '../../../shared/api/idempotency';
import { lotteryKeys } from './keys';

/**
 * The member's bets and chases changed without a call of this screen (a draw settled or opened,
 * money moved on the stream): every cached list of them is asked for again.
 */
export function refreshMine(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: lotteryKeys.myBets });
  void queryClient.invalidateQueries({ queryKey: lotteryKeys.myChases });
}

/** Reloads the member's bets and chases after a call that changed them. */
export function useReloadMine(userName: string | null) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (!userName) return;
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.myBetsOf(userName) });
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.myChasesOf(userName) });
  }, [queryClient, userName]);
}

/** A money call of the lottery with its Idempotency-Key (one per attempt, reused after an unknown outcome), pending while in flight. */
export function useIdempotentPost<Body, Result>(path: string, after: () => void) {
  const [pending, setPending] = useState(false);
  const send = useCallback(
    (body: Body, key: string) => apiPost<Result>(path, body, { headers: { [IDEMPOTENCY_HEADER]: key } }),
    [path],
  );
  const submit = useIdempotentSubmit(send);
  const run = useCallback(
    async (body: Body) => {
      setPending(true);
      try {
        return await submit(body);
      } finally {
        setPending(false);
        after();
      }
    },
    [submit, after],
  );
  return { run, pending };
}
