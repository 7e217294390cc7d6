import { queryOptions, useQuery } from '../../../shared/query/react';
import { SYSTEM_API_PATHS, HOME_CONTENT_TYPES, type Language, type TAnnouncements } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import { homeKeys } from './keys';

/** Home's content: banners (B), player notices (PL), pop-ups (PU) and hot items (H) for mobile; the server's page carries the same. */
export const HOME_ANNOUNCEMENT_TYPES = HOME_CONTENT_TYPES.join(',');

export function fetchHomeAnnouncements(language: Language, signal?: AbortSignal): Promise<TAnnouncements> {
  return apiGet<TAnnouncements>(
    SYSTEM_API_PATHS.announcements,
    { types: HOME_ANNOUNCEMENT_TYPES, platform: 'M', language },
    signal,
  );
}

/** `language` is read when the query runs, so a change of language refetches in the new one. */
export function homeAnnouncementsQueryOptions(language: () => Language) {
  return queryOptions({
    queryKey: homeKeys.announcements(HOME_ANNOUNCEMENT_TYPES),
    queryFn: ({ signal }) => fetchHomeAnnouncements(language(), signal),
  });
}

export function useHomeAnnouncements() {
  const { contentLanguage } = useLanguage();
  return useQuery(homeAnnouncementsQueryOptions(contentLanguage));
}
