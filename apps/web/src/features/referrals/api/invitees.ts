import { infiniteQueryOptions, useInfiniteQuery } from '../../../shared/query/infinite';
import { API_PATHS, type TInviteePage } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { referralKeys } from './keys';

export const fetchInviteePage = (pageNo: number, signal?: AbortSignal) =>
  apiGet<TInviteePage>(API_PATHS.invitees, { pageNo }, signal);

export const inviteesQueryOptions = infiniteQueryOptions({
  queryKey: referralKeys.invitees,
  queryFn: ({ pageParam, signal }) => fetchInviteePage(pageParam, signal),
  initialPageParam: 1,
  getNextPageParam: (last: TInviteePage) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
  staleTime: 0,
});

/** The friends who registered with the member's code, newest first, a page at a time. */
export function useInvitees(enabled: boolean) {
  return useInfiniteQuery({ ...inviteesQueryOptions, enabled });
}
