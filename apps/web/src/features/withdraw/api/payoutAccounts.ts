import { queryOptions, useQuery } from '../../../shared/query/react';
import type { QueryClient } from '../../../shared/query/client';
import { API_PATHS, type PayoutKind, type TPayoutAccount } from '@palaro/contract';
import { apiDelete, apiGet, apiPost } from '../../../shared/api/client';
import { withdrawKeys } from './keys';

export interface PayoutAccounts {
  list: TPayoutAccount[];
  max: number;
}
export interface PayoutAccountRequest {
  kind: PayoutKind;
  bankName?: string;
  accountName: string;
  accountNumber: string;
  paymentPassword: string;
}

export const fetchPayoutAccounts = (signal?: AbortSignal) =>
  apiGet<PayoutAccounts>(API_PATHS.payoutAccounts, undefined, signal);

export const payoutAccountsQueryOptions = queryOptions({
  queryKey: withdrawKeys.payoutAccounts,
  queryFn: ({ signal }) => fetchPayoutAccounts(signal),
  staleTime: 0,
});

export function usePayoutAccounts() {
  return useQuery(payoutAccountsQueryOptions);
}

export const addPayoutAccount = (request: PayoutAccountRequest) =>
  apiPost<TPayoutAccount>(API_PATHS.payoutAccounts, request);
export const removePayoutAccount = (id: number) =>
  apiDelete<unknown>(API_PATHS.payoutAccount.replace(':id', String(id)));

/** An account was added or removed: the list and the withdraw screen's choice of accounts changed. */
export function afterPayoutAccountsChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: withdrawKeys.payoutAccounts });
  void queryClient.invalidateQueries({ queryKey: withdrawKeys.info });
}
