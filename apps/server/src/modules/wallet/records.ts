import { createHash } from 'node:crypto';
import { and, desc, eq, gte, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  ALL_RECORD_TYPES,
  ERROR_CODES,
  fieldError,
  RECORD_TYPES,
  REPORT_MAX_DAYS,
  type RecordType,
  type TAccountRecords,
  type TProfitAndLoss,
} from '@palaro/contract';
import type { Db, Queryable } from '../../platform/db/database';
import { GroupedReads } from '../../platform/db/grouped-reads';
import { preparedPerHandle } from '../../platform/db/prepared';
import { DomainError } from '../../platform/http/errors';
import { addDays, dayRange } from '../../platform/time-zone';
import { memberAccountCode } from './ledger-accounts';
import { journalEntries, journalLines, ledgerAccounts, type JournalKind } from './schema';

const DEFAULT_REPORT_DAYS = 7;

/** The record type a member sees for a line of their wallet. */
export function recordTypeOf(kind: JournalKind, amount: bigint): RecordType {
  switch (kind) {
    case 'withdraw_hold':
    case 'withdraw_paid':
      return 'withdraw';
    case 'withdraw_release':
      return 'withdraw_refund';
    case 'upline_transfer':
      return amount < 0n ? 'transfer_out' : 'transfer_in';
    default:
      return kind;
  }
}

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

/** "deposit,withdraw" → those types; missing, empty or A → every type; an unknown type is bad input. */
export function parseRecordTypes(types: string | undefined): RecordType[] {
  if (!types || types === ALL_RECORD_TYPES) return [...RECORD_TYPES];
  const asked = types
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  const unknown = asked.filter((type) => !(RECORD_TYPES as readonly string[]).includes(type));
  if (unknown.length > 0 || asked.length === 0) {
    throw new DomainError(ERROR_CODES.validation, `Unknown record type: ${unknown.join(', ')}`, {
      fields: [fieldError('types')],
    });
  }
  return asked as RecordType[];
}

/**
 * The record types a filter asks for, deduplicated and in one order, so that the same set asked
 * in another order shares its statement. Kept per filter: the screens send a handful, and parsing
 * one cost a read of records more than a microsecond. Emptied past its bound; a bad filter throws
 * and is never kept.
 */
const typeSets = new Map<string, readonly RecordType[]>();
const MAX_KEPT_TYPE_FILTERS = 256;

function recordTypeSet(types: string | undefined): readonly RecordType[] {
  const filter = types ?? '';
  let set = typeSets.get(filter);
  if (!set) {
    set = [...new Set(parseRecordTypes(filter))].sort();
    if (typeSets.size >= MAX_KEPT_TYPE_FILTERS) typeSets.clear();
    typeSets.set(filter, set);
  }
  return set;
}

export interface RecordsQuery {
  types?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
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

interface RecordRow {
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
const MAX_PREPARED_TYPE_SETS = 32;
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
 * Pages of records for the HTTP reads, read in groups (platform/db/grouped-reads.ts): the pages of
 * the same set of record types asked for while one statement runs are read together by the next.
 * Sets past MAX_PREPARED_TYPE_SETS are read one by one. Only on the app's own handle.
 */
export function groupedRecordsPages(db: Db): RecordsPageReader {
  const groups = new Map<string, GroupedReads<RecordsPageAsk, RecordRow[]>>();
  const single = singleRecordsPages(db);
  return (types, ask) => {
    const key = types.join(',');
    let group = groups.get(key);
    if (!group) {
      if (groups.size >= MAX_PREPARED_TYPE_SETS) return single(types, ask);
      let statement: ReturnType<typeof groupedPagesStatement> | null = null;
      group = new GroupedReads(async (asks) => {
        statement ??= groupedPagesStatement(db, types);
        const rows = await statement.execute({
          merchantIds: asks.map(({ merchantId }) => merchantId),
          accountCodes: asks.map(({ accountCode }) => accountCode),
          starts: asks.map(({ start }) => start),
          ends: asks.map(({ end }) => end),
          limits: asks.map(({ limit }) => limit),
          offsets: asks.map(({ offset }) => offset),
        });
        const pages = asks.map((): RecordRow[] => []);
        for (const { position, ...row } of rows) pages[Number(position) - 1]?.push(row);
        return pages;
      });
      groups.set(key, group);
    }
    return group.read(ask);
  };
}

/** The member's account records: every movement of their wallet with its balance after, newest first. */
export async function accountRecords(
  q: Queryable,
  merchant: { id: number; timeZone: string },
  memberId: number,
  query: RecordsQuery,
  now: Date,
  readPage: RecordsPageReader = singleRecordsPages(q),
): Promise<TAccountRecords> {
  const range = dayRange(query, merchant.timeZone, now, DEFAULT_REPORT_DAYS, REPORT_MAX_DAYS);
  const types = recordTypeSet(query.types);
  const accountCode = memberAccountCode(memberId);
  // The page and the totals of every matching line in one statement; a page past the end has no
  // row to carry the totals, and only then are they read on their own.
  const rows = await readPage(types, {
    merchantId: merchant.id,
    accountCode,
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const [summary] =
    rows.length > 0 || query.page === 1
      ? rows
      : await q
          .select(summaryColumns(sql``))
          .from(journalLines)
          .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
          .where(recordsFilter(types, merchant.id, accountCode, range.start, range.end));
  return {
    list: rows.map((row) => ({
      id: String(row.id),
      type: recordTypeOf(row.kind, row.amount),
      amount: Number(row.amount),
      balanceAfter: Number(row.balanceAfter),
      time: row.time.toISOString(),
      reference: row.reference,
      memo: row.memo,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: summary?.total ?? 0,
    totals: { credited: Number(summary?.credited ?? 0), debited: Number(summary?.debited ?? 0) },
    timeZone: merchant.timeZone,
  };
}

type Figures = TProfitAndLoss['totals'];
const emptyFigures = (): Figures => ({ deposits: 0, withdrawals: 0, bets: 0, wins: 0, rebates: 0, bonuses: 0, net: 0 });

/** Adds one movement of the member's wallet to a day's (or a category's) figures. */
export function addToFigures(figures: Figures, kind: JournalKind, amount: number): void {
  switch (kind) {
    case 'deposit':
      figures.deposits += amount;
      break;
    case 'bet':
      figures.bets += -amount;
      break;
    // A rolled-back bet did not happen: it leaves the bets.
    case 'bet_refund':
      figures.bets -= amount;
      break;
    case 'win':
      figures.wins += amount;
      break;
    case 'rebate':
      figures.rebates += amount;
      break;
    case 'bonus':
      figures.bonuses += amount;
      break;
    default:
      return;
  }
  figures.net = figures.wins + figures.rebates + figures.bonuses - figures.bets;
}

/**
 * What the wallet needs to know of withdrawals, which another module keeps (and which itself posts
 * to the wallet's ledger): handed in by the module list, so the wallet never imports it.
 */
export interface WithdrawalFigures {
  /**
   * What the member's withdrawals not yet decided hold back, as a scalar subquery to read beside
   * the balance (values, a prepared statement's placeholders, or the columns of the members asked for).
   */
  pendingAmountSql(merchantId: number | Placeholder | SQL, memberId: number | Placeholder | SQL): SQL<string>;
  /** The member's paid withdrawals per day (YYYY-MM-DD in the time zone) paid in [start, end). */
  paidPerDay(
    q: Queryable,
    merchant: { id: number; timeZone: string },
    memberId: number,
    range: { start: Date; end: Date },
  ): Promise<{ day: string; amount: bigint }[]>;
}

/**
 * Profit and loss per day and per game category over a day range in the merchant's time zone.
 * Deposits and bets come from the wallet's journal; withdrawals count when paid, on the day paid.
 */
export async function profitAndLoss(
  q: Queryable,
  withdrawals: WithdrawalFigures,
  merchant: { id: number; timeZone: string },
  memberId: number,
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<TProfitAndLoss> {
  const range = dayRange(query, merchant.timeZone, now, DEFAULT_REPORT_DAYS, REPORT_MAX_DAYS);
  const localDay = sql<string>`to_char(${journalLines.createdAt} at time zone ${merchant.timeZone}, 'YYYY-MM-DD')`;
  const movements = await q
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
        eq(ledgerAccounts.code, memberAccountCode(memberId)),
        gte(journalLines.createdAt, range.start),
        lt(journalLines.createdAt, range.end),
        inArray(journalEntries.kind, ['deposit', 'bet', 'win', 'rebate', 'bonus', 'bet_refund']),
      ),
    )
    // By position: the day expression carries the time zone as a parameter, and PostgreSQL does
    // not match two parameterised expressions as one.
    .groupBy(sql`1`, journalEntries.kind, journalEntries.category);
  const paid = await withdrawals.paidPerDay(q, merchant, memberId, range);

  const days = new Map<string, Figures>();
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.set(day, emptyFigures());
  const categories = new Map<string, Figures>();
  const totals = emptyFigures();
  for (const row of movements) {
    const amount = Number(row.amount);
    addToFigures(days.get(row.day) ?? emptyFigures(), row.kind, amount);
    addToFigures(totals, row.kind, amount);
    if (row.category && row.kind !== 'deposit' && row.kind !== 'bonus') {
      const figures = categories.get(row.category) ?? emptyFigures();
      addToFigures(figures, row.kind, amount);
      categories.set(row.category, figures);
    }
  }
  for (const row of paid) {
    const figures = days.get(row.day);
    if (figures) figures.withdrawals += Number(row.amount);
    totals.withdrawals += Number(row.amount);
  }
  return {
    from: range.from,
    to: range.to,
    timeZone: merchant.timeZone,
    days: [...days].reverse().map(([day, figures]) => ({ day, ...figures })),
    categories: [...categories].map(([category, figures]) => ({
      category,
      bets: figures.bets,
      wins: figures.wins,
      rebates: figures.rebates,
      net: figures.net,
    })),
    totals,
  };
}
