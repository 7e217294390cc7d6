import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/database';
import { numberArray } from '../../../platform/db/array-literals';

/**
 * The settlement's own statements on lottery_bets (settlement.ts): a draw's pending bets read once
 * as ids, then per chunk its bets read and their outcomes written, by key, as the driver's plain rows.
 */

/** A pending bet as a chunk reads it: its picks kept as their JSON text (settlement.ts parses each distinct one once). */
export interface PendingBet {
  id: number;
  memberId: number;
  trial: boolean;
  betType: string;
  picks: string;
  unitStake: bigint;
  multiplier: number;
  stake: bigint;
  prizeGroup: number;
  chaseId: number | null;
  hasUpline: boolean;
}

/**
 * The draw's pending bet ids, in one array (not a row each), ordered by member then id: a chunk cut
 * from it holds each member's bets together.
 */
export async function listPendingBetIdsByMember(db: Db, drawId: number): Promise<number[]> {
  const {
    rows: [{ ids }],
  } = (await db.execute(sql`select coalesce(array_agg(id order by member_id, id), '{}')::text as ids
    from lottery_bets where draw_id = ${drawId} and state = 'pending'`)) as unknown as { rows: [{ ids: string }] };
  return ids === '{}' ? [] : ids.slice(1, -1).split(',').map(Number);
}

/**
 * A chunk's keys (`betIds`, ascending) as a condition on `id`: the key range as well as the keys, so
 * the planner reads the chunk's rows by key whatever it guesses `= any` finds (without it, a table
 * holding few draws was read whole for each chunk).
 */
function chunkKeys(betIds: readonly number[]): (id: SQL) => SQL {
  const keys = sql.param(numberArray(betIds));
  return (id) => sql`${id} between ${betIds[0]} and ${betIds[betIds.length - 1]} and ${id} = any(${keys}::bigint[])`;
}

/** Those of the chunk's bets still pending, without row locks (locking 10,000 rows wrote a WAL record each). */
export async function readPendingBets(tx: Tx, betIds: readonly number[]): Promise<PendingBet[]> {
  // Read as the driver's plain rows (no mapping layer) and the picks as text: 10,000 rows' objects
  // and parsed picks were most of a chunk's time in the server, in allocation and garbage collection.
  const { rows } =
    (await tx.execute(sql`select id, member_id, trial, bet_type, picks::text as picks, unit_stake, multiplier, stake, prize_group, chase_id,
        upline_groups is not null as has_upline
      from lottery_bets where ${chunkKeys(betIds)(sql`id`)} and state = 'pending'`)) as unknown as {
      rows: Record<string, string | number | boolean | null>[];
    };
  return rows.map((row) => ({
    id: Number(row.id),
    memberId: Number(row.member_id),
    trial: row.trial as boolean,
    betType: row.bet_type as string,
    picks: row.picks as string,
    unitStake: BigInt(row.unit_stake as string | number),
    multiplier: row.multiplier as number,
    stake: BigInt(row.stake as string | number),
    prizeGroup: row.prize_group as number,
    chaseId: row.chase_id === null ? null : Number(row.chase_id),
    hasUpline: row.has_upline as boolean,
  }));
}

/**
 * Writes the outcome of the chunk's bets `read` (still pending only) by one update: a drawn draw's
 * won (win > 0) or lost with `wins`, a voided draw's refunded. Answers how many it changed and,
 * when that is fewer than `read` (another settler had some), which.
 */
export async function writeBetOutcomes(
  tx: Tx,
  betIds: readonly number[],
  read: readonly { id: number }[],
  outcome: { refund: true } | { refund: false; wins: readonly bigint[] },
  now: Date,
): Promise<{ count: number; changedIds: Set<number> | null }> {
  // `b.id = any(…)` (in chunkKeys) lets the rows be found by their key: joined on the values
  // alone, the planner hashed the whole table (every draw's bets, ever) for each chunk. The
  // answer lists the changed ids only when some bet was not (another settler had it).
  const state = outcome.refund ? sql`'refunded'` : sql`case when v.win > 0 then 'won' else 'lost' end`;
  const [changed] = (
    (await tx.execute(sql`with changed as (
        update lottery_bets as b set state = ${state}, win_amount = v.win, settled_at = ${now}
        from unnest(${sql.param(numberArray(read.map((bet) => bet.id)))}::bigint[], ${sql.param(numberArray(outcome.refund ? read.map(() => 0) : outcome.wins))}::bigint[]) as v(id, win)
        where ${chunkKeys(betIds)(sql`b.id`)} and b.id = v.id and b.state = 'pending' returning b.id)
      select count(*)::int as count, case when count(*) < ${read.length} then array_agg(id)::text end as ids from changed`)) as unknown as {
      rows: { count: number; ids: string | null }[];
    }
  ).rows;
  return {
    count: changed!.count,
    changedIds: changed!.ids === null ? null : new Set(changed!.ids.slice(1, -1).split(',').map(Number)),
  };
}
