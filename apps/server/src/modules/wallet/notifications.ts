import type { Tx } from '../../platform/db/database';
import { memberNotifications } from './schema';

export type MemberNotificationKind =
  | 'deposit.credited' | 'deposit.declined' | 'deposit.rejected' | 'withdrawal.paid' | 'withdrawal.rejected' | 'transfer.received'
  | 'turnover.waived' | 'turnover.adjusted';

/** Records what happened for the member's inbox, in the transaction of the change itself. */
export async function notifyMember(
  tx: Tx,
  notice: { merchantId: number; memberId: number; kind: MemberNotificationKind; payload: Record<string, unknown> },
): Promise<void> {
  await tx.insert(memberNotifications).values(notice);
}
