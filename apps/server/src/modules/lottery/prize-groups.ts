import { and, eq, inArray, sql } from 'drizzle-orm';
import { hasFixedOdds, prizeGroupsDownLine } from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import { uplineLine } from '../accounts/members';
import { lotteryPrizeGroups, type LotteryGameRow, type UplineGroup } from './schema';

/**
 * Prize groups and the rebates they make (docs/LOTTERY.md "Prize groups and rebates"). A member
 * bets at its effective group: its own (lottery_prize_groups), capped by its upline's effective
 * group, up the line to the merchant's game group. Each upline earns, on every settled stake of
 * its line, its group minus the group of the level below it — recorded here, paid by the agent issue.
 */

export interface MemberPricing {
  /** The member's effective prize group on the game: its odds and settlement use it. */
  group: number;
  /** Its uplines with their effective groups, nearest first, when one of them earns a rebate; else null. */
  uplineGroups: UplineGroup[] | null;
}

/**
 * A ZY game (contract hasFixedOdds) pays its own group to every member and earns no upline a
 * rebate: its odds are the game's, not the line's.
 */
export async function memberPricing(
  q: Queryable,
  merchantId: number,
  memberId: number,
  game: Pick<LotteryGameRow, 'prizeGroup' | 'prizeMode'>,
  trial: boolean,
): Promise<MemberPricing> {
  if (hasFixedOdds(game.prizeMode)) return { group: game.prizeGroup, uplineGroups: null };
  const gameGroup = game.prizeGroup;
  const line = trial ? [] : await uplineLine(q, merchantId, memberId);
  const ids = [memberId, ...line];
  const rows = await q
    .select({ memberId: lotteryPrizeGroups.memberId, prizeGroup: lotteryPrizeGroups.prizeGroup })
    .from(lotteryPrizeGroups)
    .where(and(eq(lotteryPrizeGroups.merchantId, merchantId), inArray(lotteryPrizeGroups.memberId, ids)));
  const own = new Map(rows.map((row) => [row.memberId, row.prizeGroup]));
  const groups = prizeGroupsDownLine(
    gameGroup,
    ids.map((id) => own.get(id) ?? null),
  );
  const uplineGroups = line.map((agentId, level) => ({ agentId, group: groups[level + 1]! }));
  const earns = uplineGroups.some((upline, level) => upline.group > groups[level]!);
  return { group: groups[0]!, uplineGroups: earns ? uplineGroups : null };
}

/** Sets a member's own prize group (its agent's or the operator's call; the range is checked by the table). */
export async function setMemberPrizeGroup(
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

/**
 * Records the rebates of settled bets (won or lost: a refunded or cancelled stake earns none), one
 * row per (bet, upline) with a positive amount = stake × (upline's group − the group below) / 2000
 * rounded down (contract rebateAmount), set-wise. Recording twice adds nothing.
 */
export async function recordRebates(tx: Tx, betIds: readonly number[], now: Date): Promise<void> {
  if (betIds.length === 0) return;
  await tx.execute(sql`
    insert into lottery_rebates (merchant_id, agent_member_id, member_id, bet_id, draw_id, stake, agent_group, child_group, amount, created_at)
    select merchant_id, agent_id, member_id, bet_id, draw_id, stake, agent_group, child_group, stake * (agent_group - child_group) / 2000, ${now}
    from (
      select b.merchant_id, b.member_id, b.id as bet_id, b.draw_id, b.stake,
        (u.value ->> 'agentId')::bigint as agent_id, (u.value ->> 'group')::int as agent_group,
        coalesce(lag((u.value ->> 'group')::int) over (partition by b.id order by u.level), b.prize_group) as child_group
      from lottery_bets b cross join lateral jsonb_array_elements(b.upline_groups) with ordinality as u(value, level)
      where b.id = any(${sql.param([...betIds])}::bigint[]) and b.state in ('won', 'lost') and b.upline_groups is not null
    ) line
    where stake * (agent_group - child_group) / 2000 > 0
    on conflict (bet_id, agent_member_id) do nothing`);
}
