import { MEMBER_SCOPE } from '../api/queryKeys';

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
