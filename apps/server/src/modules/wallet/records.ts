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
import { DomainError } from '../../platform/http/errors';
import { addDays, dayRange } from '../../platform/time-zone';
import { memberAccountCode } from './ledger-accounts';
import type { JournalKind } from './schema';
import * as store from './store/records';
import type { RecordRow, RecordsPageAsk, RecordsPageReader } from './store/records';
import type { WithdrawalFigures } from './store/withdrawal-figures';

export type { WithdrawalFigures } from './store/withdrawal-figures';

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
 * Pages of records for the HTTP reads, read in groups (platform/db/grouped-reads.ts): the pages of
 * the same set of record types asked for while one statement runs are read together by the next.
 * Sets past MAX_PREPARED_TYPE_SETS are read one by one. Only on the app's own handle.
 */
export function groupedRecordsPages(db: Db): RecordsPageReader {
  const groups = new Map<string, GroupedReads<RecordsPageAsk, RecordRow[]>>();
  const single = store.singleRecordsPages(db);
  return (types, ask) => {
    const key = types.join(',');
    let group = groups.get(key);
    if (!group) {
      if (groups.size >= store.MAX_PREPARED_TYPE_SETS) return single(types, ask);
      const readPages = store.groupedPagesReader(db, types);
      group = new GroupedReads(async (asks) => {
        const rows = await readPages(asks);
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
  readPage: RecordsPageReader = store.singleRecordsPages(q),
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
    rows.length > 0 || query.page === 1 ? rows : await store.recordsSummary(q, types, merchant.id, accountCode, range);
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
  const movements = await store.movementsPerDay(q, merchant, memberAccountCode(memberId), range);
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
