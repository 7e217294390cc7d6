import { sql, type SQL } from 'drizzle-orm';
import type { GameCategory } from '@palaro/contract';
import type { Queryable } from '../../../platform/db/database';

/**
 * THE read of "valid turnover per member per game category in a period" — what rebates, the VIP
 * club and leaderboards count. A bet is valid turnover when it is settled with real money, on the
 * instant it was settled (so a period's figure never changes once the period is over):
 *
 * - a provider's round (modules/game-wallet, our in-house games included): status 'settled', not a
 *   trial round, its stake less what was rolled back, in the round's category, at `settled_at`;
 * - a lottery bet (modules/lottery): state 'won' or 'lost' (not refunded nor cancelled), not trial,
 *   its stake, in category ELOTT, at the bet's `settled_at` (read through the draws that can hold
 *   such bets: those not settled before the period starts).
 *
 * Each comes with what it won (a round's credits, a bet's prize), which leaderboards rank by.
 * Rounds are read through `game_rounds_settled` (merchant, settled_at) where status = 'settled';
 * with `memberId`, through the member's own indexes.
 */
export interface TurnoverPeriod {
  merchantId: number;
  start: Date;
  end: Date;
  /** Only this member's bets. */
  memberId?: number;
}

/**
 * The read as a subquery with columns member_id, category, turnover and wins (bigint), one row per
 * member and category.
 */
export function validTurnoverSql(period: TurnoverPeriod): SQL {
  const start = period.start.toISOString();
  const end = period.end.toISOString();
  const roundMember = period.memberId === undefined ? sql`` : sql` and r.member_id = ${period.memberId}`;
  const betMember = period.memberId === undefined ? sql`` : sql` and b.member_id = ${period.memberId}`;
  return sql`(select member_id, category, sum(turnover)::bigint as turnover, sum(wins)::bigint as wins from (
      select r.member_id, r.category, r.stake - r.refunded as turnover, r.win as wins
        from game_rounds r
        where r.merchant_id = ${period.merchantId} and r.status = 'settled' and not r.trial
          and r.settled_at >= ${start}::timestamptz and r.settled_at < ${end}::timestamptz${roundMember}
      union all
      select b.member_id, 'ELOTT' as category, b.stake as turnover, b.win_amount as wins
        from lottery_draws d
        join lottery_bets b on b.draw_id = d.id
        where d.merchant_id = ${period.merchantId} and (d.settled_at is null or d.settled_at >= ${start}::timestamptz)
          and b.state in ('won', 'lost') and not b.trial
          and b.settled_at >= ${start}::timestamptz and b.settled_at < ${end}::timestamptz${betMember}
    ) valid where turnover > 0 group by member_id, category)`;
}

export interface ValidTurnoverRow {
  memberId: number;
  category: GameCategory;
  turnover: bigint;
}

/** The read's rows (for one member, or a few): per member and category, ordered by member then category. */
export async function validTurnoverOf(q: Queryable, period: TurnoverPeriod): Promise<ValidTurnoverRow[]> {
  const { rows } = (await q.execute(
    sql`select member_id, category, turnover::text as turnover from ${validTurnoverSql(period)} v order by member_id, category`,
  )) as unknown as { rows: { member_id: string | number; category: GameCategory; turnover: string }[] };
  return rows.map((row) => ({
    memberId: Number(row.member_id),
    category: row.category,
    turnover: BigInt(row.turnover),
  }));
}
