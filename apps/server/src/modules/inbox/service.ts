import { and, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../platform/db/database';
import { memberNotifications, type MemberNotificationRow } from './schema';

export type MemberNotificationKind =
  | 'deposit.credited'
  | 'deposit.declined'
  | 'deposit.rejected'
  | 'withdrawal.paid'
  | 'withdrawal.rejected'
  | 'transfer.received'
  | 'turnover.waived'
  | 'turnover.adjusted';

/** Records what happened for the member's inbox, in the transaction of the change itself. */
export async function notifyMember(
  tx: Tx,
  notice: { merchantId: number; memberId: number; kind: MemberNotificationKind; payload: Record<string, unknown> },
): Promise<void> {
  await tx.insert(memberNotifications).values(notice);
}

/** A member's notices, oldest first. */
export async function memberNotices(
  q: Queryable,
  merchantId: number,
  memberId: number,
): Promise<MemberNotificationRow[]> {
  return q
    .select()
    .from(memberNotifications)
    .where(and(eq(memberNotifications.merchantId, merchantId), eq(memberNotifications.memberId, memberId)))
    .orderBy(memberNotifications.id);
}
