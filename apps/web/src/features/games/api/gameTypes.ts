import { queryOptions, useQuery } from '../../../shared/query/react';
import { GAME_API_PATHS, type Language, type TGameTypes } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import { gameKeys } from './keys';

export function fetchGameTypes(language: Language, signal?: AbortSignal): Promise<TGameTypes> {
  return apiGet<TGameTypes>(GAME_API_PATHS.gameTypes, { language }, signal);
}

export function gameTypesQueryOptions(language: () => Language) {
  return queryOptions({
    queryKey: gameKeys.types(),
    queryFn: ({ signal }) => fetchGameTypes(language(), signal),
    staleTime: 5 * 60_000,
  });
}

/** The categories the merchant offers, in menu order, with their counts and the vendors' own classifications. */
export function useGameTypes() {
  const { contentLanguage } = useLanguage();
  return useQuery(gameTypesQueryOptions(contentLanguage));
}
