import type { Queryable, Tx } from '../../platform/db/database';
import type { MemberNotificationRow } from './schema';
import * as store from './store';

export type MemberNotificationKind =
  | 'deposit.credited'
  | 'deposit.declined'
  | 'deposit.rejected'
  | 'withdrawal.paid'
  | 'withdrawal.rejected'
  | 'transfer.received'
  | 'turnover.waived'
  | 'turnover.adjusted'
  | 'feedback.answered';

/** Records what happened for the member's inbox, in the transaction of the change itself. */
export async function notifyMember(
  tx: Tx,
  notice: { merchantId: number; memberId: number; kind: MemberNotificationKind; payload: Record<string, unknown> },
): Promise<void> {
  await store.insertNotification(tx, notice);
}

/** A member's notices, oldest first. */
export async function memberNotices(
  q: Queryable,
  merchantId: number,
  memberId: number,
): Promise<MemberNotificationRow[]> {
  return store.notificationsOf(q, merchantId, memberId);
}
