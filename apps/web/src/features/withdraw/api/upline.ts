import { queryOptions, useQuery } from '../../../shared/query/react';
import type { QueryClient } from '../../../shared/query/client';
import { API_PATHS, IDEMPOTENCY_HEADER } from '@palaro/contract';
import { apiGet, apiPost } from '../../../shared/api/client';
import { invalidateWallet } from '../../../shared/wallet/api/balance';
import { withdrawKeys } from './keys';

export interface UplineTransferInfo {
  upline: string;
  balance: number;
  minAmount: number;
  maxAmount: number;
}
export interface UplineTransferResult {
  reference: string;
  amount: number;
  balance: number;
}

export const fetchUplineInfo = (signal?: AbortSignal) =>
  apiGet<UplineTransferInfo>(API_PATHS.uplineTransfer, undefined, signal);

export const uplineInfoQueryOptions = queryOptions({
  queryKey: withdrawKeys.upline,
  queryFn: ({ signal }) => fetchUplineInfo(signal),
  staleTime: 0,
});

/** The upline, balance and limits of a transfer; `enabled` is false when the member may not transfer. */
export function useUplineInfo(enabled: boolean) {
  return useQuery({ ...uplineInfoQueryOptions, enabled });
}

export const submitUplineTransfer = (request: { amount: number; paymentPassword: string }, idempotencyKey: string) =>
  apiPost<UplineTransferResult>(API_PATHS.uplineTransfer, request, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

/** A transfer was made: the screen's balance and the wallet changed. */
export function afterUplineTransfer(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: withdrawKeys.upline });
  void invalidateWallet(queryClient);
}
