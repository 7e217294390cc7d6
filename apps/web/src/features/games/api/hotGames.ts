import { queryOptions, useQuery } from '../../../shared/query/react';
import {
  GAME_API_PATHS,
  GAME_PLATFORM,
  HOT_GAMES_PLATFORM_FLAG,
  type Language,
  type THotGames,
} from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import { gameKeys } from './keys';

/** Hot games of every category (spec §7: isPlatform 2, platform html5, the player's language). */
export function fetchHotGames(language: Language, signal?: AbortSignal): Promise<THotGames> {
  return apiGet<THotGames>(
    GAME_API_PATHS.hotGames,
    { isPlatform: HOT_GAMES_PLATFORM_FLAG, platform: GAME_PLATFORM, language },
    signal,
  );
}

export function hotGamesQueryOptions(language: () => Language) {
  return queryOptions({
    queryKey: gameKeys.hotGames(),
    queryFn: ({ signal }) => fetchHotGames(language(), signal),
    staleTime: 60_000,
  });
}

/** Home's HOT tab (its panel exists only while the tab is shown). */
export function useHotGames() {
  const { contentLanguage } = useLanguage();
  return useQuery(hotGamesQueryOptions(contentLanguage));
}
