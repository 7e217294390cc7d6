import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/database';

/** Every query on lottery_rebates. */

/**
 * Records, set-wise, the rebates of the settled bets `betIds` (won or lost: a refunded or cancelled
 * stake earns none): one row per (bet, upline) with a positive amount = stake × (upline's group − the
 * group below) / 2000 rounded down (contract rebateAmount). Recording twice adds nothing.
 */
export async function insertRebatesOfSettledBets(tx: Tx, betIds: readonly number[], now: Date): Promise<void> {
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
