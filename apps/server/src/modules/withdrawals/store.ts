import { and, count, desc, eq, gte, lt, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { WithdrawStatus } from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import { payoutAccounts, withdrawals, type PayoutAccountRow, type WithdrawalRow } from './schema';

// ── payout accounts ─────────────────────────────────────────────────────────────────────────────

export function activePayoutAccounts(q: Queryable, merchantId: number, memberId: number): Promise<PayoutAccountRow[]> {
  return q
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.merchantId, merchantId),
        eq(payoutAccounts.memberId, memberId),
        eq(payoutAccounts.removed, false),
      ),
    )
    .orderBy(payoutAccounts.id);
}

export async function findActivePayoutAccount(
  q: Queryable,
  merchantId: number,
  memberId: number,
  id: number,
): Promise<PayoutAccountRow | undefined> {
  const [row] = await q
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.id, id),
        eq(payoutAccounts.merchantId, merchantId),
        eq(payoutAccounts.memberId, memberId),
        eq(payoutAccounts.removed, false),
      ),
    );
  return row;
}

export async function insertPayoutAccount(
  q: Queryable,
  values: typeof payoutAccounts.$inferInsert,
): Promise<PayoutAccountRow> {
  const [row] = await q.insert(payoutAccounts).values(values).returning();
  return row!;
}

/** True when an active account of the member was removed. */
export async function markPayoutAccountRemoved(
  q: Queryable,
  merchantId: number,
  memberId: number,
  id: number,
): Promise<boolean> {
  const rows = await q
    .update(payoutAccounts)
    .set({ removed: true })
    .where(
      and(
        eq(payoutAccounts.id, id),
        eq(payoutAccounts.merchantId, merchantId),
        eq(payoutAccounts.memberId, memberId),
        eq(payoutAccounts.removed, false),
      ),
    )
    .returning({ id: payoutAccounts.id });
  return rows.length > 0;
}

// ── withdrawals ─────────────────────────────────────────────────────────────────────────────────

export interface DailyUse {
  count: number;
  amount: bigint;
}

/** Withdrawals submitted in [start, end) that still use the day's limits (rejected ones gave the money back). */
export async function withdrawalsUsed(
  q: Queryable,
  merchantId: number,
  memberId: number,
  start: Date,
  end: Date,
): Promise<DailyUse> {
  const [row] = await q
    .select({ count: count(), amount: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.merchantId, merchantId),
        eq(withdrawals.memberId, memberId),
        ne(withdrawals.status, 'rejected'),
        gte(withdrawals.createdAt, start),
        lt(withdrawals.createdAt, end),
      ),
    );
  return { count: row?.count ?? 0, amount: BigInt(row?.amount ?? 0) };
}

export async function insertWithdrawal(tx: Tx, values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  return row!;
}

/** The withdrawal, locked until the transaction ends: one operator decision at a time. */
export async function lockWithdrawal(tx: Tx, merchantId: number, orderNo: string): Promise<WithdrawalRow | undefined> {
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.merchantId, merchantId), eq(withdrawals.orderNo, orderNo)))
    .for('update');
  return row;
}

export async function recordDecision(
  tx: Tx,
  id: number,
  decision: { status: WithdrawStatus; note: string | null; decidedAt: Date },
): Promise<WithdrawalRow> {
  const [row] = await tx.update(withdrawals).set(decision).where(eq(withdrawals.id, id)).returning();
  return row!;
}

/** A withdrawal with where it is paid to. */
export interface WithdrawalWithPayout {
  withdrawal: WithdrawalRow;
  payout: PayoutAccountRow;
}

function selectWithPayout(q: Queryable) {
  return q
    .select({ withdrawal: withdrawals, payout: payoutAccounts })
    .from(withdrawals)
    .innerJoin(payoutAccounts, eq(payoutAccounts.id, withdrawals.payoutAccountId));
}

export async function withdrawalWithPayout(q: Queryable, id: number): Promise<WithdrawalWithPayout | undefined> {
  const [row] = await selectWithPayout(q).where(eq(withdrawals.id, id));
  return row;
}

async function withdrawalsPage(
  q: Queryable,
  where: SQL | undefined,
  page: { page: number; pageSize: number },
): Promise<{ rows: WithdrawalWithPayout[]; total: number }> {
  const rows = await selectWithPayout(q)
    .where(where)
    .orderBy(desc(withdrawals.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await q.select({ total: count() }).from(withdrawals).where(where);
  return { rows, total: total?.total ?? 0 };
}

export interface ReportFilter {
  status?: WithdrawStatus | undefined;
  start: Date;
  end: Date;
}

/** One page of the member's withdrawals, with the paid and pending totals of the whole filtered range. */
export async function memberWithdrawals(
  q: Queryable,
  merchantId: number,
  memberId: number,
  filter: ReportFilter,
  page: { page: number; pageSize: number },
) {
  const where = and(
    eq(withdrawals.merchantId, merchantId),
    eq(withdrawals.memberId, memberId),
    gte(withdrawals.createdAt, filter.start),
    lt(withdrawals.createdAt, filter.end),
    filter.status ? eq(withdrawals.status, filter.status) : undefined,
  );
  const { rows, total } = await withdrawalsPage(q, where, page);
  const [totals] = await q
    .select({
      paid: sql<string>`coalesce(sum(${withdrawals.amount}) filter (where ${withdrawals.status} = 'paid'), 0)`,
      pending: sql<string>`coalesce(sum(${withdrawals.amount}) filter (where ${withdrawals.status} = 'pending'), 0)`,
    })
    .from(withdrawals)
    .where(where);
  return { rows, total, paidAmount: BigInt(totals?.paid ?? 0), pendingAmount: BigInt(totals?.pending ?? 0) };
}

/** One page of a merchant's withdrawals for the operator, newest first. */
export function merchantWithdrawals(
  q: Queryable,
  merchantId: number,
  status: WithdrawStatus | undefined,
  page: { page: number; pageSize: number },
) {
  return withdrawalsPage(
    q,
    and(eq(withdrawals.merchantId, merchantId), status ? eq(withdrawals.status, status) : undefined),
    page,
  );
}

/**
 * What the member's withdrawals not yet decided hold back from their wallet, as a scalar subquery
 * (numeric): the wallet reads it in the same statement as the balance, one round trip for both.
 */
export function pendingAmountSql(
  merchantId: number | Placeholder | SQL,
  memberId: number | Placeholder | SQL,
): SQL<string> {
  return sql<string>`(select coalesce(sum(${withdrawals.amount}), 0) from ${withdrawals}
    where ${withdrawals.merchantId} = ${merchantId} and ${withdrawals.memberId} = ${memberId} and ${withdrawals.status} = 'pending')`;
}

/** The member's paid withdrawals per day of the time zone, paid in [start, end). */
export async function paidPerDay(
  q: Queryable,
  merchantId: number,
  memberId: number,
  timeZone: string,
  range: { start: Date; end: Date },
) {
  const paidDay = sql<string>`to_char(${withdrawals.decidedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await q
    .select({ day: paidDay, amount: sql<string>`sum(${withdrawals.amount})` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.merchantId, merchantId),
        eq(withdrawals.memberId, memberId),
        eq(withdrawals.status, 'paid'),
        gte(withdrawals.decidedAt, range.start),
        lt(withdrawals.decidedAt, range.end),
      ),
    )
    // By position: the day expression carries the time zone as a parameter.
    .groupBy(sql`1`);
  return rows.map((row) => ({ day: row.day, amount: BigInt(row.amount) }));
}
