import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ERROR_CODES } from '@palaro/contract';
import { afterCommit } from '../../platform/db/after-commit';
import type { Db, Queryable, Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { ledgerAccounts, type JournalKind, type LedgerAccountKind, type LedgerAccountRow } from './schema';

/*
 * The ledger's lock order: members' wallets first, by id, then the platform's accounts (the house,
 * play money, clearing), by id. Every statement that locks accounts takes them in this order, and a
 * transaction that locked a wallet earlier (a provider call, a bet, a withdrawal: lockMemberWallet)
 * takes the house only at its posting, last. So no transaction ever holds the house while it waits
 * for a wallet: a settlement's bulk waits for the wallets it pays before it takes the house, and a
 * call holding one of them gets the house, commits and lets it go. A member's turnover
 * requirements are locked after the member's wallet (a provider's round-closing credit; a
 * settlement locks the wallets it pays before it counts turnover).
 */

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
  if (new Set(lines.map((line) => line.accountId)).size !== lines.length)
    throw new Error('A journal entry names each account once');
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
    const into = merged.get(key) ?? {
      merchantId: notice.merchantId,
      memberIds: [],
      reason: notice.reason,
      seen: new Set<number>(),
    };
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
  await q.execute(
    sql`select pg_notify(${WALLET_CHANNEL}, payload) from unnest(${sql.param(payloads)}::text[]) as payload`,
  );
}

/** Attempts at sending a batch of committed notices before it is given up. */
const NOTICE_SEND_ATTEMPTS = 3;

/**
 * The wallet notices of a database's committed transactions, sent by one statement at a time: what
 * commits while one is in flight goes in the next, so under load many transactions' notices share
 * a NOTIFY. Sent from inside each money transaction, a NOTIFY held PostgreSQL's notification lock
 * from that transaction's commit until its flush to disk, which lined up every money transaction of
 * every replica behind the one before. The sending transaction does not wait for its own flush
 * (synchronous_commit off): a notice moves no money. A batch the database refuses a few times in a
 * row (a restart) is dropped; the listeners then re-send every open stream's balance once they
 * listen again (balance-push.ts).
 */
class CommittedNotices {
  private queued: WalletNotice[] = [];
  private sending = false;

  constructor(private readonly db: Db) {}

  add(notices: readonly WalletNotice[]): void {
    this.queued.push(...notices);
    if (!this.sending) void this.sendQueued();
  }

  private async sendQueued(): Promise<void> {
    this.sending = true;
    let failures = 0;
    while (this.queued.length > 0) {
      const batch = this.queued;
      this.queued = [];
      try {
        // One statement, its own transaction: synchronous_commit set for that transaction alone.
        await this.db
          .execute(sql`select set_config('synchronous_commit', 'off', true), pg_notify(${WALLET_CHANNEL}, payload)
          from unnest(${sql.param(noticePayloads(batch))}::text[]) as payload`);
        failures = 0;
      } catch {
        failures += 1;
        if (failures < NOTICE_SEND_ATTEMPTS) {
          this.queued.unshift(...batch);
          await new Promise((resolve) => setTimeout(resolve, 50 * failures));
        } else failures = 0;
      }
    }
    this.sending = false;
  }
}

const committedNotices = new WeakMap<Db, CommittedNotices>();

/**
 * Announces `notices` once `tx` has committed (never if it rolls back), outside it; inside it when
 * `tx` is a savepoint's transaction, whose commit is not known here.
 */
export async function announceWhenCommitted(tx: Tx, notices: readonly WalletNotice[]): Promise<void> {
  if (notices.length === 0) return;
  const queued = afterCommit(tx, (db) => {
    let sender = committedNotices.get(db);
    if (!sender) committedNotices.set(db, (sender = new CommittedNotices(db)));
    sender.add(notices);
  });
  if (!queued) await announceWalletNotices(tx, notices);
}

/** What the posting statement answers: one row, its arrays in step with one another. */
interface PostingResult {
  allowed: boolean;
  /** Positions already in the journal by (merchant, kind, reference) (only when asked to skip them): the statement then posts nothing. */
  skipped: number[] | null;
  /** The entry id of each position, when allowed and asked for (PostingAnswer 'lines'). */
  entry_ids: string[] | null;
  /**
   * The accounts locked, in id order, as they were before the posting: what a refusal was measured
   * against, what each line's balance after it runs from, and whose members' wallets moved (with
   * PostingAnswer 'notices', only their ids and members).
   */
  account_ids: string[] | null;
  account_merchants: number[] | null;
  account_balances: string[] | null;
  account_may_go_negative: boolean[] | null;
  account_members: (string | null)[] | null;
}

const ENTRY_REFERENCE_INDEX = 'journal_entries_merchant_kind_reference';

function violatedConstraint(error: unknown): string | undefined {
  for (
    let current = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth += 1
  ) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return undefined;
}

/**
 * PostgreSQL array literals built here rather than by the driver, which converts and escapes
 * element by element: for a settlement's ten thousand lines that was a tenth of the caller's time.
 */
export const numberArray = (values: readonly (number | bigint)[]) => `{${values.join(',')}}`;
const NEEDS_ESCAPE = /["\\]/;
const arrayElement = (value: string | null) =>
  value === null ? 'NULL' : `"${NEEDS_ESCAPE.test(value) ? value.replace(/["\\]/g, '\\$&') : value}"`;
/** A run of equal values (a bulk's kinds, categories, memos) is quoted once. */
function textArray(values: readonly (string | null)[]): string {
  const elements = new Array<string>(values.length);
  let element = '';
  values.forEach((value, index) => {
    if (index === 0 || value !== values[index - 1]) element = arrayElement(value);
    elements[index] = element;
  });
  return `{${elements.join(',')}}`;
}

/**
 * What a posting statement answers besides the accounts locked and their members: each entry's id
 * and the accounts' merchants and balances before the posting (postEntries, postEachEntry), or
 * nothing more (postBulk: a settlement needs nothing back, and a refused bulk is refused whole).
 */
type PostingAnswer = 'lines' | 'notices';

/**
 * The lines of `drafts` as the posting statement takes them. Each account named, with the merchant
 * its entries name it under (an account named under two merchants is two, and at most one of them
 * can exist), in id order — the order they are locked in; for each, the lowest its running sum
 * reaches and the sum of its lines. The lines by account, in entry order within an account (the
 * order of each account's running balance and of the line ids), each with the running sum of its
 * account's lines up to it: its balance after it is the account's balance when locked plus that.
 * So the statement checks every line against the overdraft rule by one comparison per account and
 * computes each line's balance by one addition, rather than a window over every line (a fifth of a
 * 5,000-credit bulk's backend time).
 */
function postingPlan(drafts: readonly EntryDraft[]) {
  // A counting sort by account: thousands of lines without an object or a comparison of bigints each.
  const slotOf = new Map<bigint, number>();
  /** Slots of an account named under a second merchant, by `account:merchant`: a refusal waiting to happen. */
  const otherSlotOf = new Map<string, number>();
  const accounts: bigint[] = [];
  const merchants: number[] = [];
  const counts: number[] = [];
  const slotOfLine = (accountId: bigint, merchantId: number) => {
    let slot = slotOf.get(accountId);
    if (slot !== undefined && merchants[slot] !== merchantId) slot = otherSlotOf.get(`${accountId}:${merchantId}`);
    if (slot === undefined) {
      slot = accounts.length;
      if (slotOf.has(accountId)) otherSlotOf.set(`${accountId}:${merchantId}`, slot);
      else slotOf.set(accountId, slot);
      accounts.push(accountId);
      merchants.push(merchantId);
      counts.push(0);
    }
    return slot;
  };
  /** Each line's slot, in the drafts' order. */
  const slots: number[] = [];
  for (const draft of drafts) {
    assertBalanced(draft.lines);
    for (const line of draft.lines) {
      const slot = slotOfLine(line.accountId, draft.merchantId);
      counts[slot]! += 1;
      slots.push(slot);
    }
  }
  const lineCount = slots.length;
  const order = accounts
    .map((_, slot) => slot)
    .sort((a, b) =>
      accounts[a]! < accounts[b]! ? -1 : accounts[a]! > accounts[b]! ? 1 : merchants[a]! - merchants[b]!,
    );
  /** Where each slot's lines start, and its 1-based place in the statement's account order. */
  const start = new Array<number>(accounts.length);
  const place = new Array<number>(accounts.length);
  let next = 0;
  order.forEach((slot, index) => {
    start[slot] = next;
    next += counts[slot]!;
    place[slot] = index + 1;
  });
  const positions = new Array<number>(lineCount);
  const places = new Array<number>(lineCount);
  const amounts = new Array<bigint>(lineCount);
  let line = 0;
  drafts.forEach((draft, position) => {
    for (const { amount } of draft.lines) {
      const slot = slots[line++]!;
      const at = start[slot]!++;
      positions[at] = position;
      places[at] = place[slot]!;
      amounts[at] = amount;
    }
  });
  const runningSums = new Array<bigint>(lineCount);
  const lowest = new Array<bigint>(accounts.length);
  const sums = new Array<bigint>(accounts.length);
  let at = 0;
  order.forEach((slot, index) => {
    let running = 0n;
    let low: bigint | undefined;
    for (const end = at + counts[slot]!; at < end; at += 1) {
      running += amounts[at]!;
      runningSums[at] = running;
      if (low === undefined || running < low) low = running;
    }
    lowest[index] = low!;
    sums[index] = running;
  });
  return {
    accounts: order.map((slot) => accounts[slot]!),
    merchants: order.map((slot) => merchants[slot]!),
    lowest,
    sums,
    positions,
    places,
    amounts,
    runningSums,
  };
}

/**
 * The one statement that posts `drafts`, all of them or none (see postEntries). With `skipPosted`,
 * it also answers which entries' (merchant, kind, reference) are already in the journal, and posts
 * nothing if any is. Its joins are all against a handful of rows (the accounts, the one verdict,
 * the one array of entry ids and the one of opening balances) or hashed: planned on estimates, a
 * join of two large inputs could turn quadratic, and a settlement brings thousands of lines. It
 * answers one row of arrays rather than a row per line: a settlement's ten thousand rows cost more
 * to send and parse than their values.
 */
function postingStatement(drafts: readonly EntryDraft[], skipPosted: boolean, answer: PostingAnswer): SQL {
  const plan = postingPlan(drafts);
  const accounts = sql.param(numberArray(plan.accounts));
  const numbers = (pick: (draft: EntryDraft) => number) => sql.param(numberArray(drafts.map(pick)));
  const texts = (pick: (draft: EntryDraft) => string | null) => sql.param(textArray(drafts.map(pick)));
  const skipped = skipPosted
    ? sql`select e.position from entry_rows e
          where exists (select 1 from journal_entries j where j.merchant_id = e.merchant_id and j.kind = e.kind and j.reference = e.reference)`
    : sql`select null::int as position where false`;
  return sql`
    with entry_rows as (
      -- The arrays unnested side by side in the select list, streamed (a function scan in FROM would
      -- first copy each array into a tuplestore of its own); read once, this is inlined into the insert.
      select unnest(${numbers((draft) => draft.merchantId)}::int[]) as merchant_id, unnest(${texts((draft) => draft.kind)}::text[]) as kind,
             unnest(${texts((draft) => draft.reference)}::text[]) as reference, unnest(${texts((draft) => draft.category ?? null)}::text[]) as category,
             unnest(${texts((draft) => draft.memo ?? null)}::text[]) as memo, generate_series(0, ${drafts.length - 1}) as position
    ),
    skipped as materialized (${skipped}),
    locked as materialized (
      -- The accounts by key (= any of the distinct ids sent): joined to the lines instead, a bulk's
      -- plan read every account of every merchant. Locked in the ledger's lock order (top of this file).
      select id, merchant_id, balance, may_go_negative, member_id from ledger_accounts
      where id = any(${accounts}::bigint[]) order by member_id is null, id for update
    ),
    verdict as materialized (
      -- Every account named exists in the merchant its entries name it under, none that may not go
      -- negative goes below zero at any of its lines, and no entry is already posted.
      select count(*) = cardinality(${accounts}::bigint[]) and coalesce(bool_and(k.may_go_negative or k.balance + named.lowest >= 0), true)
             and not exists (select 1 from skipped) as allowed
      from unnest(${accounts}::bigint[], ${sql.param(numberArray(plan.merchants))}::int[], ${sql.param(numberArray(plan.lowest))}::bigint[]) as named(id, merchant_id, lowest)
      join locked k on k.id = named.id and k.merchant_id = named.merchant_id
    ),
    opening as materialized (
      -- When allowed, the accounts locked are exactly those sent, in the same order.
      select array_agg(balance order by id) as balances from locked
    ),
    entry_ids as materialized (
      -- The sequence by its name (migration 0003), a constant: looked up per row, it was a twelfth of a bulk's time.
      select array(select nextval('journal_entries_id_seq') from generate_series(1, ${drafts.length}) where (select allowed from verdict)) as ids
    ),
    entries as (
      insert into journal_entries (id, merchant_id, kind, reference, category, memo) overriding system value
      select ids[e.position + 1], e.merchant_id, e.kind, e.reference, e.category, e.memo from entry_rows e, entry_ids, verdict
      where verdict.allowed
    ),
    moved as (
      update ledger_accounts a set balance = a.balance + d.sum
      from unnest(${accounts}::bigint[], ${sql.param(numberArray(plan.sums))}::bigint[]) as d(id, sum), verdict
      where verdict.allowed and a.id = any(${accounts}::bigint[]) and a.id = d.id
    ),
    inserted as (
      -- Line ids follow each account's running order (the order sent): ledger:verify recomputes balances in id order.
      insert into journal_lines (entry_id, account_id, amount, balance_after)
      select ids[l.position + 1], (${accounts}::bigint[])[l.place], l.amount, opening.balances[l.place] + l.running_sum
      from (
        select unnest(${sql.param(numberArray(plan.positions))}::int[]) as position, unnest(${sql.param(numberArray(plan.places))}::int[]) as place,
               unnest(${sql.param(numberArray(plan.amounts))}::bigint[]) as amount, unnest(${sql.param(numberArray(plan.runningSums))}::bigint[]) as running_sum,
               generate_series(1, ${plan.positions.length}) as line
      ) l, entry_ids, opening, verdict
      where verdict.allowed
      order by l.line
    )
    select v.allowed, array(select position from skipped) as skipped, ${answer === 'lines' ? sql`entry_ids.ids::text[]` : sql`null::text[]`} as entry_ids,
           accounts.ids as account_ids, accounts.merchants as account_merchants, accounts.balances as account_balances,
           accounts.may_go_negative as account_may_go_negative, accounts.members as account_members
    from verdict v cross join entry_ids
    cross join lateral (
      select array_agg(k.id::text) as ids, array_agg(k.member_id::text) as members,
             ${
               answer === 'lines'
                 ? sql`array_agg(k.merchant_id) as merchants, array_agg(k.balance::text) as balances, array_agg(k.may_go_negative) as may_go_negative`
                 : sql`null::int[] as merchants, null::text[] as balances, null::boolean[] as may_go_negative`
             }
      from locked k
    ) accounts`;
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
async function executePosting(
  tx: Tx,
  drafts: readonly EntryDraft[],
  skipPosted: boolean,
  answer: PostingAnswer = 'lines',
): Promise<PostingResult> {
  const statement = postingStatement(drafts, skipPosted, answer);
  try {
    const result =
      drafts.length <= PREPARED_POSTING_LIMIT && answer === 'lines'
        ? await tx._.session
            .prepareQuery(
              dialect.sqlToQuery(statement),
              undefined,
              skipPosted ? PREPARED_POSTING.skipPosted : PREPARED_POSTING.all,
              false,
            )
            .execute()
        : await tx.execute(statement);
    return (result as unknown as { rows: PostingResult[] }).rows[0]!;
  } catch (error) {
    if (violatedConstraint(error) === ENTRY_REFERENCE_INDEX) {
      const first = drafts[0]!;
      throw new AlreadyPostedError(
        first.kind,
        drafts.length === 1 ? first.reference : `one of ${drafts.length} references (first ${first.reference})`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** The accounts a posting locked, by id, as they were before it. */
function lockedAccounts(result: PostingResult) {
  const accounts = new Map<
    bigint,
    { merchantId: number; balance: bigint; mayGoNegative: boolean; memberId: number | null }
  >();
  (result.account_ids ?? []).forEach((id, index) => {
    const member = result.account_members![index];
    accounts.set(BigInt(id), {
      merchantId: result.account_merchants![index]!,
      balance: BigInt(result.account_balances![index]!),
      mayGoNegative: result.account_may_go_negative![index]!,
      memberId: member === null || member === undefined ? null : Number(member),
    });
  });
  return accounts;
}

/**
 * Reads an allowed posting's answer into one PostedEntry per draft, each line's balance after it
 * run from its account's balance when locked in entry order (as the statement computed it), and
 * sends or gathers the notices of the members whose wallet moved.
 */
async function recordPosting(tx: Tx, drafts: readonly EntryDraft[], result: PostingResult): Promise<PostedEntry[]> {
  const accounts = lockedAccounts(result);
  const notices: WalletNotice[] = [];
  const posted = drafts.map((draft, position): PostedEntry => {
    const balances = new Map<bigint, bigint>();
    const memberIds: number[] = [];
    for (const line of draft.lines) {
      const account = accounts.get(line.accountId)!;
      account.balance += line.amount;
      balances.set(line.accountId, account.balance);
      if (account.memberId !== null) memberIds.push(account.memberId);
    }
    if (memberIds.length > 0) notices.push({ merchantId: draft.merchantId, memberIds, reason: draft.kind });
    return { entryId: BigInt(result.entry_ids![position]!), balances };
  });
  await sendOrGather(tx, notices);
  return posted;
}

/**
 * Posts balanced entries inside the caller's transaction (the one that writes their business rows),
 * all of them or none, in one statement: it locks every account named (in id order, so two
 * postings over the same accounts cannot deadlock), and only when every account exists in its
 * entry's merchant and no account that may not go negative would go below zero at any line (its
 * balance when locked plus the running sum of its lines in entry order), inserts the entries and
 * their lines, each with its account's balance after it, and moves each account's balance once by
 * the sum of its lines. So a member's wallet can never go below zero whatever runs concurrently:
 * the row lock orders the writers and the check refuses the overdraft (the table's CHECK constraint
 * is the second guard). A refusal changes nothing and leaves the transaction usable; an entry
 * already posted fails the statement (AlreadyPostedError), which aborts the transaction like any
 * failed statement (in a group, only the unit's savepoint).
 *
 * One statement whatever the number of entries: a settlement posts thousands set-wise. Members
 * whose wallet moved are announced on WALLET_CHANNEL once the transaction has committed
 * (announceWhenCommitted), or with the group's one notice when `tx` gathers its notices.
 */
export async function postEntries(tx: Tx, drafts: readonly EntryDraft[]): Promise<PostedEntry[]> {
  if (drafts.length === 0) return [];
  const result = await executePosting(tx, drafts, false);
  if (!result.allowed) throw insufficientBalance();
  return recordPosting(tx, drafts, result);
}

/** Announces the notices once `tx` commits, or adds them to the group's when `tx` gathers them. */
async function sendOrGather(tx: Tx, notices: readonly WalletNotice[]): Promise<void> {
  const gathering = gatheredNotices.get(tx);
  if (gathering) gathering.push(...notices);
  else await announceWhenCommitted(tx, notices);
}

/**
 * postEntries for a bulk whose caller needs no balances back (a settlement's thousands of wins):
 * the same statement, the same rules and the same all-or-none, answering no entry ids, and the
 * members whose wallet moved announced as postEntries does.
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
  // Per merchant and kind, the members moved: a set each, not a notice per entry to merge; a bulk's
  // entries mostly share their merchant and kind, so the set is looked up again only when they change.
  const moved = new Map<string, { merchantId: number; reason: string; members: Set<number> }>();
  let into: { merchantId: number; reason: string; members: Set<number> } | undefined;
  for (const draft of drafts) {
    if (into?.merchantId !== draft.merchantId || into.reason !== draft.kind) {
      const key = `${draft.merchantId}:${draft.kind}`;
      into = moved.get(key);
      if (!into) moved.set(key, (into = { merchantId: draft.merchantId, reason: draft.kind, members: new Set() }));
    }
    for (const line of draft.lines) {
      const member = memberOf.get(line.accountId);
      if (member !== undefined) into.members.add(member);
    }
  }
  return [...moved.values()]
    .filter(({ members }) => members.size > 0)
    .map(({ merchantId, reason, members }) => ({ merchantId, reason, memberIds: [...members] }));
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
  const accounts = lockedAccounts(result);
  return drafts.map((draft, position) => {
    if (skipped.has(position)) return false;
    const touched = draft.lines.map((line) => ({ line, account: accounts.get(line.accountId) }));
    const passes = touched.every(
      ({ line, account }) =>
        account !== undefined &&
        account.merchantId === draft.merchantId &&
        (account.mayGoNegative || account.balance + line.amount >= 0n),
    );
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
 * One statement when nothing is refused and nothing already posted, which posts everything;
 * otherwise that statement posts nothing and answers the entries already posted and the accounts
 * it locked, the entries that pass in order are worked out from them and another statement posts
 * exactly those (the locks held since the first, nothing else can have moved them; it is refused
 * again only if one of them was posted meanwhile by a transaction that has committed since, and
 * then that one is left out in turn). A reference posted by another transaction that has not
 * committed when the statement starts still fails it (AlreadyPostedError, thrown): the caller
 * posts those entries one by one (GroupCommitter does).
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
    if (result.allowed) {
      const posted = await recordPosting(tx, batch, result);
      candidates.forEach((index, position) => {
        outcomes[index] = { ok: true, posted: posted[position]! };
      });
      break;
    }
    const skipped = new Set(result.skipped);
    // Refused again with nothing newly posted would mean the locked balances moved under the lock: never posts half-known entries.
    if (attempt > 0 && skipped.size === 0)
      throw new Error('postEachEntry: entries that passed against the locked balances were refused');
    const passing = passingInOrder(batch, result, skipped);
    const next: number[] = [];
    candidates.forEach((index, position) => {
      if (skipped.has(position))
        outcomes[index] = {
          ok: false,
          error: new AlreadyPostedError(batch[position]!.kind, batch[position]!.reference),
        };
      else if (passing[position]) next.push(index);
      else outcomes[index] = { ok: false, error: insufficientBalance() };
    });
    candidates = next;
  }
  return outcomes.map((outcome) => outcome!);
}

/** Ledger accounts the platform holds, one per merchant (and per channel for clearing accounts). */
export type SystemAccountKind = Exclude<LedgerAccountKind, 'member_cash'>;

async function accountByCode(q: Queryable, merchantId: number, code: string): Promise<LedgerAccountRow | undefined> {
  const [row] = await q
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.code, code)));
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
  await q
    .insert(ledgerAccounts)
    .values({ merchantId, code, ...values })
    .onConflictDoNothing();
  const created = await accountByCode(q, merchantId, code);
  if (!created) throw new Error(`ledger account ${code} missing right after its insert`);
  return created;
}

export const memberAccountCode = (memberId: number) => `member:${memberId}`;

/** The member's cash wallet, opened on first use. */
export function memberCashAccount(q: Queryable, merchantId: number, memberId: number): Promise<LedgerAccountRow> {
  return accountFor(q, merchantId, memberAccountCode(memberId), {
    kind: 'member_cash',
    memberId,
    channelId: null,
    mayGoNegative: false,
  });
}

/**
 * The cash wallets of many members of one merchant, by member id, read in one query (a settlement
 * pays thousands of members); a member without a wallet yet gets one opened.
 */
export async function memberCashAccountIds(
  q: Queryable,
  merchantId: number,
  memberIds: readonly number[],
): Promise<Map<number, bigint>> {
  const found = new Map<number, bigint>();
  if (memberIds.length === 0) return found;
  const rows = await q
    .select({ memberId: ledgerAccounts.memberId, id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.merchantId, merchantId),
        eq(ledgerAccounts.kind, 'member_cash'),
        inArray(ledgerAccounts.memberId, [...memberIds]),
      ),
    );
  for (const row of rows) found.set(row.memberId!, row.id);
  for (const memberId of memberIds)
    if (!found.has(memberId)) found.set(memberId, (await memberCashAccount(q, merchantId, memberId)).id);
  return found;
}

export function systemAccount(
  q: Queryable,
  merchantId: number,
  kind: SystemAccountKind,
  channelId: number | null = null,
): Promise<LedgerAccountRow> {
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
  return (await lockMemberWallets(tx, merchantId, [memberId])).get(memberId)!;
}

/**
 * Locks members' wallet accounts, named by account id, for the rest of the transaction: in one
 * statement whatever their number (a settlement chunk's winners), in the ledger's lock order.
 */
export async function lockWalletAccounts(tx: Tx, accountIds: readonly bigint[]): Promise<void> {
  if (accountIds.length === 0) return;
  await tx.execute(
    sql`select id from ${ledgerAccounts} where id = any(${sql.param(numberArray(accountIds))}::bigint[]) and member_id is not null order by id for update`,
  );
}

/** A member's wallet as lockMemberWallets answers it. */
export type LockedWallet = LedgerAccountRow;

/**
 * lockMemberWallet for many members of one merchant at once (a group of slips): their wallets
 * locked in one statement in the ledger's lock order (top of this file), as every posting locks accounts,
 * so two such locks never deadlock — a member without a wallet yet getting one opened first.
 * `alsoLock`: the platform's accounts the caller will post to (the house), locked in the same
 * statement after the wallets. Answers the wallets by member id.
 */
export async function lockMemberWallets(
  tx: Tx,
  merchantId: number,
  memberIds: readonly number[],
  alsoLock: readonly bigint[] = [],
): Promise<Map<number, LockedWallet>> {
  const wallets = and(
    eq(ledgerAccounts.merchantId, merchantId),
    inArray(ledgerAccounts.code, memberIds.map(memberAccountCode)),
  );
  const lock = () =>
    tx
      .select()
      .from(ledgerAccounts)
      .where(alsoLock.length === 0 ? wallets : or(wallets, inArray(ledgerAccounts.id, [...alsoLock])))
      .orderBy(sql`${ledgerAccounts.memberId} is null`, asc(ledgerAccounts.id))
      .for('update');
  let rows = (await lock()).filter((row) => row.memberId !== null);
  if (rows.length < memberIds.length) {
    const found = new Set(rows.map((row) => row.memberId));
    for (const memberId of memberIds) if (!found.has(memberId)) await memberCashAccount(tx, merchantId, memberId);
    rows = (await lock()).filter((row) => row.memberId !== null);
  }
  return new Map(rows.map((row) => [row.memberId!, row]));
}
