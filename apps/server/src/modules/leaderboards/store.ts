import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { LeaderboardMetric } from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import { validTurnoverSql } from '../wallet/valid-turnover';
import { leaderboardPeriods, leaderboardPrizes, leaderboardStandings, type LeaderboardPeriodRow } from './schema';

type Rows<T> = { rows: T[] };

/** A window's valid turnover and wins: the one read of them (wallet/valid-turnover.ts). */
const betsIn = (merchantId: number, window: { from: Date; to: Date }, memberId?: number) =>
  validTurnoverSql({ merchantId, start: window.from, end: window.to, memberId });

/**
 * The members whose score (valid turnover or wins) in [from, to) is positive and whose rank (a tie
 * sharing it) is at most `ranks`, highest first: one statement, set-wise over the window's bets.
 */
export async function topScores(
  q: Queryable,
  merchantId: number,
  window: { from: Date; to: Date },
  metric: LeaderboardMetric,
  ranks: number,
): Promise<{ memberId: number; score: bigint }[]> {
  const column = metric === 'turnover' ? sql`turnover` : sql`wins`;
  const { rows } = (await q.execute(sql`with scores as (
      select member_id, sum(${column})::bigint as score
        from ${betsIn(merchantId, window)} bets
        group by member_id),
    ranked as (select member_id, score, rank() over (order by score desc) as place from scores where score > 0)
    select member_id, score::text as score from ranked where place <= ${ranks}
      order by score desc, member_id`)) as unknown as Rows<{ member_id: string | number; score: string }>;
  return rows.map((row) => ({ memberId: Number(row.member_id), score: BigInt(row.score) }));
}

/** One member's valid turnover and wins in [from, to). */
export async function memberBetFigures(
  q: Queryable,
  merchantId: number,
  memberId: number,
  window: { from: Date; to: Date },
): Promise<{ turnover: bigint; wins: bigint }> {
  const { rows } =
    (await q.execute(sql`select coalesce(sum(turnover), 0)::text as turnover, coalesce(sum(wins), 0)::text as wins
      from ${betsIn(merchantId, window, memberId)} bets`)) as unknown as Rows<{
      turnover: string;
      wins: string;
    }>;
  return { turnover: BigInt(rows[0]!.turnover), wins: BigInt(rows[0]!.wins) };
}

export async function insertPeriod(
  q: Queryable,
  row: typeof leaderboardPeriods.$inferInsert,
): Promise<LeaderboardPeriodRow> {
  return (await q.insert(leaderboardPeriods).values(row).returning())[0]!;
}

export async function periodById(
  q: Queryable,
  merchantId: number,
  id: number,
): Promise<LeaderboardPeriodRow | undefined> {
  const rows = await q
    .select()
    .from(leaderboardPeriods)
    .where(and(eq(leaderboardPeriods.merchantId, merchantId), eq(leaderboardPeriods.id, id)));
  return rows[0];
}

export async function lockPeriod(tx: Tx, id: number): Promise<LeaderboardPeriodRow | undefined> {
  const rows = await tx.select().from(leaderboardPeriods).where(eq(leaderboardPeriods.id, id)).for('update');
  return rows[0];
}

/** The periods a member sees: not cancelled, not ended before `endedSince`, soonest end first. */
export function visiblePeriods(q: Queryable, merchantId: number, endedSince: Date): Promise<LeaderboardPeriodRow[]> {
  return q
    .select()
    .from(leaderboardPeriods)
    .where(
      and(
        eq(leaderboardPeriods.merchantId, merchantId),
        ne(leaderboardPeriods.state, 'cancelled'),
        gte(leaderboardPeriods.endsAt, endedSince),
      ),
    )
    .orderBy(asc(leaderboardPeriods.startsAt), asc(leaderboardPeriods.id))
    .limit(20);
}

export function merchantPeriods(q: Queryable, merchantId: number): Promise<LeaderboardPeriodRow[]> {
  return q
    .select()
    .from(leaderboardPeriods)
    .where(eq(leaderboardPeriods.merchantId, merchantId))
    .orderBy(desc(leaderboardPeriods.startsAt), desc(leaderboardPeriods.id))
    .limit(100);
}

/** Periods whose ranking may be computed: started and not paid yet (bets still settle in the grace after the end). */
export function periodsToRefresh(q: Queryable, now: Date): Promise<LeaderboardPeriodRow[]> {
  return q
    .select()
    .from(leaderboardPeriods)
    .where(and(eq(leaderboardPeriods.state, 'scheduled'), lte(leaderboardPeriods.startsAt, now)));
}

/** Scheduled periods that ended before `now` (the caller subtracts the grace): the settle job's work. */
export function periodsToPay(q: Queryable, now: Date): Promise<LeaderboardPeriodRow[]> {
  return q
    .select()
    .from(leaderboardPeriods)
    .where(and(eq(leaderboardPeriods.state, 'scheduled'), lte(leaderboardPeriods.endsAt, now)));
}

export async function replaceStandings(
  tx: Tx,
  periodId: number,
  rows: { memberId: number; rank: number; score: bigint; name: string }[],
  refreshedAt: Date,
): Promise<void> {
  // Under the period's row lock: two refreshes at once (two replicas' jobs) replace it one after the other.
  const period = await lockPeriod(tx, periodId);
  if (period?.state !== 'scheduled') return;
  await tx.delete(leaderboardStandings).where(eq(leaderboardStandings.periodId, periodId));
  if (rows.length > 0) await tx.insert(leaderboardStandings).values(rows.map((row) => ({ ...row, periodId })));
  await tx.update(leaderboardPeriods).set({ refreshedAt }).where(eq(leaderboardPeriods.id, periodId));
}

export async function standingsOf(
  q: Queryable,
  periodIds: readonly number[],
): Promise<Map<number, { memberId: number; rank: number; score: bigint; name: string }[]>> {
  const found = new Map<number, { memberId: number; rank: number; score: bigint; name: string }[]>();
  if (periodIds.length === 0) return found;
  const rows = await q
    .select()
    .from(leaderboardStandings)
    .where(inArray(leaderboardStandings.periodId, [...periodIds]))
    .orderBy(asc(leaderboardStandings.periodId), asc(leaderboardStandings.rank), asc(leaderboardStandings.memberId));
  for (const row of rows) {
    const list = found.get(row.periodId) ?? [];
    list.push(row);
    found.set(row.periodId, list);
  }
  return found;
}

export async function insertPrizes(tx: Tx, rows: (typeof leaderboardPrizes.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(leaderboardPrizes).values(rows);
}

export function prizesOf(q: Queryable, periodIds: readonly number[]) {
  if (periodIds.length === 0) return Promise.resolve([]);
  return q
    .select()
    .from(leaderboardPrizes)
    .where(inArray(leaderboardPrizes.periodId, [...periodIds]))
    .orderBy(asc(leaderboardPrizes.rank), asc(leaderboardPrizes.memberId));
}

export async function setPeriodState(
  q: Queryable,
  id: number,
  change: { state: 'paid' | 'cancelled'; paidAt?: Date },
): Promise<LeaderboardPeriodRow> {
  return (await q.update(leaderboardPeriods).set(change).where(eq(leaderboardPeriods.id, id)).returning())[0]!;
}
