import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { GAME_API_PATHS, GAME_CLASSIFY, GAME_CLIENT_TYPE, GAME_PLATFORM, LIMITS, type GameCategory, type Language, type TGameListPage } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import { gameKeys } from './keys';

/** What the list screen filters by: everything but the page. */
export interface GameListParams {
  gameType: GameCategory;
  /** ALL, HOT, NEW (RNG only) or FAV (members). */
  gameClassify: string;
  /** A vendor's code, or undefined for every vendor. */
  vassalage?: string;
  gameName?: string;
  /** Centavos: games whose minimum bet is this (RNG only). */
  minBet?: number;
  language: Language;
}

export function fetchGameList(params: GameListParams, pageNo: number, signal?: AbortSignal): Promise<TGameListPage> {
  return apiGet<TGameListPage>(GAME_API_PATHS.games, {
    ...params, pageNo, pageSize: LIMITS.gamePageSize, platform: GAME_PLATFORM, clientType: GAME_CLIENT_TYPE,
  }, signal);
}

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
