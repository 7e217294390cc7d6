/**
 * Member types without zod, so the web app can import them without pulling zod into its bundle;
 * the accounts schemas (accounts/schemas.ts) re-export them.
 */

export const MEMBER_TYPES = {
  member: 0,
  agent: 1,
  agentOnly: 2,
  trial: 4,
  restrictedAgent: 40,
  subAgent41: 41,
  subAgent42: 42,
} as const;
/** Member types that never see the agency centre (spec §2 Member centre). */
export const TYPES_WITHOUT_AGENCY: readonly number[] = [0, 4, 40];
/** Accounts that exist only on the agent side: refused on the member sign-in ('auth.not.member'). */
export const AGENT_ONLY_TYPES: readonly number[] = [2];
/** Member types that skip dividend and contract checks (spec §4, §6). */
export const TYPES_WITHOUT_CONTRACTS: readonly number[] = [4, 40, 41, 42];
