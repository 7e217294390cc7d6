import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../platform/db/database';
import { validTurnoverSql } from '../wallet/valid-turnover';
import type { VipLevelRow } from './schema';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(result: Promise<unknown>): Promise<T[]> => ((await result) as Rows<T>).rows;

interface Window {
  merchantId: number;
  start: Date;
  end: Date;
  memberId?: number;
}

/**
 * Per member, the period's paid deposits and valid turnover (the one read, wallet/valid-turnover.ts),
 * as a subquery with columns member_id, deposits, turnover.
 */
export function figuresSql(window: Window) {
  const start = window.start.toISOString();
  const end = window.end.toISOString();
  const member = window.memberId === undefined ? sql`` : sql` and member_id = ${window.memberId}`;
  return sql`(select member_id, sum(deposits)::bigint as deposits, sum(turnover)::bigint as turnover from (
      select member_id, amount as deposits, 0::bigint as turnover from deposit_orders
        where merchant_id = ${window.merchantId} and status = 'paid'
          and decided_at >= ${start}::timestamptz and decided_at < ${end}::timestamptz${member}
      union all
      select member_id, 0::bigint, turnover from ${validTurnoverSql(window)} t
    ) f group by member_id)`;
}

/** One member's figures of a window (today so far, for the progress bar). */
export async function figuresOf(q: Queryable, window: Window & { memberId: number }) {
  const [row] = await rowsOf<{ deposits: string; turnover: string }>(
    q.execute(sql`select deposits::text, turnover::text from ${figuresSql(window)} f`),
  );
  return { deposits: BigInt(row?.deposits ?? 0), turnover: BigInt(row?.turnover ?? 0) };
}

/**
 * Adds a closed day's figures to every member's counted ones, set-wise (one INSERT … SELECT …
 * GROUP BY … ON CONFLICT). A member first counted starts their keep period on that day.
 */
export async function addDay(tx: Tx, window: Window, day: string): Promise<number> {
  const [row] = await rowsOf<{ n: string }>(
    tx.execute(sql`with added as (
      insert into vip_progress as p (member_id, merchant_id, deposits, turnover, period_deposits, period_turnover, period_start, counted_through)
      select f.member_id, ${window.merchantId}, f.deposits, f.turnover, f.deposits, f.turnover, ${day}::date, ${day}::date
        from ${figuresSql(window)} f
      on conflict (member_id) do update set
        deposits = p.deposits + excluded.deposits, turnover = p.turnover + excluded.turnover,
        period_deposits = p.period_deposits + excluded.period_deposits,
        period_turnover = p.period_turnover + excluded.period_turnover,
        counted_through = excluded.counted_through
      returning 1)
    select count(*)::text as n from added`),
  );
  return Number(row?.n ?? 0);
}

export interface LevelChange {
  memberId: number;
  from: number;
  to: number;
}

const toChanges = (rows: { member_id: string | number; from_level: number; to_level: number }[]): LevelChange[] =>
  rows.map((row) => ({ memberId: Number(row.member_id), from: Number(row.from_level), to: Number(row.to_level) }));

/**
 * Members whose keep period ends with `day` (it began `keepDays - 1` days before or earlier): those
 * whose period figures miss their level's keep amounts drop `dropBy` levels (vip/rules
 * levelAfterKeepPeriod, set-wise); every ended period starts again the next day.
 */
export async function endKeepPeriods(
  tx: Tx,
  merchantId: number,
  day: string,
  keepDays: number,
  needsBoth: boolean,
  dropBy: number,
): Promise<LevelChange[]> {
  const met = (figure: string, required: string) => sql.raw(`(l.${required} = 0 or p.${figure} >= l.${required})`);
  const anyMet = sql.raw(
    `((l.keep_deposit > 0 and p.period_deposits >= l.keep_deposit) or (l.keep_turnover > 0 and p.period_turnover >= l.keep_turnover) or (l.keep_deposit = 0 and l.keep_turnover = 0))`,
  );
  const kept = needsBoth
    ? sql`(${met('period_deposits', 'keep_deposit')} and ${met('period_turnover', 'keep_turnover')})`
    : anyMet;
  const rows = await rowsOf<{ member_id: string; from_level: number; to_level: number }>(
    tx.execute(sql`with ended as (
        select p.member_id, m.vip_level as from_level,
               case when l.level is null or ${kept} then m.vip_level else greatest(0, m.vip_level - ${dropBy}::int) end as to_level
          from vip_progress p
          join members m on m.id = p.member_id
          left join vip_levels l on l.merchant_id = p.merchant_id and l.level = m.vip_level
          where p.merchant_id = ${merchantId} and m.vip_level > 0 and p.period_start <= ${day}::date - ${keepDays - 1}::int
      ),
      restarted as (
        update vip_progress p set period_start = ${day}::date + 1, period_deposits = 0, period_turnover = 0
          from ended e where p.member_id = e.member_id and e.to_level >= e.from_level
      ),
      dropped as (
        update members m set vip_level = e.to_level from ended e
          where m.id = e.member_id and e.to_level < e.from_level
          returning m.id
      ),
      rebased as (
        update vip_progress p set base_deposits = p.deposits, base_turnover = p.turnover
          from ended e where p.member_id = e.member_id and e.to_level < e.from_level
      )
      select e.member_id, e.from_level, e.to_level from ended e where e.to_level < e.from_level`),
  );
  return toChanges(rows);
}

/**
 * Raises every member whose figures meet a higher level: counted figures plus the window's (the
 * days not counted yet, today so far), set-wise — one statement for all the merchant's members.
 * Trial members are never raised. A raised member's keep period starts on `day`.
 */
export async function raiseLevels(
  tx: Tx,
  window: Window,
  day: string,
  needsBoth: boolean,
  sinceLastChange: boolean,
): Promise<LevelChange[]> {
  const met = (figure: string, required: string) => sql.raw(`(l.${required} = 0 or f.${figure} >= l.${required})`);
  const anyMet = sql.raw(
    `((l.deposit_required > 0 and f.deposits >= l.deposit_required) or (l.turnover_required > 0 and f.turnover >= l.turnover_required) or (l.deposit_required = 0 and l.turnover_required = 0))`,
  );
  const reached = needsBoth
    ? sql`(${met('deposits', 'deposit_required')} and ${met('turnover', 'turnover_required')})`
    : anyMet;
  const rows = await rowsOf<{ member_id: string; from_level: number; to_level: number }>(
    tx.execute(sql`with live as ${figuresSql(window)},
      figures as (
        select coalesce(p.member_id, live.member_id) as member_id,
               coalesce(p.deposits, 0) + coalesce(live.deposits, 0) as total_deposits,
               coalesce(p.turnover, 0) + coalesce(live.turnover, 0) as total_turnover,
               coalesce(p.deposits - p.base_deposits, 0) + coalesce(live.deposits, 0) as deposits,
               coalesce(p.turnover - p.base_turnover, 0) + coalesce(live.turnover, 0) as turnover
          from (select * from vip_progress where merchant_id = ${window.merchantId}) p
          full join live on live.member_id = p.member_id
      ),
      target as (
        select f.member_id, max(l.level) as to_level
          from figures f
          join vip_levels l on l.merchant_id = ${window.merchantId} and ${reached}
          group by f.member_id
      ),
      raised as (
        select t.member_id, m.vip_level as from_level, t.to_level, f.total_deposits, f.total_turnover
          from target t join members m on m.id = t.member_id join figures f on f.member_id = t.member_id
          where t.to_level > m.vip_level and m.type <> 4 and m.merchant_id = ${window.merchantId}
      ),
      moved as (
        update members m set vip_level = r.to_level from raised r where m.id = r.member_id returning m.id
      ),
      restarted as (
        insert into vip_progress as p (member_id, merchant_id, period_start, base_deposits, base_turnover)
        select member_id, ${window.merchantId}, ${day}::date,
               case when ${sinceLastChange} then total_deposits else 0 end, case when ${sinceLastChange} then total_turnover else 0 end
          from raised
        on conflict (member_id) do update set period_start = excluded.period_start, period_deposits = 0, period_turnover = 0,
          base_deposits = case when ${sinceLastChange} then excluded.base_deposits else p.base_deposits end,
          base_turnover = case when ${sinceLastChange} then excluded.base_turnover else p.base_turnover end
      )
      select member_id, from_level, to_level from raised order by member_id`),
  );
  return toChanges(rows);
}

export async function levelsOf(q: Queryable, merchantId: number): Promise<VipLevelRow[]> {
  const rows = await rowsOf<Record<string, string | number>>(
    q.execute(sql`select * from vip_levels where merchant_id = ${merchantId} order by level`),
  );
  return rows.map((row) => ({
    merchantId: Number(row.merchant_id),
    level: Number(row.level),
    name: String(row.name),
    depositRequired: BigInt(row.deposit_required!),
    turnoverRequired: BigInt(row.turnover_required!),
    keepDeposit: BigInt(row.keep_deposit!),
    keepTurnover: BigInt(row.keep_turnover!),
    upgradeBonus: BigInt(row.upgrade_bonus!),
    birthdayBonus: BigInt(row.birthday_bonus!),
    monthlyBonus: BigInt(row.monthly_bonus!),
    withdrawDailyAmount: BigInt(row.withdraw_daily_amount!),
    withdrawDailyCount: Number(row.withdraw_daily_count),
  }));
}

export async function levelOf(q: Queryable, merchantId: number, level: number): Promise<VipLevelRow | undefined> {
  return (await levelsOf(q, merchantId)).find((row) => row.level === level);
}

export async function upsertLevel(q: Queryable, row: VipLevelRow, keep = false): Promise<void> {
  await q.execute(sql`insert into vip_levels (merchant_id, level, name, deposit_required, turnover_required, keep_deposit,
      keep_turnover, upgrade_bonus, birthday_bonus, monthly_bonus, withdraw_daily_amount, withdraw_daily_count)
    values (${row.merchantId}, ${row.level}, ${row.name}, ${row.depositRequired}, ${row.turnoverRequired}, ${row.keepDeposit},
      ${row.keepTurnover}, ${row.upgradeBonus}, ${row.birthdayBonus}, ${row.monthlyBonus}, ${row.withdrawDailyAmount}, ${row.withdrawDailyCount})
    on conflict (merchant_id, level) do ${
      keep
        ? sql`nothing`
        : sql`update set name = excluded.name, deposit_required = excluded.deposit_required,
      turnover_required = excluded.turnover_required, keep_deposit = excluded.keep_deposit, keep_turnover = excluded.keep_turnover,
      upgrade_bonus = excluded.upgrade_bonus, birthday_bonus = excluded.birthday_bonus, monthly_bonus = excluded.monthly_bonus,
      withdraw_daily_amount = excluded.withdraw_daily_amount, withdraw_daily_count = excluded.withdraw_daily_count`
    }`);
}

export async function deleteLevel(q: Queryable, merchantId: number, level: number): Promise<boolean> {
  const rows = await rowsOf<{ level: number }>(
    q.execute(sql`delete from vip_levels where merchant_id = ${merchantId} and level = ${level} returning level`),
  );
  return rows.length > 0;
}

export async function progressOf(q: Queryable, memberId: number) {
  const [row] = await rowsOf<{
    deposits: string;
    turnover: string;
    base_deposits: string;
    base_turnover: string;
    period_deposits: string;
    period_turnover: string;
    period_start: string;
    counted_through: string | null;
  }>(
    q.execute(sql`select deposits::text, turnover::text, base_deposits::text, base_turnover::text, period_deposits::text, period_turnover::text,
        period_start::text, counted_through::text from vip_progress where member_id = ${memberId}`),
  );
  return row
    ? {
        deposits: BigInt(row.deposits) - BigInt(row.base_deposits),
        turnover: BigInt(row.turnover) - BigInt(row.base_turnover),
        periodDeposits: BigInt(row.period_deposits),
        periodTurnover: BigInt(row.period_turnover),
        periodStart: row.period_start,
        countedThrough: row.counted_through,
      }
    : null;
}

// ── the evaluation's days ───────────────────────────────────────────────────────────────────────

export async function lastCountedDay(q: Queryable, merchantId: number): Promise<string | null> {
  const [row] = await rowsOf<{ day: string | null }>(
    q.execute(sql`select max(day)::text as day from vip_days where merchant_id = ${merchantId}`),
  );
  return row?.day ?? null;
}

/** Marks a day counted; false when another run already did (its transaction must then write nothing). */
export async function markCounted(tx: Tx, merchantId: number, day: string, upgraded: number, relegated: number) {
  const rows = await rowsOf<{ day: string }>(
    tx.execute(sql`insert into vip_days (merchant_id, day, upgraded, relegated) values (${merchantId}, ${day}::date, ${upgraded}, ${relegated})
      on conflict do nothing returning day::text`),
  );
  return rows.length === 1;
}

export async function merchantsWithLevels(q: Queryable): Promise<{ id: number; timeZone: string }[]> {
  const rows = await rowsOf<{ id: number; time_zone: string }>(
    q.execute(sql`select m.id, m.time_zone from merchants m
      where exists (select 1 from vip_levels l where l.merchant_id = m.id and l.level > 0) order by m.id`),
  );
  return rows.map((row) => ({ id: Number(row.id), timeZone: row.time_zone }));
}

/** Members at a level ≥ 1 whose level pays a monthly bonus, with it. */
export async function monthlyBonuses(q: Queryable, merchantId: number) {
  const rows = await rowsOf<{ member_id: string; level: number; amount: string }>(
    q.execute(sql`select m.id as member_id, l.level, l.monthly_bonus::text as amount
      from members m join vip_levels l on l.merchant_id = m.merchant_id and l.level = m.vip_level
      where m.merchant_id = ${merchantId} and m.vip_level > 0 and l.monthly_bonus > 0 and m.type <> 4 order by m.id`),
  );
  return rows.map((row) => ({ memberId: Number(row.member_id), level: Number(row.level), amount: BigInt(row.amount) }));
}

/** Which of these references the journal already holds (bonus entries of the merchant). */
export async function postedBonusReferences(
  q: Queryable,
  merchantId: number,
  references: readonly string[],
): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await rowsOf<{ reference: string }>(
    q.execute(sql`select reference from journal_entries where merchant_id = ${merchantId} and kind = 'bonus'
      and reference = any(${`{${references.map((r) => `"${r}"`).join(',')}}`}::text[])`),
  );
  return new Set(rows.map((row) => row.reference));
}
