import { queryOptions, useQuery } from '../../../shared/query/react';
import {
  GAME_API_PATHS,
  type GameCategory,
  type Language,
  type TVendorEntry,
  type TVendorInfo,
} from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import { gameKeys } from './keys';

export function fetchVendorInfo(language: Language, signal?: AbortSignal): Promise<TVendorInfo> {
  return apiGet<TVendorInfo>(GAME_API_PATHS.vendors, { language }, signal);
}

export function vendorInfoQueryOptions(language: () => Language) {
  return queryOptions({
    queryKey: gameKeys.vendors(),
    queryFn: ({ signal }) => fetchVendorInfo(language(), signal),
    staleTime: 5 * 60_000,
  });
}

/** The category's vendors in the merchant's order. */
export function useCategoryVendors(gameType: GameCategory) {
  const { contentLanguage } = useLanguage();
  return useQuery({
    ...vendorInfoQueryOptions(contentLanguage),
    select: (info): TVendorEntry[] => info.sorting.find((entry) => entry.gameCategory === gameType)?.vendorNames ?? [],
  });
}

/** A vendor's name by its code, from any category it is listed in; undefined until known. */
export function useVendorName(code: string | undefined) {
  const { contentLanguage } = useLanguage();
  return useQuery({
    ...vendorInfoQueryOptions(contentLanguage),
    enabled: code !== undefined,
    select: (info): string | undefined =>
      info.sorting.flatMap((entry) => entry.vendorNames).find((vendor) => vendor.vassalage === code)?.vendorName,
  });
}

/** The whole vendor info: the categories in the merchant's order and the vendor tiles' mapping. */
export function useVendorInfo() {
  const { contentLanguage } = useLanguage();
  return useQuery(vendorInfoQueryOptions(contentLanguage));
}
