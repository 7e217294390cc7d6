import { queryOptions, useQuery } from '../../../shared/query/react';
import { GAME_API_PATHS, type Language, type THotMatches } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import { gameKeys } from './keys';

/** Upcoming hot matches, soonest first. */
export function fetchHotMatches(language: Language, signal?: AbortSignal): Promise<THotMatches> {
  return apiGet<THotMatches>(GAME_API_PATHS.hotMatches, { language }, signal);
}

export function hotMatchesQueryOptions(language: () => Language) {
  return queryOptions({
    queryKey: gameKeys.hotMatches(),
    queryFn: ({ signal }) => fetchHotMatches(language(), signal),
    staleTime: 60_000,
  });
}

export function useHotMatches() {
  const { contentLanguage } = useLanguage();
  return useQuery(hotMatchesQueryOptions(contentLanguage));
}
