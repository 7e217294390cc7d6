/**
 * The roots of the query keys. Every feature says its keys in one factory (`features/<x>/api/keys.ts`)
 * built on these roots, and no key is written inline.
 *
 * The member's server state starts with MEMBER_SCOPE, so signing out (forgetMemberQueries) drops
 * all of it at once; the families that several features touch are named here, so a feature can
 * refresh another one's data (a withdrawal makes the reports stale) without importing it.
 */
export const MEMBER_SCOPE = 'member';

export const memberKeys = {
  all: [MEMBER_SCOPE] as const,
  /** The balance and everything else of the wallet. */
  wallet: [MEMBER_SCOPE, 'wallet'] as const,
  /** Every report and record list: any movement of money makes them stale. */
  reports: [MEMBER_SCOPE, 'report'] as const,
};
