import { sql } from 'drizzle-orm';
import type { GameCategory } from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import { numberArray, textArray } from '../../platform/db/array-literals';
import { validTurnoverSql, type TurnoverPeriod } from '../wallet/valid-turnover';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(result: Promise<unknown>): Promise<T[]> => ((await result) as Rows<T>).rows;

/**
 * Per member and category of the period: the valid turnover (the one read), the member's rate (by
 * their VIP level now) and the rebate, rounded down to a centavo and capped per member and day
 * (`dailyCap`, 0 = none) in category order — rebates/rules capInOrder, the same rule set-wise.
 */
function accrualsSql(period: TurnoverPeriod, dailyCap: bigint) {
  return sql`with turnover as ${validTurnoverSql(period)},
    rated as (
      select t.member_id, t.category, t.turnover, coalesce(r.rate_bp, 0) as rate_bp,
             (t.turnover * coalesce(r.rate_bp, 0)) / 10000 as raw
        from turnover t
        join members m on m.id = t.member_id
        left join rebate_rates r on r.merchant_id = ${period.merchantId} and r.vip_level = m.vip_level and r.category = t.category
    ),
    capped as (
      select member_id, category, turnover, rate_bp,
             case when ${dailyCap}::bigint <= 0 then raw
                  else least(raw, greatest(0, ${dailyCap}::bigint - coalesce(sum(raw) over before_it, 0))) end as amount
        from rated
        window before_it as (partition by member_id order by category rows between unbounded preceding and 1 preceding)
    )`;
}

export interface AccrualFigures {
  category: GameCategory;
  turnover: bigint;
  rateBp: number;
  amount: bigint;
}

/** One member's accruals of a period, computed now and not written (the manual rebate screen). */
export async function computeAccruals(
  q: Queryable,
  period: TurnoverPeriod & { memberId: number },
  dailyCap: bigint,
): Promise<AccrualFigures[]> {
  const rows = await rowsOf<{ category: GameCategory; turnover: string; rate_bp: number; amount: string }>(
    q.execute(sql`${accrualsSql(period, dailyCap)}
      select category, turnover::text, rate_bp, amount::text from capped order by category`),
  );
  return rows.map((row) => ({
    category: row.category,
    turnover: BigInt(row.turnover),
    rateBp: Number(row.rate_bp),
    amount: BigInt(row.amount),
  }));
}

/**
 * Writes a period's accruals set-wise — one INSERT … SELECT … GROUP BY whatever the number of
 * members: made, or brought up to date unless already final. `final` closes them (the day is over).
 * Answers how many rows it wrote.
 */
/**
 * Room for a day's aggregate in memory (PostgreSQL's default 4 MB spills a million bets' GROUP BY
 * to disk): for the rest of the caller's transaction only.
 */
export async function roomForAggregates(tx: Tx): Promise<void> {
  await tx.execute(sql`set local work_mem = '64MB'`);
}

export async function writeAccruals(
  q: Queryable,
  period: TurnoverPeriod,
  day: string,
  dailyCap: bigint,
  final: boolean,
  now: Date,
): Promise<number> {
  const rows = await rowsOf<{ n: string }>(
    q.execute(sql`${accrualsSql(period, dailyCap)},
      written as (
        insert into rebate_accruals (merchant_id, member_id, day, category, turnover, rate_bp, amount, final, updated_at)
        select ${period.merchantId}, member_id, ${day}::date, category, turnover, rate_bp, amount, ${final}, ${now.toISOString()}::timestamptz
          from capped
        on conflict (member_id, day, category) do update
          set turnover = excluded.turnover, rate_bp = excluded.rate_bp, amount = excluded.amount,
              final = excluded.final, updated_at = excluded.updated_at
          where not rebate_accruals.final
        returning 1
      )
      select count(*)::text as n from written`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** Closes the day's accruals the job did not reach (a member with no turnover left, or none written). */
export async function finalizeDay(q: Queryable, merchantId: number, day: string): Promise<void> {
  await q.execute(sql`update rebate_accruals set final = true
    where merchant_id = ${merchantId} and day = ${day}::date and not final`);
}

export interface DueKey {
  memberId: number;
  category: GameCategory;
}

/** The day's accruals with something left to pay, ordered by member then category (one array each). */
export async function dueKeysOfDay(q: Queryable, merchantId: number, day: string, least: bigint): Promise<DueKey[]> {
  const [row] = await rowsOf<{ members: string; categories: string }>(
    q.execute(sql`select coalesce(array_agg(member_id order by member_id, category), '{}')::text as members,
        coalesce(array_agg(category order by member_id, category), '{}')::text as categories
      from rebate_accruals
      where merchant_id = ${merchantId} and day = ${day}::date and final and amount - paid >= ${least}::bigint`),
  );
  if (!row || row.members === '{}') return [];
  const members = row.members.slice(1, -1).split(',').map(Number);
  const categories = row.categories.slice(1, -1).split(',') as GameCategory[];
  return members.map((memberId, index) => ({ memberId, category: categories[index]! }));
}

export interface LockedAccrual {
  memberId: number;
  day: string;
  category: GameCategory;
  amount: bigint;
  paid: bigint;
}

const toLocked = (row: {
  member_id: string | number;
  day: string;
  category: GameCategory;
  amount: string;
  paid: string;
}) => ({
  memberId: Number(row.member_id),
  day: row.day,
  category: row.category,
  amount: BigInt(row.amount),
  paid: BigInt(row.paid),
});

/** A chunk of one day's accruals, locked in key order. */
export async function lockDayChunk(
  tx: Tx,
  merchantId: number,
  day: string,
  keys: readonly DueKey[],
): Promise<LockedAccrual[]> {
  const rows = await rowsOf<{ member_id: string; day: string; category: GameCategory; amount: string; paid: string }>(
    tx.execute(sql`select a.member_id, a.day::text as day, a.category, a.amount::text, a.paid::text
      from rebate_accruals a
      join unnest(${numberArray(keys.map((key) => key.memberId))}::bigint[], ${textArray(keys.map((key) => key.category))}::text[]) as k(member_id, category)
        on a.member_id = k.member_id and a.category = k.category
      where a.day = ${day}::date and a.merchant_id = ${merchantId}
      order by a.member_id, a.category
      for update of a`),
  );
  return rows.map(toLocked);
}

/** The member's accruals a claim may pay now, locked: today's, and earlier final ones from `fromDay`. */
export async function lockClaimable(
  tx: Tx,
  merchantId: number,
  memberId: number,
  fromDay: string,
  today: string,
): Promise<LockedAccrual[]> {
  const rows = await rowsOf<{ member_id: string; day: string; category: GameCategory; amount: string; paid: string }>(
    tx.execute(sql`select member_id, day::text as day, category, amount::text, paid::text
      from rebate_accruals
      where member_id = ${memberId} and merchant_id = ${merchantId} and day >= ${fromDay}::date and day <= ${today}::date
        and (final or day = ${today}::date) and amount > paid
      order by day, category
      for update`),
  );
  return rows.map(toLocked);
}

/** What earlier days (final, from `fromDay`, before `today`) still owe the member. */
export async function earlierUnpaid(
  q: Queryable,
  merchantId: number,
  memberId: number,
  fromDay: string,
  today: string,
): Promise<bigint> {
  const [row] = await rowsOf<{ due: string }>(
    q.execute(sql`select coalesce(sum(amount - paid), 0)::text as due from rebate_accruals
      where member_id = ${memberId} and merchant_id = ${merchantId} and day >= ${fromDay}::date and day < ${today}::date and final`),
  );
  return BigInt(row?.due ?? 0);
}

/** What was paid of today's accruals (a claim earlier today). */
export async function paidOfDay(q: Queryable, memberId: number, day: string): Promise<Map<string, bigint>> {
  const rows = await rowsOf<{ category: string; paid: string }>(
    q.execute(
      sql`select category, paid::text from rebate_accruals where member_id = ${memberId} and day = ${day}::date`,
    ),
  );
  return new Map(rows.map((row) => [row.category, BigInt(row.paid)]));
}

/** Records payments: each (member, day, category)'s paid total after it. */
export async function recordPaid(
  tx: Tx,
  payments: readonly { memberId: number; day: string; category: string; paidAfter: bigint }[],
): Promise<void> {
  if (payments.length === 0) return;
  await tx.execute(sql`update rebate_accruals a set paid = p.paid_after
    from unnest(${numberArray(payments.map((p) => p.memberId))}::bigint[], ${textArray(payments.map((p) => p.day))}::date[],
                ${textArray(payments.map((p) => p.category))}::text[], ${textArray(payments.map((p) => String(p.paidAfter)))}::bigint[])
      as p(member_id, day, category, paid_after)
    where a.member_id = p.member_id and a.day = p.day and a.category = p.category and a.paid < p.paid_after`);
}

export interface ReportRow {
  day: string;
  category: GameCategory;
  turnover: bigint;
  rateBp: number;
  amount: bigint;
  paid: bigint;
}

export async function memberAccruals(q: Queryable, memberId: number, from: string, to: string): Promise<ReportRow[]> {
  const rows = await rowsOf<{
    day: string;
    category: GameCategory;
    turnover: string;
    rate_bp: number;
    amount: string;
    paid: string;
  }>(
    q.execute(sql`select day::text as day, category, turnover::text, rate_bp, amount::text, paid::text from rebate_accruals
      where member_id = ${memberId} and day >= ${from}::date and day <= ${to}::date order by day desc, category`),
  );
  return rows.map((row) => ({
    day: row.day,
    category: row.category,
    turnover: BigInt(row.turnover),
    rateBp: Number(row.rate_bp),
    amount: BigInt(row.amount),
    paid: BigInt(row.paid),
  }));
}

// ── the job's days ──────────────────────────────────────────────────────────────────────────────

export async function lastClosedDay(q: Queryable, merchantId: number): Promise<string | null> {
  const [row] = await rowsOf<{ day: string | null }>(
    q.execute(sql`select max(day)::text as day from rebate_days where merchant_id = ${merchantId}`),
  );
  return row?.day ?? null;
}

export async function dayState(
  q: Queryable,
  merchantId: number,
  day: string,
): Promise<{ computed: boolean; paid: boolean }> {
  const [row] = await rowsOf<{ paid: boolean }>(
    q.execute(
      sql`select paid_at is not null as paid from rebate_days where merchant_id = ${merchantId} and day = ${day}::date`,
    ),
  );
  return { computed: row !== undefined, paid: row?.paid ?? false };
}

/** Marks the day computed; false when another run already did (its transaction then writes nothing). */
export async function markComputed(
  tx: Tx,
  merchantId: number,
  day: string,
  members: number,
  now: Date,
): Promise<boolean> {
  const rows = await rowsOf<{ day: string }>(
    tx.execute(sql`insert into rebate_days (merchant_id, day, computed_at, members)
      values (${merchantId}, ${day}::date, ${now.toISOString()}::timestamptz, ${members})
      on conflict do nothing returning day::text`),
  );
  return rows.length === 1;
}

export async function markPaid(q: Queryable, merchantId: number, day: string, now: Date): Promise<void> {
  await q.execute(sql`update rebate_days set paid_at = ${now.toISOString()}::timestamptz
    where merchant_id = ${merchantId} and day = ${day}::date and paid_at is null`);
}

// ── rates ───────────────────────────────────────────────────────────────────────────────────────

export async function ratesOf(
  q: Queryable,
  merchantId: number,
): Promise<{ vipLevel: number; category: GameCategory; rateBp: number }[]> {
  const rows = await rowsOf<{ vip_level: number; category: GameCategory; rate_bp: number }>(
    q.execute(
      sql`select vip_level, category, rate_bp from rebate_rates where merchant_id = ${merchantId} order by vip_level, category`,
    ),
  );
  return rows.map((row) => ({ vipLevel: Number(row.vip_level), category: row.category, rateBp: Number(row.rate_bp) }));
}

/** Sets a rate; `keep` leaves one already set as it is (the seed). */
export async function upsertRate(
  q: Queryable,
  merchantId: number,
  rate: { vipLevel: number; category: string; rateBp: number },
  keep = false,
) {
  await q.execute(sql`insert into rebate_rates (merchant_id, vip_level, category, rate_bp)
    values (${merchantId}, ${rate.vipLevel}, ${rate.category}, ${rate.rateBp})
    on conflict (merchant_id, vip_level, category) do ${keep ? sql`nothing` : sql`update set rate_bp = excluded.rate_bp`}`);
}

export async function merchantsWithRates(q: Queryable): Promise<{ id: number; timeZone: string }[]> {
  const rows = await rowsOf<{ id: number; time_zone: string }>(
    q.execute(
      sql`select m.id, m.time_zone from merchants m where exists (select 1 from rebate_rates r where r.merchant_id = m.id and r.rate_bp > 0) order by m.id`,
    ),
  );
  return rows.map((row) => ({ id: Number(row.id), timeZone: row.time_zone }));
}
