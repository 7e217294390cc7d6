import { infiniteQueryOptions, useInfiniteQuery } from '../../../shared/query/infinite';
import { API_PATHS, type Language, type TNoticePage } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import { noticeKeys } from './keys';

export const NOTICE_PAGE_SIZE = 10;

export function fetchNoticePage(language: Language, pageNo: number, signal?: AbortSignal): Promise<TNoticePage> {
  return apiGet<TNoticePage>(API_PATHS.notices, { language, pageNo, pageSize: NOTICE_PAGE_SIZE }, signal);
}

/** Player notices, newest first, one page at a time. */
export function noticesQueryOptions(language: () => Language) {
  return infiniteQueryOptions({
    queryKey: noticeKeys.list(),
    queryFn: ({ pageParam, signal }) => fetchNoticePage(language(), pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
  });
}

export function useNotices() {
  const { contentLanguage } = useLanguage();
  return useInfiniteQuery(noticesQueryOptions(contentLanguage));
}
