import { infiniteQueryOptions, useInfiniteQuery } from '../../../shared/query/infinite';
import {
  GAME_API_PATHS,
  GAME_CLIENT_TYPE,
  LIMITS,
  type GameCategory,
  type Language,
  type TRecentsPage,
} from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import { gameKeys } from './keys';

export interface RecentsParams {
  gameType: GameCategory;
  language: Language;
}

export function fetchRecents(params: RecentsParams, page: number, signal?: AbortSignal): Promise<TRecentsPage> {
  return apiGet<TRecentsPage>(
    GAME_API_PATHS.recents,
    { ...params, page, pageSize: LIMITS.recentPageSize, clientType: GAME_CLIENT_TYPE },
    signal,
  );
}

/** The member's recently launched games of a category, latest first, 25 a page (spec §7, §9). */
export function recentsQueryOptions(params: RecentsParams) {
  return infiniteQueryOptions({
    queryKey: gameKeys.recents(params),
    queryFn: ({ pageParam, signal }) => fetchRecents(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: TRecentsPage, pages: TRecentsPage[]) =>
      pages.length < last.totalPages ? pages.length + 1 : undefined,
    staleTime: 0,
  });
}

export function useRecents(gameType: GameCategory, enabled: boolean) {
  const { language } = useLanguage();
  return useInfiniteQuery({ ...recentsQueryOptions({ gameType, language }), enabled });
}
