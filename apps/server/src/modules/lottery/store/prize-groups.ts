import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/database';
import { lotteryPrizeGroups } from '../schema';

/** Every query on lottery_prize_groups: members' own prize groups. */

/** The own prize group of each of `memberIds` that has one. */
export async function listOwnPrizeGroups(
  q: Queryable,
  merchantId: number,
  memberIds: readonly number[],
): Promise<{ memberId: number; prizeGroup: number }[]> {
  return q
    .select({ memberId: lotteryPrizeGroups.memberId, prizeGroup: lotteryPrizeGroups.prizeGroup })
    .from(lotteryPrizeGroups)
    .where(and(eq(lotteryPrizeGroups.merchantId, merchantId), inArray(lotteryPrizeGroups.memberId, [...memberIds])));
}

/** Sets a member's own prize group (the range is checked by the table). */
export async function upsertOwnPrizeGroup(
  q: Queryable,
  merchantId: number,
  memberId: number,
  prizeGroup: number,
  now: Date,
): Promise<void> {
  await q
    .insert(lotteryPrizeGroups)
    .values({ merchantId, memberId, prizeGroup, updatedAt: now })
    .onConflictDoUpdate({
      target: [lotteryPrizeGroups.merchantId, lotteryPrizeGroups.memberId],
      set: { prizeGroup, updatedAt: now },
    });
}
