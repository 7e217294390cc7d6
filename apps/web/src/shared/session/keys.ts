import type { TMemberInfo } from '@palaro/contract';
import type { QueryClient } from '../query/client';
import { memberKeys } from '../api/queryKeys';

/**
 * The session's query keys, and the two writes to those entries that need none of session/api:
 * a sign-in's answer (setMemberInfo) and forgetting a member (forgetMemberQueries, also when the
 * session is lost). Member info has its own root (not the member scope of shared/api/queryKeys.ts)
 * because its query starts from the copy cached in the browser; sign-out forgets it with the rest.
 */
export const sessionKeys = {
  memberInfo: ['member-info'] as const,
  memberInfoOf: (userName: string) => [...sessionKeys.memberInfo, userName] as const,
  /** The one restore of a remembered sign-in per page load. */
  restore: ['session-restore'] as const,
};

/** Drops the cached server state of the member (member info, and later wallet and lists). */
export function forgetMemberQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: sessionKeys.memberInfo });
  queryClient.removeQueries({ queryKey: memberKeys.all });
}

/** What the server answered about the member (a sign-in, a change in the security centre), without asking again. */
export function setMemberInfo(queryClient: QueryClient, userName: string, member: TMemberInfo): void {
  queryClient.setQueryData(sessionKeys.memberInfoOf(userName), member);
}
