import { INBOX_API_PATHS, type Language, type TInboxMessage, type TInboxPage } from '@palaro/contract';
import { apiDelete, apiGet, apiPost } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import type { QueryClient } from '../../../shared/query/client';
import { infiniteQueryOptions, useInfiniteQuery } from '../../../shared/query/infinite';
import { queryOptions, useQuery } from '../../../shared/query/react';
import { inboxKeys } from './keys';

export const INBOX_PAGE_SIZE = 20;

const messagePath = (id: string) => INBOX_API_PATHS.inboxMessage.replace(':id', encodeURIComponent(id));

export function fetchInboxPage(language: Language, pageNo: number, signal?: AbortSignal): Promise<TInboxPage> {
  return apiGet<TInboxPage>(INBOX_API_PATHS.inboxMessages, { language, pageNo, pageSize: INBOX_PAGE_SIZE }, signal);
}

export function inboxPagesQueryOptions(language: Language) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.pagesIn(language),
    queryFn: ({ pageParam, signal }) => fetchInboxPage(language, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.pageNo + 1 : undefined),
    staleTime: 0,
  });
}

/** The member's messages, newest first, page by page. */
export function useInboxPages() {
  const { contentLanguage } = useLanguage();
  return useInfiniteQuery(inboxPagesQueryOptions(contentLanguage()));
}

export function fetchInboxMessage(id: string, language: Language, signal?: AbortSignal): Promise<TInboxMessage> {
  return apiGet<TInboxMessage>(messagePath(id), { language }, signal);
}

/** One message; reading it marks it read (the stream then pushes the new unread count). */
export function useInboxMessage(id: string) {
  const { contentLanguage } = useLanguage();
  const language = contentLanguage();
  return useQuery(
    queryOptions({
      queryKey: inboxKeys.message(id, language),
      queryFn: ({ signal }) => fetchInboxMessage(id, language, signal),
      staleTime: 60_000,
    }),
  );
}

export const deleteInboxMessage = (id: string) => apiDelete<null>(messagePath(id));
export const markAllInboxRead = () => apiPost<number>(INBOX_API_PATHS.inboxReadAll, {});

/** After reading, deleting or marking all read: the list and the count as the server has them now. */
export function afterInboxChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: inboxKeys.all });
}
