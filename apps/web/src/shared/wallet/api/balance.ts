import { queryOptions, useQuery } from '../../query/react';
import type { QueryClient } from '../../query/client';
import { WALLET_API_PATHS, type TWalletBalance } from '@palaro/contract';
import { apiGet } from '../../api/client';
import { useSessionInfo } from '../../session/session';
import { walletKeys } from './keys';

export function fetchWalletBalance(signal?: AbortSignal): Promise<TWalletBalance> {
  return apiGet<TWalletBalance>(WALLET_API_PATHS.walletBalance, undefined, signal);
}

export function walletBalanceQueryOptions(userName: string) {
  return queryOptions({
    queryKey: walletKeys.balanceOf(userName),
    queryFn: ({ signal }) => fetchWalletBalance(signal),
    staleTime: 60_000,
  });
}

/** The wallet balance (GET /wps/wallet/balance) of the signed-in member; the live stream keeps it current. */
export function useWalletBalance() {
  const session = useSessionInfo();
  return useQuery({ ...walletBalanceQueryOptions(session?.userName ?? ''), enabled: session !== null });
}

/** Fetches the balance again (the header menu's "refresh balance"); resolves when it has arrived. */
export function refreshWalletBalance(queryClient: QueryClient): Promise<void> {
  return queryClient.refetchQueries({ queryKey: walletKeys.balance });
}

/** A movement of money the server answered for (a withdrawal, a transfer): fetch the balance again. */
export function invalidateWallet(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: walletKeys.all });
}
