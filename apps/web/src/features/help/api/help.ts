import { queryOptions, useQuery } from '../../../shared/query/react';
import { CONTENT_API_PATHS, type Language, type THelpCentre } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import { helpKeys } from './keys';

/** Spec §7 help center: module COMM3, device MOBILE, the player's language. */
export function fetchHelpCentre(language: Language, signal?: AbortSignal): Promise<THelpCentre> {
  return apiGet<THelpCentre>(CONTENT_API_PATHS.help, { module: 'COMM3', device: 'MOBILE', lang: language }, signal);
}

export function helpCentreQueryOptions(language: () => Language) {
  return queryOptions({
    queryKey: helpKeys.centre(),
    queryFn: ({ signal }) => fetchHelpCentre(language(), signal),
  });
}

/** Both help screens read the one answer: the article screen opens at once from the list's. */
export function useHelpCentre() {
  const { contentLanguage } = useLanguage();
  return useQuery(helpCentreQueryOptions(contentLanguage));
}
