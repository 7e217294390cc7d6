import { INBOX_API_PATHS, type TInboxUnread } from '@palaro/contract';
import { apiGet } from '../api/client';
import { MEMBER_SCOPE } from '../api/queryKeys';
import type { QueryClient } from '../query/client';
import { queryOptions, useQuery } from '../query/react';
import { useSessionInfo } from '../session/session';

/**
 * The inbox's key root, on the member's scope (sign-out forgets it): its pages and messages
 * (features/inbox/api/keys.ts) and the unread count, per member, which the event stream writes.
 * Here rather than in shared/api/queryKeys.ts, which every page loads: only a member's chunks use it.
 */
export const inboxRootKeys = {
  all: [MEMBER_SCOPE, 'inbox'] as const,
  unread: [MEMBER_SCOPE, 'inbox', 'unread'] as const,
  unreadOf: (userName: string) => [MEMBER_SCOPE, 'inbox', 'unread', userName] as const,
};

/** The count as the server has it now (after a read or a delete this replica's stream may push later). */
export function refreshUnreadCount(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: inboxRootKeys.unread });
}

export function fetchUnreadCount(signal?: AbortSignal): Promise<TInboxUnread> {
  return apiGet<TInboxUnread>(INBOX_API_PATHS.inboxUnread, undefined, signal);
}

export function unreadCountQueryOptions(userName: string) {
  return queryOptions({
    queryKey: inboxRootKeys.unreadOf(userName),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    // The event stream pushes every change (WalletLive writes it here), so it is read once.
    staleTime: 5 * 60_000,
  });
}

/**
 * The signed-in member's unread messages (INBOX3), kept current by the event stream: the badge
 * of home's service column and of the member centre's mail entry. 0 for a visitor.
 */
export function useUnreadCount(): number {
  const session = useSessionInfo();
  const query = useQuery({ ...unreadCountQueryOptions(session?.userName ?? ''), enabled: session !== null });
  return session ? (query.data ?? 0) : 0;
}
