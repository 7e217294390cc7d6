import { queryOptions, useQuery } from '../../../shared/query/react';
import type { QueryClient } from '../../../shared/query/client';
import { API_PATHS, IDEMPOTENCY_HEADER, type TTurnover, type TWithdrawInfo, type TWithdrawal } from '@palaro/contract';
import { apiGet, apiPost } from '../../../shared/api/client';
import { memberKeys } from '../../../shared/api/queryKeys';
import { invalidateWallet } from '../../../shared/wallet/api/balance';
import { withdrawKeys } from './keys';

export interface WithdrawRequest {
  amount: number;
  payoutAccountId: number;
  paymentPassword: string;
}

export const fetchWithdrawInfo = (signal?: AbortSignal) =>
  apiGet<TWithdrawInfo>(API_PATHS.withdrawInfo, undefined, signal);
export const fetchTurnover = (signal?: AbortSignal) => apiGet<TTurnover>(API_PATHS.turnover, undefined, signal);

export const withdrawInfoQueryOptions = queryOptions({
  queryKey: withdrawKeys.info,
  queryFn: ({ signal }) => fetchWithdrawInfo(signal),
  staleTime: 0,
});

/** What the member may withdraw now; `enabled` is false for a guest or a trial account. */
export function useWithdrawInfo(enabled: boolean) {
  return useQuery({ ...withdrawInfoQueryOptions, enabled });
}

export const turnoverQueryOptions = queryOptions({
  queryKey: withdrawKeys.turnover,
  queryFn: ({ signal }) => fetchTurnover(signal),
  staleTime: 0,
});

export function useTurnover() {
  return useQuery(turnoverQueryOptions);
}

/** Submits a withdrawal; the key is the attempt's (a retry of the same attempt sends the same key). */
export const submitWithdrawal = (request: WithdrawRequest, idempotencyKey: string) =>
  apiPost<TWithdrawal>(API_PATHS.withdrawals, request, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

/** A withdrawal was made: what may be withdrawn, the balance and the reports all changed. */
export function afterWithdrawal(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: withdrawKeys.info });
  void invalidateWallet(queryClient);
  void queryClient.invalidateQueries({ queryKey: memberKeys.reports });
}

/** The server refused for a reason the turnover may explain: show the turnover as it is now. */
export function refreshTurnover(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: withdrawKeys.turnover });
}
