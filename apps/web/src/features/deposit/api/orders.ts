import type { QueryClient } from '../../../shared/query/client';
import { API_PATHS, IDEMPOTENCY_HEADER, type TDepositOrder, type TDepositRequest } from '@palaro/contract';
import { apiPost } from '../../../shared/api/client';
import { depositKeys } from './keys';

/** POST /wps/deposit/orders with the attempt's Idempotency-Key: a repeated key answers the first order. */
export function createDepositOrder(request: TDepositRequest, idempotencyKey: string): Promise<TDepositOrder> {
  return apiPost<TDepositOrder>(API_PATHS.depositOrders, request, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

/** A channel the server called unavailable: fetch the list again so the screen shows what is open now. */
export function refreshDepositChannels(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: depositKeys.channels });
}
