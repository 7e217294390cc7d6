import { queryOptions, useQuery } from '../../../shared/query/react';
import type { QueryClient } from '../../../shared/query/client';
import { API_PATHS, type TDepositOrder } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { reportKeys } from './keys';

/** The order the player came back with from the gateway is asked again this often while pending. */
export const ORDER_POLL_MS = 2000;

export const fetchDepositOrder = (orderNo: string, signal?: AbortSignal) =>
  apiGet<TDepositOrder>(API_PATHS.depositOrder.replace(':orderNo', encodeURIComponent(orderNo)), undefined, signal);

/** Followed until the order is decided (or the check fails): then it stops asking. */
export function depositOrderQueryOptions(orderNo: string) {
  return queryOptions({
    queryKey: reportKeys.depositOrder(orderNo),
    queryFn: ({ signal }) => fetchDepositOrder(orderNo, signal),
    refetchInterval: (q) =>
      q.state.data && q.state.data.status !== 'pending' ? false : q.state.error ? false : ORDER_POLL_MS,
    staleTime: 0,
  });
}

export function useDepositOrder(orderNo: string) {
  return useQuery(depositOrderQueryOptions(orderNo));
}

/** A decided order: the deposit records list shows it too. */
export function invalidateDepositRecords(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: reportKeys.paged('deposits') });
}
