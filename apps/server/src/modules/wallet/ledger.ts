import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
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

/** What the posting statement answers: one row, its arrays in step with one another. */
interface PostingResult {
  allowed: boolean;
  /** Positions left out because their (kind, reference) is already in the journal (only when asked to skip them). */
  skipped: number[] | null;
  /** The entry id of each position. */
  entry_ids?: string[] | null;
  /** When allowed, one element per line posted. */
  line_positions?: number[] | null;
  line_accounts?: string[] | null;
  line_balances?: string[] | null;
  line_members?: (string | null)[] | null;
  /**
   * The accounts locked, with what a refusal was measured against: when refused, or always with
   * PostingAnswer 'notices' (their members are whose wallet moved).
   */
  account_ids: string[] | null;
  account_merchants: number[] | null;
  account_balances: string[] | null;
  account_may_go_negative: boolean[] | null;
  account_members: (string | null)[] | null;
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
 * PostgreSQL array literals built here rather than by the driver, which converts and escapes
 * element by element: for a settlement's ten thousand lines that was a tenth of the caller's time.
 */
const numberArray = (values: readonly (number | bigint)[]) => `{${values.join(',')}}`;
const textArray = (values: readonly (string | null)[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;

/**
 * What a posting statement answers when allowed: each line's balance after it (postEntries,
 * postEachEntry), or only the accounts it locked with their members, whose notices the caller
 * builds (postBulk: a settlement needs no balances, and ten thousand of them cost more to send and
 * parse than to compute).
 */
type PostingAnswer = 'lines' | 'notices';

/**
 * The lines of `drafts` in the order the statement wants them: by account, and in entry order
 * within an account (the order of each account's running balance, and of the line ids), with the
 * distinct accounts in id order (the order they are locked in). Sent sorted, the statement's sorts
 * for the running balances and the insert find their input in order (a pass, not a sort).
 */
function linesByAccount(drafts: readonly EntryDraft[]) {
  // A counting sort by account: thousands of lines without an object or a comparison of bigints each.
  const slotOf = new Map<bigint, number>();
  const distinct: bigint[] = [];
  const counts: number[] = [];
  let lineCount = 0;
  for (const draft of drafts) {
    assertBalanced(draft.lines);
    for (const line of draft.lines) {
      let slot = slotOf.get(line.accountId);
      if (slot === undefined) {
        slot = distinct.length;
        slotOf.set(line.accountId, slot);
        distinct.push(line.accountId);
        counts.push(0);
      }
      counts[slot]! += 1;
      lineCount += 1;
    }
  }
  const accounts = [...distinct].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const start: number[] = new Array<number>(distinct.length);
  let next = 0;
  for (const account of accounts) {
    const slot = slotOf.get(account)!;
    start[slot] = next;
    next += counts[slot]!;
  }
  const positions = new Array<number>(lineCount);
  const merchants = new Array<number>(lineCount);
  const lineAccounts = new Array<bigint>(lineCount);
  const amounts = new Array<bigint>(lineCount);
  drafts.forEach((draft, position) => {
    for (const line of draft.lines) {
      const at = start[slotOf.get(line.accountId)!]!++;
      positions[at] = position;
      merchants[at] = draft.merchantId;
      lineAccounts[at] = line.accountId;
      amounts[at] = line.amount;
    }
  });
  return { accounts, positions, merchants, lineAccounts, amounts };
}

/**
 * The one statement that posts `drafts`, all of them or none (see postEntries). With `skipPosted`,
 * entries whose (merchant, kind, reference) is already in the journal are left out (answered in
 * `skipped`) and the rest posted all or none. Its joins are all against a handful of rows (the
 * accounts, the one verdict, the one array of entry ids) or hashed: planned on estimates, a join of
 * two large inputs could turn quadratic, and a settlement brings thousands of lines. It answers one
 * row of arrays rather than a row per line: a settlement's ten thousand rows cost more to send and
 * parse than their values.
 */
function postingStatement(drafts: readonly EntryDraft[], skipPosted: boolean, answer: PostingAnswer): SQL {
  const lines = linesByAccount(drafts);
  const accounts = sql.param(numberArray(lines.accounts));
  const numbers = (pick: (draft: EntryDraft) => number) => sql.param(numberArray(drafts.map(pick)));
  const texts = (pick: (draft: EntryDraft) => string | null) => sql.param(textArray(drafts.map(pick)));
  const skipped = skipPosted
    ? sql`select e.position from entry_rows e
          where exists (select 1 from journal_entries j where j.merchant_id = e.merchant_id and j.kind = e.kind and j.reference = e.reference)`
    : sql`select null::int as position where false`;
  const kept = (alias: string) => skipPosted ? sql.raw(`and not exists (select 1 from skipped s where s.position = ${alias}.position)`) : sql``;
  return sql`
    with entry_rows as materialized (
      select merchant_id, kind, reference, category, memo, (position - 1)::int as position
      from unnest(${numbers((draft) => draft.merchantId)}::int[], ${texts((draft) => draft.kind)}::text[], ${texts((draft) => draft.reference)}::text[],
                  ${texts((draft) => draft.category ?? null)}::text[], ${texts((draft) => draft.memo ?? null)}::text[])
           with ordinality as input(merchant_id, kind, reference, category, memo, position)
    ),
    skipped as materialized (${skipped}),
    line_rows as materialized (
      select * from unnest(${sql.param(numberArray(lines.positions))}::int[], ${sql.param(numberArray(lines.merchants))}::int[],
                           ${sql.param(numberArray(lines.lineAccounts))}::bigint[], ${sql.param(numberArray(lines.amounts))}::bigint[])
        as input(position, merchant_id, account_id, amount)
      where true ${kept('input')}
    ),
    locked as materialized (
      -- The accounts by key (= any of the distinct ids sent): joined to the lines instead, a bulk's
      -- plan read every account of every merchant. Those of skipped entries are locked too, unmoved.
      select id, merchant_id, balance, may_go_negative, member_id from ledger_accounts
      where id = any(${accounts}::bigint[]) order by id for update
    ),
    running as materialized (
      select l.position, l.account_id, l.amount, k.member_id, k.may_go_negative,
             (k.balance + sum(l.amount) over (partition by l.account_id order by l.position))::bigint as balance_after
      from line_rows l join locked k on k.id = l.account_id and k.merchant_id = l.merchant_id
    ),
    verdict as materialized (
      select count(*) = (select count(*) from line_rows) and coalesce(bool_and(may_go_negative or balance_after >= 0), true) as allowed from running
    ),
    entry_ids as materialized (
      -- The sequence by its name (migration 0003), a constant: looked up per row, it was a twelfth of a bulk's time.
      select array(select nextval('journal_entries_id_seq') from generate_series(1, ${drafts.length}) where (select allowed from verdict)) as ids
    ),
    entries as (
      insert into journal_entries (id, merchant_id, kind, reference, category, memo) overriding system value
      select ids[e.position + 1], e.merchant_id, e.kind, e.reference, e.category, e.memo from entry_rows e, entry_ids, verdict
      where verdict.allowed ${kept('e')}
    ),
    moved as (
      update ledger_accounts a set balance = a.balance + d.delta
      from (select account_id, sum(amount)::bigint as delta from line_rows group by account_id) d, verdict
      where verdict.allowed and a.id = any(${accounts}::bigint[]) and a.id = d.account_id
    ),
    inserted as (
      -- Line ids follow each account's running order: ledger:verify recomputes balances in id order.
      insert into journal_lines (entry_id, account_id, amount, balance_after)
      select ids[r.position + 1], r.account_id, r.amount, r.balance_after from running r, entry_ids, verdict where verdict.allowed
      order by r.account_id, r.position
    )
    select v.allowed, array(select position from skipped) as skipped, ${answer === 'lines' ? sql`entry_ids.ids::text[] as entry_ids,
           lines.positions as line_positions, lines.accounts as line_accounts, lines.balances as line_balances, lines.members as line_members,`
    : sql``}
           accounts.ids as account_ids, accounts.merchants as account_merchants, accounts.balances as account_balances,
           accounts.may_go_negative as account_may_go_negative, accounts.members as account_members
    from verdict v cross join entry_ids
    ${answer === 'lines' ? sql`left join lateral (
      select array_agg(r.position) as positions, array_agg(r.account_id::text) as accounts, array_agg(r.balance_after::text) as balances,
             array_agg(r.member_id::text) as members
      from running r
    ) lines on v.allowed` : sql``}
    left join lateral (
      select array_agg(k.id::text) as ids, array_agg(k.merchant_id) as merchants, array_agg(k.balance::text) as balances, array_agg(k.may_go_negative) as may_go_negative,
             array_agg(k.member_id::text) as members
      from locked k
    ) accounts on ${answer === 'notices' ? sql`true` : sql`not v.allowed`}`;
}

const dialect = new PgDialect();
/** The names of the posting statements for a few entries, prepared once per connection. */
const PREPARED_POSTING = { all: 'palaro_post_entry', skipPosted: 'palaro_post_entry_skip_posted' } as const;
/** Up to this many entries (one transfer, or a group's postings under load) a posting runs prepared. */
const PREPARED_POSTING_LIMIT = 64;

/**
 * A posting of a few entries, the hot path (a transfer, a group's postings), runs as a named
 * prepared statement: parsed and planned once per connection rather than every time (planning the
 * statement was a fifth of a 48-transfer group's backend time). Its text is the same whatever the
 * number of entries (they travel as arrays). A bulk is planned each time, with its real sizes: a
 * plan made for a handful of rows could be ruinous for a settlement's thousands. A reference already in
 * the journal (one not skipped, or one posted concurrently and not yet committed when the
 * statement began) fails the statement: AlreadyPostedError.
 */
async function executePosting(tx: Tx, drafts: readonly EntryDraft[], skipPosted: boolean, answer: PostingAnswer = 'lines'): Promise<PostingResult> {
  const statement = postingStatement(drafts, skipPosted, answer);
  try {
    const result = drafts.length <= PREPARED_POSTING_LIMIT && answer === 'lines'
      ? await tx._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, skipPosted ? PREPARED_POSTING.skipPosted : PREPARED_POSTING.all, false).execute()
      : await tx.execute(statement);
    return (result as unknown as { rows: PostingResult[] }).rows[0]!;
  } catch (error) {
    if (violatedConstraint(error) === ENTRY_REFERENCE_INDEX) {
      const first = drafts[0]!;
      throw new AlreadyPostedError(first.kind, drafts.length === 1 ? first.reference : `one of ${drafts.length} references (first ${first.reference})`, { cause: error });
    }
    throw error;
  }
}

/**
 * Reads an allowed posting's answer into one PostedEntry per draft (posted or not: a skipped one
 * keeps entry id 0) and sends or gathers the notices of the members whose wallet moved.
 */
async function recordPosting(tx: Tx, drafts: readonly EntryDraft[], result: PostingResult): Promise<PostedEntry[]> {
  const posted: PostedEntry[] = drafts.map(() => ({ entryId: 0n, balances: new Map<bigint, bigint>() }));
  const movedMembers: number[][] = drafts.map(() => []);
  const positions = result.line_positions ?? [];
  positions.forEach((position, index) => {
    const entry = posted[position]!;
    entry.entryId = BigInt(result.entry_ids![position]!);
    entry.balances.set(BigInt(result.line_accounts![index]!), BigInt(result.line_balances![index]!));
    const member = result.line_members![index];
    if (member !== null && member !== undefined) movedMembers[position]!.push(Number(member));
  });
  const notices = drafts.flatMap((draft, position) =>
    movedMembers[position]!.length > 0 ? [{ merchantId: draft.merchantId, memberIds: movedMembers[position]!, reason: draft.kind }] : []);
  await sendOrGather(tx, notices);
  return posted;
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
  const result = await executePosting(tx, drafts, false);
  if (!result.allowed) throw insufficientBalance();
  return recordPosting(tx, drafts, result);
}

/** Sends the notices now, or adds them to the group's when `tx` gathers them. */
async function sendOrGather(tx: Tx, notices: readonly WalletNotice[]): Promise<void> {
  const gathering = gatheredNotices.get(tx);
  if (gathering) gathering.push(...notices);
  else await announceWalletNotices(tx, notices);
}

/**
 * postEntries for a bulk whose caller needs no balances back (a settlement's thousands of wins):
 * the same statement, the same rules and the same all-or-none, answering only the members whose
 * wallet moved (announced as postEntries does) instead of every line's balance.
 */
export async function postBulk(tx: Tx, drafts: readonly EntryDraft[]): Promise<void> {
  if (drafts.length === 0) return;
  const result = await executePosting(tx, drafts, false, 'notices');
  if (!result.allowed) throw insufficientBalance();
  await sendOrGather(tx, bulkNotices(drafts, result));
}

/** The members whose wallet a bulk moved: one notice per merchant and kind (the reason), each member once. */
function bulkNotices(drafts: readonly EntryDraft[], result: PostingResult): WalletNotice[] {
  const memberOf = new Map<bigint, number>();
  (result.account_ids ?? []).forEach((id, index) => {
    const member = result.account_members![index];
    if (member !== null && member !== undefined) memberOf.set(BigInt(id), Number(member));
  });
  // Per merchant and kind, the members moved: a set each, not a notice per entry to merge.
  const moved = new Map<string, { merchantId: number; reason: string; members: Set<number> }>();
  for (const draft of drafts) {
    for (const line of draft.lines) {
      const member = memberOf.get(line.accountId);
      if (member === undefined) continue;
      const key = `${draft.merchantId}:${draft.kind}`;
      let into = moved.get(key);
      if (!into) moved.set(key, (into = { merchantId: draft.merchantId, reason: draft.kind, members: new Set() }));
      into.members.add(member);
    }
  }
  return [...moved.values()].map(({ merchantId, reason, members }) => ({ merchantId, reason, memberIds: [...members] }));
}

/** Posts one balanced entry inside the caller's transaction: `postEntries` with one entry. */
export async function postEntry(tx: Tx, draft: EntryDraft): Promise<PostedEntry> {
  const [posted] = await postEntries(tx, [draft]);
  return posted!;
}

/** One entry's outcome when entries are posted each on its own (postEachEntry). */
export type EntryOutcome = { ok: true; posted: PostedEntry } | { ok: false; error: DomainError | AlreadyPostedError };

const entryKey = (draft: EntryDraft) => `${draft.merchantId}\u0000${draft.kind}\u0000${draft.reference}`;

/**
 * Which of `drafts` pass when posted one after the other in their order, each measured against the
 * accounts' balances after the entries before it that passed: an entry naming an account that does
 * not exist in its merchant, or taking an account that may not go negative below zero, is refused.
 * The accounts are those the refused statement locked, so nobody else can move them meanwhile;
 * `skipped` positions (already posted) never pass.
 */
function passingInOrder(drafts: readonly EntryDraft[], result: PostingResult, skipped: ReadonlySet<number>): boolean[] {
  const accounts = new Map<bigint, { merchantId: number; balance: bigint; mayGoNegative: boolean }>();
  (result.account_ids ?? []).forEach((id, index) => accounts.set(BigInt(id), {
    merchantId: result.account_merchants![index]!, balance: BigInt(result.account_balances![index]!), mayGoNegative: result.account_may_go_negative![index]!,
  }));
  return drafts.map((draft, position) => {
    if (skipped.has(position)) return false;
    const touched = draft.lines.map((line) => ({ line, account: accounts.get(line.accountId) }));
    const passes = touched.every(({ line, account }) => account !== undefined && account.merchantId === draft.merchantId
      && (account.mayGoNegative || account.balance + line.amount >= 0n));
    if (passes) for (const { line, account } of touched) account!.balance += line.amount;
    return passes;
  });
}

/**
 * Posts entries that are independent of one another — concurrent requests' transfers, bets, a
 * group's postings — inside the caller's transaction, each keeping its own outcome: an entry that
 * would overdraw a wallet is refused (insufficientBalance) and one whose (kind, reference) is
 * already in the journal or earlier in `drafts` answers AlreadyPostedError, and neither keeps the
 * others from posting. The same rules as postEntries, applied entry by entry in order.
 *
 * One statement when nothing is refused for its balance, which posts everything not already posted;
 * otherwise that statement posts nothing and answers the accounts it locked, the entries that pass
 * in order are worked out from them and a second statement posts exactly those (the locks held
 * since the first, nothing else can have moved them). A reference posted by another transaction
 * that has not committed when the statement starts still fails it (AlreadyPostedError, thrown):
 * the caller posts those entries one by one (GroupCommitter does).
 */
export async function postEachEntry(tx: Tx, drafts: readonly EntryDraft[]): Promise<EntryOutcome[]> {
  const outcomes: (EntryOutcome | undefined)[] = drafts.map(() => undefined);
  const seen = new Set<string>();
  let candidates: number[] = [];
  drafts.forEach((draft, index) => {
    assertBalanced(draft.lines);
    const key = entryKey(draft);
    if (seen.has(key)) outcomes[index] = { ok: false, error: new AlreadyPostedError(draft.kind, draft.reference) };
    else candidates.push(index);
    seen.add(key);
  });
  for (let attempt = 0; candidates.length > 0; attempt += 1) {
    const batch = candidates.map((index) => drafts[index]!);
    const result = await executePosting(tx, batch, true);
    for (const position of result.skipped ?? []) {
      outcomes[candidates[position]!] = { ok: false, error: new AlreadyPostedError(batch[position]!.kind, batch[position]!.reference) };
    }
    if (result.allowed) {
      const posted = await recordPosting(tx, batch, result);
      const skipped = new Set(result.skipped);
      candidates.forEach((index, position) => {
        if (!skipped.has(position)) outcomes[index] = { ok: true, posted: posted[position]! };
      });
      break;
    }
    // A second refusal would mean the locked balances moved under the lock: never posts half-known entries.
    if (attempt > 0) throw new Error('postEachEntry: entries that passed against the locked balances were refused');
    const skipped = new Set(result.skipped);
    const passing = passingInOrder(batch, result, skipped);
    const next: number[] = [];
    candidates.forEach((index, position) => {
      if (skipped.has(position)) return;
      if (passing[position]) next.push(index);
      else outcomes[index] = { ok: false, error: insufficientBalance() };
    });
    candidates = next;
  }
  return outcomes.map((outcome) => outcome!);
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

/**
 * The cash wallets of many members of one merchant, by member id, read in one query (a settlement
 * pays thousands of members); a member without a wallet yet gets one opened.
 */
export async function memberCashAccountIds(q: Queryable, merchantId: number, memberIds: readonly number[]): Promise<Map<number, bigint>> {
  const found = new Map<number, bigint>();
  if (memberIds.length === 0) return found;
  const rows = await q.select({ memberId: ledgerAccounts.memberId, id: ledgerAccounts.id }).from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.kind, 'member_cash'), inArray(ledgerAccounts.memberId, [...memberIds])));
  for (const row of rows) found.set(row.memberId!, row.id);
  for (const memberId of memberIds) if (!found.has(memberId)) found.set(memberId, (await memberCashAccount(q, merchantId, memberId)).id);
  return found;
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
