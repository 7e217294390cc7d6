import { and, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../platform/db/database';
import { memberHeadIcons, type MemberHeadIconRow } from './schema';

export async function headIconOf(
  q: Queryable,
  merchantId: number,
  memberId: number,
): Promise<MemberHeadIconRow | undefined> {
  const [row] = await q
    .select()
    .from(memberHeadIcons)
    .where(and(eq(memberHeadIcons.merchantId, merchantId), eq(memberHeadIcons.memberId, memberId)));
  return row;
}

/** Sets the member's icon, answering the storage key of the picture it replaced (to remove), if any. */
export async function replaceHeadIcon(
  tx: Tx,
  row: { merchantId: number; memberId: number; avatar: string | null; storageKey: string | null; updatedAt: Date },
): Promise<string | null> {
  const [before] = await tx
    .select({ storageKey: memberHeadIcons.storageKey })
    .from(memberHeadIcons)
    .where(eq(memberHeadIcons.memberId, row.memberId))
    .for('update');
  const values = { ...row, avatar: row.avatar as MemberHeadIconRow['avatar'] };
  await tx
    .insert(memberHeadIcons)
    .values(values)
    .onConflictDoUpdate({
      target: memberHeadIcons.memberId,
      set: { avatar: values.avatar, storageKey: row.storageKey, updatedAt: row.updatedAt },
    });
  return before?.storageKey ?? null;
}
