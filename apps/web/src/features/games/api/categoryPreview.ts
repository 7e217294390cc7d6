import { queryOptions, useQuery } from '../../../shared/query/react';
import { GAME_CLASSIFY, type GameCategory, type Language } from '@palaro/contract';
import { useLanguage } from '../../../shared/i18n/language';
import { fetchGameList } from './gameListPage';
import { gameKeys } from './keys';

/**
 * The first page of a category's list (the spec's list call: all classifications, 26 a page), as
 * home's popular-games block shows it. Keyed without the language, which is read when it is
 * fetched: a language change reloads it once, after the 200 ms debounce (spec §4).
 */
export function categoryPreviewQueryOptions(gameType: GameCategory, language: () => Language) {
  return queryOptions({
    queryKey: gameKeys.categoryPreview(gameType),
    queryFn: ({ signal }) =>
      fetchGameList({ gameType, gameClassify: GAME_CLASSIFY.all, language: language() }, 1, signal),
    staleTime: 60_000,
  });
}

/** Home's panel of a list category, which exists only while its tab is shown (spec §2 "loaded only when the tab is active"). */
export function useCategoryPreview(gameType: GameCategory) {
  const { contentLanguage } = useLanguage();
  return useQuery(categoryPreviewQueryOptions(gameType, contentLanguage));
}
