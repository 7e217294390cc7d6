import { useQuery } from '@tanstack/react-query';
import { API_PATHS, type Language, type TAnnouncements } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { languageQueryKey, useLanguage } from '../../../shared/i18n/language';

/** Home's content: banners (B), player notices (PL), pop-ups (PU) and hot items (H) for mobile. */
export const HOME_ANNOUNCEMENT_TYPES = 'B,PL,PU,H';

export function fetchHomeAnnouncements(language: Language, signal?: AbortSignal): Promise<TAnnouncements> {
  return apiGet<TAnnouncements>(API_PATHS.announcements, { types: HOME_ANNOUNCEMENT_TYPES, platform: 'M', language }, signal);
}

export function useHomeAnnouncements() {
  const { contentLanguage } = useLanguage();
  return useQuery({
    queryKey: languageQueryKey('announcements', HOME_ANNOUNCEMENT_TYPES),
    queryFn: ({ signal }) => fetchHomeAnnouncements(contentLanguage(), signal),
  });
}
