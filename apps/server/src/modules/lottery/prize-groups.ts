import { hasFixedOdds, prizeGroupsDownLine } from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import { uplineLine } from '../accounts/members';
import type { LotteryGameRow, UplineGroup } from './schema';
import { listOwnPrizeGroups, upsertOwnPrizeGroup } from './store/prize-groups';
import { insertRebatesOfSettledBets } from './store/rebates';

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
  const rows = await listOwnPrizeGroups(q, merchantId, ids);
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
  await upsertOwnPrizeGroup(q, merchantId, memberId, prizeGroup, now);
}

/**
 * Records the rebates of settled bets (won or lost: a refunded or cancelled stake earns none), one
 * row per (bet, upline) with a positive amount = stake × (upline's group − the group below) / 2000
 * rounded down (contract rebateAmount), set-wise. Recording twice adds nothing.
 */
export async function recordRebates(tx: Tx, betIds: readonly number[], now: Date): Promise<void> {
  if (betIds.length === 0) return;
  await insertRebatesOfSettledBets(tx, betIds, now);
}
