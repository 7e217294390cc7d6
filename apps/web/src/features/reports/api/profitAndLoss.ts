import { queryOptions, useQuery } from '../../../shared/query/react';
import { API_PATHS, type TProfitAndLoss } from '@palaro/contract';
import { apiGet, type QueryParams } from '../../../shared/api/client';
import { reportKeys } from './keys';

export const fetchProfitAndLoss = (params: QueryParams, signal?: AbortSignal) =>
  apiGet<TProfitAndLoss>(API_PATHS.profitAndLoss, params, signal);

export function profitAndLossQueryOptions(range: { from: string; to: string }) {
  return queryOptions({
    queryKey: reportKeys.profitAndLoss(range.from, range.to),
    queryFn: ({ signal }) => fetchProfitAndLoss({ from: range.from, to: range.to }, signal),
    staleTime: 15_000,
  });
}

export function useProfitAndLoss(range: { from: string; to: string }) {
  return useQuery(profitAndLossQueryOptions(range));
}
