import { useQuery } from '../../../shared/query/react';
import type { QueryClient } from '../../../shared/query/client';
import {
  REBATE_API_PATHS,
  VIP_API_PATHS,
  type TManualRebate,
  type TRebateClaimResult,
  type TRebateReport,
  type TVipClub,
} from '@palaro/contract';
import { apiGet, apiRequest } from '../../../shared/api/client';
import { rewardKeys } from './keys';

export function useManualRebate(enabled: boolean) {
  return useQuery({
    queryKey: rewardKeys.manualRebate,
    queryFn: ({ signal }) => apiGet<TManualRebate>(REBATE_API_PATHS.manualRebate, undefined, signal),
    staleTime: 0,
    enabled,
  });
}

export const claimRebate = () => apiRequest<TRebateClaimResult>('POST', REBATE_API_PATHS.manualRebateClaim);

export function useRebateReport(range: { from: string; to: string }, enabled: boolean) {
  return useQuery({
    queryKey: rewardKeys.rebateReport(range.from, range.to),
    queryFn: ({ signal }) =>
      apiGet<TRebateReport>(REBATE_API_PATHS.rebateReport, { from: range.from, to: range.to }, signal),
    staleTime: 15_000,
    enabled,
  });
}

export function useVipClub(enabled: boolean) {
  return useQuery({
    queryKey: rewardKeys.club,
    queryFn: ({ signal }) => apiGet<TVipClub>(VIP_API_PATHS.club, undefined, signal),
    staleTime: 0,
    enabled,
  });
}

/** After a claim: the rebate screens read again (the balance arrives by the wallet's own push). */
export function afterRebateClaimed(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: rewardKeys.all });
}
