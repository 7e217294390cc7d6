import { queryOptions, useQuery } from '../../../shared/query/react';
import { API_PATHS, type TAffiliateInfo } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { referralKeys } from './keys';

export const fetchAffiliateInfo = (signal?: AbortSignal) =>
  apiGet<TAffiliateInfo>(API_PATHS.affiliateInfo, undefined, signal);

export const affiliateInfoQueryOptions = queryOptions({
  queryKey: referralKeys.affiliateInfo,
  queryFn: ({ signal }) => fetchAffiliateInfo(signal),
  staleTime: 0,
});

/** Affiliate info (AFFMAN3): the member's referral code, link and counts. */
export function useAffiliateInfo(enabled: boolean) {
  return useQuery({ ...affiliateInfoQueryOptions, enabled });
}
