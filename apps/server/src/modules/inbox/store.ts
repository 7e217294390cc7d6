import { and, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../platform/db/database';
import { memberNotifications, type MemberNotificationRow } from './schema';

export async function insertNotification(tx: Tx, row: typeof memberNotifications.$inferInsert): Promise<void> {
  await tx.insert(memberNotifications).values(row);
}

/** A member's notices, oldest first. */
export function notificationsOf(q: Queryable, merchantId: number, memberId: number): Promise<MemberNotificationRow[]> {
  return q
    .select()
    .from(memberNotifications)
    .where(and(eq(memberNotifications.merchantId, merchantId), eq(memberNotifications.memberId, memberId)))
    .orderBy(memberNotifications.id);
}
