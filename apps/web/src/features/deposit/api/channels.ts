import { queryOptions, useQuery } from '../../../shared/query/react';
import { API_PATHS, type TDepositChannel } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { depositKeys } from './keys';

export interface DepositChannels {
  list: TDepositChannel[];
  turnoverMultiplierPercent: number;
}

/** GET /wps/deposit/channels, in the operator's display order. */
export async function fetchDepositChannels(signal?: AbortSignal): Promise<DepositChannels> {
  const value = await apiGet<DepositChannels>(API_PATHS.depositChannels, undefined, signal);
  return { ...value, list: [...value.list].sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id) };
}

export function depositChannelsQueryOptions(userName: string) {
  return queryOptions({
    queryKey: depositKeys.channelsOf(userName),
    queryFn: ({ signal }) => fetchDepositChannels(signal),
    staleTime: 30_000,
  });
}

/** The signed-in member's deposit channels; `enabled` is false for a guest or a trial account. */
export function useDepositChannels(userName: string, enabled: boolean) {
  return useQuery({ ...depositChannelsQueryOptions(userName), enabled });
}
