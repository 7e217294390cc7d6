import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ERROR_CODES } from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { ledgerAccounts, type JournalKind, type LedgerAccountKind, type LedgerAccountRow } from './schema';

/** The PostgreSQL channel every committed movement of a member's wallet is announced on. */
export const WALLET_CHANNEL = 'palaro_wallet';

/**
 * The members of one merchant whose wallet moved (a transfer moves two). A NOTIFY payload is a JSON
 * array of these: one posting, or everything a group transaction or a bulk posting moved.
 */
export interface WalletNotice {
  merchantId: number;
  memberIds: number[];
  reason: string;
}

export interface LedgerLine {
  accountId: bigint;
  /** Signed minor units: positive credits the account. */
  amount: bigint;
}

export interface EntryDraft {
  merchantId: number;
  kind: JournalKind;
  /** The business row's number; one entry per (kind, reference), so a movement cannot be posted twice. */
  reference: string;
  category?: string | null;
  memo?: string | null;
  lines: LedgerLine[];
}

export interface PostedEntry {
  entryId: bigint;
  /** Balance of each account after the entry, by account id. */
  balances: Map<bigint, bigint>;
}

/** A journal entry must move money between at least two distinct accounts and sum to exactly zero. */
export function assertBalanced(lines: readonly LedgerLine[]): void {
  if (lines.length < 2) throw new Error('A journal entry needs at least two lines');
  if (new Set(lines.map((line) => line.accountId)).size !== lines.length) throw new Error('A journal entry names each account once');
  if (lines.some((line) => line.amount === 0n)) throw new Error('A journal line cannot be zero');
  const sum = lines.reduce((total, line) => total + line.amount, 0n);
  if (sum !== 0n) throw new Error(`Journal entry lines sum to ${sum}, not zero`);
}

export class AlreadyPostedError extends Error {
  constructor(kind: JournalKind, reference: string, options?: ErrorOptions) {
    super(`A ${kind} entry for ${reference} is already posted`, options);
    this.name = 'AlreadyPostedError';
  }
}

export function insufficientBalance(): DomainError {
  return new DomainError(ERROR_CODES.insufficientBalance, 'Insufficient balance');
}

/**
 * Transactions whose wallet notices are gathered rather than sent at once: a group transaction
 * (group-commit.ts) sends one NOTIFY for all its postings just before it commits.
 */
const gatheredNotices = new WeakMap<Tx, WalletNotice[]>();

/** From now on the postings in `tx` add their notices to the answered list instead of sending them. */
export function gatherWalletNotices(tx: Tx): WalletNotice[] {
  const notices: WalletNotice[] = [];
  gatheredNotices.set(tx, notices);
  return notices;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; stay well below. */
const NOTICE_PAYLOAD_LIMIT = 7000;

/** The notices merged per merchant and reason, as JSON payloads each below the NOTIFY limit. */
export function noticePayloads(notices: readonly WalletNotice[]): string[] {
  const merged = new Map<string, WalletNotice & { seen: Set<number> }>();
  for (const notice of notices) {
    const key = `${notice.merchantId}:${notice.reason}`;
    const into = merged.get(key) ?? { merchantId: notice.merchantId, memberIds: [], reason: notice.reason, seen: new Set<number>() };
    merged.set(key, into);
    for (const memberId of notice.memberIds) {
      if (into.seen.has(memberId)) continue;
      into.seen.add(memberId);
      into.memberIds.push(memberId);
    }
  }
  const payloads: string[] = [];
  let batch: WalletNotice[] = [];
  let batchLength = 2;
  const flush = () => {
    if (batch.length > 0) payloads.push(JSON.stringify(batch));
    batch = [];
    batchLength = 2;
  };
  for (const { merchantId, reason, memberIds } of merged.values()) {
    // A notice's fixed part is under 100 bytes and a member id under 17 digits.
    const perNotice = Math.max(1, Math.floor((NOTICE_PAYLOAD_LIMIT - 100) / 17));
    for (let start = 0; start < memberIds.length; start += perNotice) {
      const notice: WalletNotice = { merchantId, memberIds: memberIds.slice(start, start + perNotice), reason };
      const length = JSON.stringify(notice).length + 1;
      if (batchLength + length > NOTICE_PAYLOAD_LIMIT) flush();
      batch.push(notice);
      batchLength += length;
    }
  }
  flush();
  return payloads;
}

/** Sends the notices on WALLET_CHANNEL in one statement; PostgreSQL delivers them only if `q`'s transaction commits. */
export async function announceWalletNotices(q: Queryable, notices: readonly WalletNotice[]): Promise<void> {
  const payloads = noticePayloads(notices);
  if (payloads.length === 0) return;
  await q.execute(sql`select pg_notify(${WALLET_CHANNEL}, payload) from unnest(${sql.param(payloads)}::text[]) as payload`);
}

interface PostedLineRow {
  allowed: boolean;
  position: number | null;
  entry_id: string | null;
  account_id: string | null;
  balance_after: string | null;
  member_id: string | null;
}

const ENTRY_REFERENCE_INDEX = 'journal_entries_merchant_kind_reference';

function violatedConstraint(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return undefined;
}

/**
 * The one statement that posts `drafts` (see postEntries). Its joins are all against a handful of
 * rows (the accounts, the one verdict, the one array of entry ids): planned on estimates, a join of
 * two large inputs could turn quadratic, and a settlement brings thousands of lines.
 */
function postingStatement(drafts: readonly EntryDraft[]): SQL {
  const linePositions: number[] = [];
  const lineMerchants: number[] = [];
  const accountIds: string[] = [];
  const amounts: string[] = [];
  drafts.forEach((draft, position) => {
    assertBalanced(draft.lines);
    for (const line of draft.lines) {
      linePositions.push(position);
      lineMerchants.push(draft.merchantId);
      accountIds.push(line.accountId.toString());
      amounts.push(line.amount.toString());
    }
  });
  const column = <T>(pick: (draft: EntryDraft) => T) => sql.param(drafts.map(pick));
  return sql`
    with entry_rows as materialized (
      select merchant_id, kind, reference, category, memo, (position - 1)::int as position
      from unnest(${column((draft) => draft.merchantId)}::int[], ${column((draft) => draft.kind)}::text[], ${column((draft) => draft.reference)}::text[],
                  ${column((draft) => draft.category ?? null)}::text[], ${column((draft) => draft.memo ?? null)}::text[])
           with ordinality as input(merchant_id, kind, reference, category, memo, position)
    ),
    line_rows as materialized (
      select * from unnest(${sql.param(linePositions)}::int[], ${sql.param(lineMerchants)}::int[], ${sql.param(accountIds)}::bigint[], ${sql.param(amounts)}::bigint[])
        as input(position, merchant_id, account_id, amount)
    ),
    locked as materialized (
      select id, merchant_id, balance, may_go_negative, member_id from ledger_accounts
      where id in (select account_id from line_rows) order by id for update
    ),
    running as materialized (
      select l.position, l.account_id, l.amount, k.member_id, k.may_go_negative,
             (k.balance + sum(l.amount) over (partition by l.account_id order by l.position))::bigint as balance_after
      from line_rows l join locked k on k.id = l.account_id and k.merchant_id = l.merchant_id
    ),
    verdict as materialized (
      select count(*) = ${accountIds.length} and coalesce(bool_and(may_go_negative or balance_after >= 0), true) as allowed from running
    ),
    entry_ids as materialized (
      select array(select nextval(pg_get_serial_sequence('journal_entries', 'id')) from generate_series(1, ${drafts.length}) where (select allowed from verdict)) as ids
    ),
    entries as (
      insert into journal_entries (id, merchant_id, kind, reference, category, memo) overriding system value
      select ids[e.position + 1], e.merchant_id, e.kind, e.reference, e.category, e.memo from entry_rows e, entry_ids, verdict where verdict.allowed
    ),
    moved as (
      update ledger_accounts a set balance = a.balance + d.delta
      from (select account_id, sum(amount)::bigint as delta from line_rows group by account_id) d, verdict
      where verdict.allowed and a.id = d.account_id
    ),
    inserted as (
      -- Line ids follow each account's running order: ledger:verify recomputes balances in id order.
      insert into journal_lines (entry_id, account_id, amount, balance_after)
      select ids[r.position + 1], r.account_id, r.amount, r.balance_after from running r, entry_ids, verdict where verdict.allowed
      order by r.account_id, r.position
    )
    select v.allowed, r.position, (ids[r.position + 1])::text as entry_id, r.account_id::text as account_id,
           r.balance_after::text as balance_after, r.member_id::text as member_id
    from verdict v cross join entry_ids left join running r on v.allowed`;
}

const dialect = new PgDialect();
/** The name of the one-entry posting statement, prepared once per connection. */
const SINGLE_POSTING = 'palaro_post_entry';

/**
 * A single posting, the hot path, runs as a named prepared statement: parsed and planned once per
 * connection rather than on every transfer. A bulk is planned each time, with its real sizes: a plan
 * made for a handful of rows could be ruinous for a settlement's thousands.
 */
async function executePosting(tx: Tx, drafts: readonly EntryDraft[]): Promise<PostedLineRow[]> {
  const statement = postingStatement(drafts);
  const result = drafts.length === 1
    ? await tx._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, SINGLE_POSTING, false).execute()
    : await tx.execute(statement);
  return (result as unknown as { rows: PostedLineRow[] }).rows;
}

/**
 * Posts balanced entries inside the caller's transaction (the one that writes their business rows),
 * all of them or none, in one statement: it locks every account named (in id order, so two
 * postings over the same accounts cannot deadlock), computes each line's balance after it in entry
 * order, and only when every account exists in its entry's merchant and no account that may not
 * go negative would go below zero at any line, inserts the entries and their lines and moves each
 * account's balance once by the sum of its lines. So a member's wallet can never go below zero
 * whatever runs concurrently: the row lock orders the writers and the check refuses the overdraft
 * (the table's CHECK constraint is the second guard). A refusal changes nothing and leaves the
 * transaction usable; an entry already posted fails the statement (AlreadyPostedError), which
 * aborts the transaction like any failed statement (in a group, only the unit's savepoint).
 *
 * One statement whatever the number of entries: a settlement posts thousands set-wise. Members
 * whose wallet moved are announced on WALLET_CHANNEL (delivered only once the transaction commits):
 * at once, or with the group's one notice when `tx` gathers its notices.
 */
export async function postEntries(tx: Tx, drafts: readonly EntryDraft[]): Promise<PostedEntry[]> {
  if (drafts.length === 0) return [];
  let rows: PostedLineRow[];
  try {
    rows = await executePosting(tx, drafts);
  } catch (error) {
    if (violatedConstraint(error) === ENTRY_REFERENCE_INDEX) {
      const first = drafts[0]!;
      throw new AlreadyPostedError(first.kind, drafts.length === 1 ? first.reference : `one of ${drafts.length} references (first ${first.reference})`, { cause: error });
    }
    throw error;
  }
  if (!rows[0]?.allowed) throw insufficientBalance();

  const posted: PostedEntry[] = drafts.map(() => ({ entryId: 0n, balances: new Map<bigint, bigint>() }));
  const movedMembers: number[][] = drafts.map(() => []);
  for (const row of rows) {
    const entry = posted[row.position!]!;
    entry.entryId = BigInt(row.entry_id!);
    entry.balances.set(BigInt(row.account_id!), BigInt(row.balance_after!));
    if (row.member_id !== null) movedMembers[row.position!]!.push(Number(row.member_id));
  }
  const notices = drafts.flatMap((draft, position) =>
    movedMembers[position]!.length > 0 ? [{ merchantId: draft.merchantId, memberIds: movedMembers[position]!, reason: draft.kind }] : []);
  const gathering = gatheredNotices.get(tx);
  if (gathering) gathering.push(...notices);
  else await announceWalletNotices(tx, notices);
  return posted;
}

/** Posts one balanced entry inside the caller's transaction: `postEntries` with one entry. */
export async function postEntry(tx: Tx, draft: EntryDraft): Promise<PostedEntry> {
  const [posted] = await postEntries(tx, [draft]);
  return posted!;
}

/** Ledger accounts the platform holds, one per merchant (and per channel for clearing accounts). */
export type SystemAccountKind = Exclude<LedgerAccountKind, 'member_cash'>;

async function accountByCode(q: Queryable, merchantId: number, code: string): Promise<LedgerAccountRow | undefined> {
  const [row] = await q.select().from(ledgerAccounts).where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.code, code)));
  return row;
}

async function accountFor(
  q: Queryable,
  merchantId: number,
  code: string,
  values: Pick<LedgerAccountRow, 'kind' | 'memberId' | 'channelId' | 'mayGoNegative'>,
): Promise<LedgerAccountRow> {
  const existing = await accountByCode(q, merchantId, code);
  if (existing) return existing;
  await q.insert(ledgerAccounts).values({ merchantId, code, ...values }).onConflictDoNothing();
  const created = await accountByCode(q, merchantId, code);
  if (!created) throw new Error(`ledger account ${code} missing right after its insert`);
  return created;
}

export const memberAccountCode = (memberId: number) => `member:${memberId}`;

/** The member's cash wallet, opened on first use. */
export function memberCashAccount(q: Queryable, merchantId: number, memberId: number): Promise<LedgerAccountRow> {
  return accountFor(q, merchantId, memberAccountCode(memberId), { kind: 'member_cash', memberId, channelId: null, mayGoNegative: false });
}

export function systemAccount(q: Queryable, merchantId: number, kind: SystemAccountKind, channelId: number | null = null): Promise<LedgerAccountRow> {
  const code = channelId === null ? kind : `${kind}:${channelId}`;
  return accountFor(q, merchantId, code, { kind, memberId: null, channelId, mayGoNegative: true });
}

/** The member's cash balance (0 before the wallet is first used). */
export async function memberBalance(q: Queryable, merchantId: number, memberId: number): Promise<bigint> {
  return (await accountByCode(q, merchantId, memberAccountCode(memberId)))?.balance ?? 0n;
}

/**
 * Locks the member's wallet row for the rest of the transaction: checks that read more than the
 * balance (today's withdrawal count, the turnover left) then see no concurrent change.
 */
export async function lockMemberWallet(tx: Tx, merchantId: number, memberId: number): Promise<LedgerAccountRow> {
  const account = await memberCashAccount(tx, merchantId, memberId);
  const [locked] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, account.id)).for('update');
  return locked!;
}
