import { infiniteQueryOptions, useInfiniteQuery } from '../../../shared/query/infinite';
import { GAME_CLASSIFY, type TGameListPage } from '@palaro/contract';
import { useLanguage } from '../../../shared/i18n/language';
import { fetchGameList, type GameListParams } from './gameListPage';
import { gameKeys } from './keys';

/** Pages of 26; the first page replaces the list and later ones append (a new key starts at page 1). */
export function gameListQueryOptions(params: GameListParams) {
  const isFavourites = params.gameClassify === GAME_CLASSIFY.favourites;
  return infiniteQueryOptions({
    queryKey: isFavourites ? gameKeys.favouriteList(params) : gameKeys.list(params),
    queryFn: ({ pageParam, signal }) => fetchGameList(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: TGameListPage) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    staleTime: isFavourites ? 0 : 60_000,
  });
}

export function useGameList(filters: Omit<GameListParams, 'language'>, enabled = true) {
  const { language } = useLanguage();
  return useInfiniteQuery({ ...gameListQueryOptions({ ...filters, language }), enabled });
}
