import type { Queryable, Tx } from '../../platform/db/database';
import type { MemberRow } from './schema';
import * as store from './store';

/*
 * What other modules may ask about members. They never read the members table themselves: a
 * withdrawal list that shows usernames asks here for the page's usernames in one query.
 */

export function memberById(q: Queryable, merchantId: number, memberId: number): Promise<MemberRow | undefined> {
  return store.findMemberById(q, merchantId, memberId);
}

export function memberByUsername(q: Queryable, merchantId: number, username: string): Promise<MemberRow | undefined> {
  return store.findMemberByUsername(q, merchantId, username);
}

/** The usernames of the given members of one merchant, by member id. */
export async function usernamesOf(
  q: Queryable,
  merchantId: number,
  memberIds: readonly number[],
): Promise<Map<number, string>> {
  const rows = await store.usernamesByIds(q, merchantId, [...new Set(memberIds)]);
  return new Map(rows.map((row) => [row.id, row.username]));
}

/** How deep an agent line is followed: deeper lines do not exist in practice (and a cycle stops here). */
export const MAX_UPLINE_DEPTH = 10;

/** The member's agent line: its upline, that upline's upline… nearest first. */
export function uplineLine(q: Queryable, merchantId: number, memberId: number): Promise<number[]> {
  return store.uplineIds(q, merchantId, memberId, MAX_UPLINE_DEPTH);
}

/**
 * Which of the member's sign-in sessions have not been ended. Credentials made in a session (a
 * game's launch token) live only as long as it: ending the member's sessions
 * (`endMemberCredentials` — sign-out, a password change, and whatever must shut a member out)
 * ends them all at once.
 */
export async function unendedSessionIds(
  q: Queryable,
  merchantId: number,
  memberId: number,
  sessionIds: readonly number[],
): Promise<Set<number>> {
  return new Set(await store.unrevokedSessionIds(q, merchantId, memberId, [...new Set(sessionIds)]));
}

/**
 * Ends every credential of the member at once: sessions, remember-me tokens, and with them every
 * game launch token and game session made in them. Sign-out and password changes call it; a
 * disabled account is refused everywhere already; self-exclusion calls it when it comes.
 */
export function endMemberCredentials(q: Queryable, merchantId: number, memberId: number, now: Date): Promise<void> {
  return store.revokeEverything(q, merchantId, memberId, now);
}

/** Locks the member's row: serialises one member's own changes in another module (payout accounts). */
export function lockMember(tx: Tx, merchantId: number, memberId: number): Promise<void> {
  return store.lockMemberRow(tx, merchantId, memberId);
}

export { referralCodeOf } from './referral-codes';

/** A page of the members a member referred, newest first, and every one's id (for the counts). */
export async function invitedMembers(
  q: Queryable,
  merchantId: number,
  referrerId: number,
  page: { limit: number; offset: number },
): Promise<store.InviteeRow[]> {
  return store.invitedMembers(q, merchantId, referrerId, page.limit, page.offset);
}

export function invitedMemberIds(q: Queryable, merchantId: number, referrerId: number): Promise<number[]> {
  return store.invitedMemberIds(q, merchantId, referrerId);
}

export function invitedMemberCount(q: Queryable, merchantId: number, referrerId: number): Promise<number> {
  return store.countInvitedMembers(q, merchantId, referrerId);
}
