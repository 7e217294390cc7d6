/**
 * The session's query keys. Member info has its own root (not the member scope of
 * shared/api/queryKeys.ts) because its query starts from the copy cached in the browser;
 * sign-out forgets it with the rest (forgetMemberQueries).
 */
export const sessionKeys = {
  memberInfo: ['member-info'] as const,
  memberInfoOf: (userName: string) => [...sessionKeys.memberInfo, userName] as const,
  /** The one restore of a remembered sign-in per page load. */
  restore: ['session-restore'] as const,
};
