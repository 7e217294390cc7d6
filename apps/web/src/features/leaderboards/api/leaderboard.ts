import { LEADERBOARD_API_PATHS, type TLeaderboardPage } from '@palaro/contract';
import { MEMBER_SCOPE } from '../../../shared/api/queryKeys';
import { apiGet } from '../../../shared/api/client';
import { queryOptions, useQuery } from '../../../shared/query/react';

export const leaderboardKeys = { page: [MEMBER_SCOPE, 'leaderboard'] as const };

export const fetchLeaderboard = (signal?: AbortSignal) =>
  apiGet<TLeaderboardPage>(LEADERBOARD_API_PATHS.leaderboard, undefined, signal);

/** The periods and their rankings; read again every refresh interval while one is live. */
export function useLeaderboard() {
  return useQuery(
    queryOptions({
      queryKey: leaderboardKeys.page,
      queryFn: ({ signal }) => fetchLeaderboard(signal),
      staleTime: 0,
      refetchInterval: (query) => {
        const data = query.state.data as TLeaderboardPage | undefined;
        return data?.list.some((period) => period.status === 'live') ? data.refreshSeconds * 1000 : false;
      },
    }),
  );
}
