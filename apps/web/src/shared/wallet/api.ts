import {
  API_PATHS, IDEMPOTENCY_HEADER,
  type TDepositChannel, type TDepositOrder, type TDepositRequest, type TWalletBalance,
} from '@palaro/contract';
import { apiGet, apiPost } from '../../shared/api/client';

/**
 * Wallet queries live under the 'member' key family, so sign-out (forgetMemberQueries) drops them
 * with the rest of the member's server state.
 */
export const WALLET_BALANCE_KEY = ['member', 'wallet', 'balance'] as const;
export const DEPOSIT_CHANNELS_KEY = ['member', 'deposit', 'channels'] as const;

export function walletBalanceKey(userName: string) {
  return [...WALLET_BALANCE_KEY, userName] as const;
}

export function fetchWalletBalance(signal?: AbortSignal): Promise<TWalletBalance> {
  return apiGet<TWalletBalance>(API_PATHS.walletBalance, undefined, signal);
}

export interface DepositChannels {
  list: TDepositChannel[];
  turnoverMultiplierPercent: number;
}

export async function fetchDepositChannels(signal?: AbortSignal): Promise<DepositChannels> {
  const value = await apiGet<DepositChannels>(API_PATHS.depositChannels, undefined, signal);
  return { ...value, list: [...value.list].sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id) };
}

/** POST /wps/deposit/orders with the attempt's Idempotency-Key: a repeated key answers the first order. */
export function createDepositOrder(request: TDepositRequest, idempotencyKey: string): Promise<TDepositOrder> {
  return apiPost<TDepositOrder>(API_PATHS.depositOrders, request, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}
