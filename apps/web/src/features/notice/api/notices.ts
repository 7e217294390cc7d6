import { useInfiniteQuery } from '@tanstack/react-query';
import { API_PATHS, type Language, type TNoticePage } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { languageQueryKey, useLanguage } from '../../../shared/i18n/language';

export const NOTICE_PAGE_SIZE = 10;

export function fetchNoticePage(language: Language, pageNo: number, signal?: AbortSignal): Promise<TNoticePage> {
  return apiGet<TNoticePage>(API_PATHS.notices, { language, pageNo, pageSize: NOTICE_PAGE_SIZE }, signal);
}

/** Player notices, newest first, one page at a time. */
export function useNotices() {
  const { contentLanguage } = useLanguage();
  return useInfiniteQuery({
    queryKey: languageQueryKey('notices'),
    queryFn: ({ pageParam, signal }) => fetchNoticePage(contentLanguage(), pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
  });
}
