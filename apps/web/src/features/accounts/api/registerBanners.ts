import { queryOptions, useQuery } from '../../../shared/query/react';
import { REGISTER_BANNER_GROUP, SYSTEM_API_PATHS, type Language, type TAnnouncements } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import { accountKeys } from './keys';

/** Spec §7: the registration screen's banners are type B of group m_reg, platform M. */
export function fetchRegisterBanners(language: Language, signal?: AbortSignal): Promise<TAnnouncements> {
  return apiGet<TAnnouncements>(
    SYSTEM_API_PATHS.announcements,
    { types: 'B', groupName: REGISTER_BANNER_GROUP, platform: 'M', language },
    signal,
  );
}

export function registerBannersQueryOptions(language: () => Language) {
  return queryOptions({
    queryKey: accountKeys.registerBanners(),
    queryFn: ({ signal }) => fetchRegisterBanners(language(), signal),
  });
}

export function useRegisterBanners() {
  const { contentLanguage } = useLanguage();
  return useQuery(registerBannersQueryOptions(contentLanguage));
}
