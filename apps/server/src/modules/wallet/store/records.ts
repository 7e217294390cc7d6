import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { RecordType } from '@palaro/contract';
import type { Db, Queryable } from '../../../platform/db/database';
import { preparedPerHandle } from '../../../platform/db/prepared';
import { journalEntries, journalLines, ledgerAccounts, type JournalKind } from '../schema';

/** The journal kinds (and, for transfers, the sign) behind a set of record types. */
function kindsCondition(types: readonly RecordType[]): SQL {
  const conditions: SQL[] = [];
  const plainKinds = types.filter(
    (type): type is Exclude<RecordType, 'withdraw' | 'withdraw_refund' | 'transfer_out' | 'transfer_in'> =>
      !['withdraw', 'withdraw_refund', 'transfer_out', 'transfer_in'].includes(type),
  );
  if (plainKinds.length > 0) conditions.push(inArray(journalEntries.kind, plainKinds));
  if (types.includes('withdraw')) conditions.push(eq(journalEntries.kind, 'withdraw_hold'));
  if (types.includes('withdraw_refund')) conditions.push(eq(journalEntries.kind, 'withdraw_release'));
  if (types.includes('transfer_out'))
    conditions.push(sql`(${journalEntries.kind} = 'upline_transfer' and ${journalLines.amount} < 0)`);
  if (types.includes('transfer_in'))
    conditions.push(sql`(${journalEntries.kind} = 'upline_transfer' and ${journalLines.amount} > 0)`);
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/**
 * Count and sums of every line the records' filter matches: as window aggregates (`over ()`) they
 * ride beside each row of the page; plain, they are read alone.
 */
function summaryColumns(window: SQL) {
  return {
    total: sql<number>`(count(*) ${window})::int`,
    credited: sql<string>`coalesce(sum(${journalLines.amount}) filter (where ${journalLines.amount} > 0) ${window}, 0)`,
    debited: sql<string>`coalesce(-sum(${journalLines.amount}) filter (where ${journalLines.amount} < 0) ${window}, 0)`,
  };
}

type Bound = Placeholder | SQL;

/** The lines of a member's wallet in a time range whose record types are among `types`. */
function recordsFilter(
  types: readonly RecordType[],
  merchantId: number | Bound,
  accountCode: string | Bound,
  start: Date | Bound,
  end: Date | Bound,
): SQL | undefined {
  return and(
    eq(ledgerAccounts.merchantId, merchantId),
    eq(ledgerAccounts.code, accountCode),
    gte(journalLines.createdAt, start),
    lt(journalLines.createdAt, end),
    kindsCondition(types),
  );
}

/** What one request asks of a page of records: whose, which days, which rows. */
export interface RecordsPageAsk {
  merchantId: number;
  accountCode: string;
  /** ISO instants: [start, end). */
  start: string;
  end: string;
  limit: number;
  offset: number;
}

export interface RecordRow {
  id: bigint;
  amount: bigint;
  balanceAfter: bigint;
  time: Date;
  kind: JournalKind;
  reference: string;
  memo: string | null;
  total: number;
  credited: string;
  debited: string;
}

/** A page of records of one set of record types, for one ask or for a group of them. */
export type RecordsPageReader = (types: readonly RecordType[], ask: RecordsPageAsk) => Promise<RecordRow[]>;

/** A name PostgreSQL takes whole (at most 63 characters), the same for the same set in every process. */
function statementName(prefix: string, types: readonly RecordType[]): string {
  return `${prefix}_${createHash('sha256').update(types.join(',')).digest('hex').slice(0, 16)}`;
}

function recordsPageStatement(q: Queryable, types: readonly RecordType[], name: string) {
  return q
    .select({
      id: journalLines.id,
      amount: journalLines.amount,
      balanceAfter: journalLines.balanceAfter,
      time: journalLines.createdAt,
      kind: journalEntries.kind,
      reference: journalEntries.reference,
      memo: journalEntries.memo,
      ...summaryColumns(sql`over ()`),
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(
      recordsFilter(
        types,
        sql.placeholder('merchantId'),
        sql.placeholder('accountCode'),
        sql.placeholder('start'),
        sql.placeholder('end'),
      ),
    )
    .orderBy(desc(journalLines.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

/**
 * A page's statement per set of record types (the filter's shape), prepared once per query handle:
 * the default (every type) and the few filters the records screen offers. Past this many sets, a
 * request's own set is built for it alone, so made-up combinations cannot grow the maps.
 */
export const MAX_PREPARED_TYPE_SETS = 32;
const recordsPageStatements = new Map<string, (q: Queryable) => ReturnType<typeof recordsPageStatement>>();

function recordsPageStatementFor(q: Queryable, types: readonly RecordType[]) {
  const key = types.join(',');
  let statementFor = recordsPageStatements.get(key);
  if (!statementFor) {
    // No name: PostgreSQL parses it as an unnamed statement and keeps nothing.
    if (recordsPageStatements.size >= MAX_PREPARED_TYPE_SETS) return recordsPageStatement(q, types, '');
    const name = statementName('wallet_records', types);
    statementFor = preparedPerHandle((handle) => recordsPageStatement(handle, types, name));
    recordsPageStatements.set(key, statementFor);
  }
  return statementFor(q);
}

/** One page of records read by a statement of its own, in `q` (the app's database or a transaction). */
export function singleRecordsPages(q: Queryable): RecordsPageReader {
  return (types, ask) => recordsPageStatementFor(q, types).execute({ ...ask });
}

/**
 * The pages of many asks in one statement: a lateral page per asked member over unnest(...),
 * numbered newest first, with each member's count and sums as window aggregates of their own.
 */
function groupedPagesStatement(db: Db, types: readonly RecordType[]) {
  const asked = sql`asked`;
  const window = sql`over ()`;
  const page = db
    .select({
      id: journalLines.id,
      amount: journalLines.amount,
      balanceAfter: journalLines.balanceAfter,
      time: journalLines.createdAt,
      kind: journalEntries.kind,
      reference: journalEntries.reference,
      memo: journalEntries.memo,
      total: sql<number>`(count(*) ${window})::int`.as('total'),
      credited:
        sql<string>`coalesce(sum(${journalLines.amount}) filter (where ${journalLines.amount} > 0) ${window}, 0)`.as(
          'credited',
        ),
      debited:
        sql<string>`coalesce(-sum(${journalLines.amount}) filter (where ${journalLines.amount} < 0) ${window}, 0)`.as(
          'debited',
        ),
      rowNumber: sql<number>`row_number() over (order by ${journalLines.id} desc)`.as('row_number'),
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(
      recordsFilter(
        types,
        sql`${asked}.merchant_id`,
        sql`${asked}.account_code`,
        sql`${asked}.start_at`,
        sql`${asked}.end_at`,
      ),
    )
    .as('page');
  return db
    .select({
      position: sql<string>`${asked}.position`,
      id: page.id,
      amount: page.amount,
      balanceAfter: page.balanceAfter,
      time: page.time,
      kind: page.kind,
      reference: page.reference,
      memo: page.memo,
      total: page.total,
      credited: page.credited,
      debited: page.debited,
    })
    .from(
      sql`unnest(${sql.placeholder('merchantIds')}::int[], ${sql.placeholder('accountCodes')}::text[],
        ${sql.placeholder('starts')}::timestamptz[], ${sql.placeholder('ends')}::timestamptz[],
        ${sql.placeholder('limits')}::int[], ${sql.placeholder('offsets')}::int[])
      with ordinality as ${asked} (merchant_id, account_code, start_at, end_at, page_limit, page_offset, position)`,
    )
    .crossJoinLateral(page)
    .where(
      sql`${page.rowNumber} > ${asked}.page_offset and ${page.rowNumber} <= ${asked}.page_offset + ${asked}.page_limit`,
    )
    .orderBy(sql`${asked}.position`, page.rowNumber)
    .prepare(statementName('wallet_record_pages', types));
}

/**
 * The pages of many asks of one set of record types in one statement, each row with the 1-based
 * position of its ask; prepared on the first read, on the app's own handle.
 */
export function groupedPagesReader(
  db: Db,
  types: readonly RecordType[],
): (asks: readonly RecordsPageAsk[]) => Promise<(RecordRow & { position: string })[]> {
  let statement: ReturnType<typeof groupedPagesStatement> | null = null;
  return (asks) => {
    statement ??= groupedPagesStatement(db, types);
    return statement.execute({
      merchantIds: asks.map(({ merchantId }) => merchantId),
      accountCodes: asks.map(({ accountCode }) => accountCode),
      starts: asks.map(({ start }) => start),
      ends: asks.map(({ end }) => end),
      limits: asks.map(({ limit }) => limit),
      offsets: asks.map(({ offset }) => offset),
    });
  };
}

/** The count and sums of every line of the member's wallet that the records' filter matches, read alone. */
export function recordsSummary(
  q: Queryable,
  types: readonly RecordType[],
  merchantId: number,
  accountCode: string,
  range: { start: Date; end: Date },
): Promise<{ total: number; credited: string; debited: string }[]> {
  return q
    .select(summaryColumns(sql``))
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(recordsFilter(types, merchantId, accountCode, range.start, range.end));
}

/**
 * What moved the member's wallet in [start, end), summed per local day (YYYY-MM-DD in the time
 * zone), journal kind and game category, for the kinds profit and loss counts.
 */
export function movementsPerDay(
  q: Queryable,
  merchant: { id: number; timeZone: string },
  accountCode: string,
  range: { start: Date; end: Date },
): Promise<{ day: string; kind: JournalKind; category: string | null; amount: string }[]> {
  const localDay = sql<string>`to_char(${journalLines.createdAt} at time zone ${merchant.timeZone}, 'YYYY-MM-DD')`;
  return (
    q
      .select({
        day: localDay,
        kind: journalEntries.kind,
        category: journalEntries.category,
        amount: sql<string>`sum(${journalLines.amount})`,
      })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
      .where(
        and(
          eq(ledgerAccounts.merchantId, merchant.id),
          eq(ledgerAccounts.code, accountCode),
          gte(journalLines.createdAt, range.start),
          lt(journalLines.createdAt, range.end),
          inArray(journalEntries.kind, ['deposit', 'bet', 'win', 'rebate', 'bonus', 'bet_refund']),
        ),
      )
      // By position: the day expression carries the time zone as a parameter, and PostgreSQL does
      // not match two parameterised expressions as one.
      .groupBy(sql`1`, journalEntries.kind, journalEntries.category)
  );
}

/** Which of these members' wallets were ever credited by a deposit. */
export async function membersWithDeposit(
  q: Queryable,
  merchantId: number,
  memberIds: readonly number[],
): Promise<number[]> {
  if (memberIds.length === 0) return [];
  const rows = await q
    .selectDistinct({ memberId: ledgerAccounts.memberId })
    .from(ledgerAccounts)
    .innerJoin(journalLines, eq(journalLines.accountId, ledgerAccounts.id))
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        eq(ledgerAccounts.merchantId, merchantId),
        inArray(ledgerAccounts.memberId, [...memberIds]),
        eq(journalEntries.kind, 'deposit'),
        gt(journalLines.amount, 0n),
      ),
    );
  return rows.flatMap((row) => (row.memberId === null ? [] : [row.memberId]));
}

/** One journal line of a member's wallet, with its entry's kind (what the promotion rules read). */
export interface MemberMovement {
  memberId: number;
  kind: string;
  reference: string;
  category: string | null;
  /** Signed: positive credited the wallet. */
  amount: bigint;
  createdAt: Date;
}

/** The members' wallet lines of these kinds in [from, to), oldest first (to null: up to now). */
export async function memberMovements(
  q: Queryable,
  merchantId: number,
  memberIds: readonly number[],
  kinds: readonly string[],
  from: Date,
  to: Date | null,
): Promise<MemberMovement[]> {
  if (memberIds.length === 0 || kinds.length === 0) return [];
  const rows = await q
    .select({
      memberId: ledgerAccounts.memberId,
      kind: journalEntries.kind,
      reference: journalEntries.reference,
      category: journalEntries.category,
      amount: journalLines.amount,
      createdAt: journalLines.createdAt,
    })
    .from(ledgerAccounts)
    .innerJoin(journalLines, eq(journalLines.accountId, ledgerAccounts.id))
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        eq(ledgerAccounts.merchantId, merchantId),
        eq(ledgerAccounts.kind, 'member_cash'),
        inArray(ledgerAccounts.memberId, [...memberIds]),
        inArray(journalEntries.kind, [...kinds] as never[]),
        gte(journalLines.createdAt, from),
        ...(to ? [lt(journalLines.createdAt, to)] : []),
      ),
    )
    .orderBy(asc(journalLines.id));
  return rows.map((row) => ({ ...row, memberId: row.memberId!, amount: row.amount }));
}

/** The members whose wallet had a line of these kinds since `since` (the automatic promotions' candidates). */
export async function membersMovedSince(
  q: Queryable,
  merchantId: number,
  kinds: readonly string[],
  since: Date,
  limit: number,
): Promise<number[]> {
  const rows = await q
    .selectDistinct({ memberId: ledgerAccounts.memberId })
    .from(ledgerAccounts)
    .innerJoin(journalLines, eq(journalLines.accountId, ledgerAccounts.id))
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        eq(ledgerAccounts.merchantId, merchantId),
        eq(ledgerAccounts.kind, 'member_cash'),
        inArray(journalEntries.kind, [...kinds] as never[]),
        gte(journalLines.createdAt, since),
      ),
    )
    .limit(limit);
  return rows.flatMap((row) => (row.memberId === null ? [] : [row.memberId]));
}
