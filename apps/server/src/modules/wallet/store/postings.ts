import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { numberArray, textArray } from '../../../platform/db/array-literals';
import type { Tx } from '../../../platform/db/database';
import type { EntryDraft } from '../posting';

/** What the posting statement answers: one row, its arrays in step with one another. */
export interface PostingResult {
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

/**
 * What a posting statement answers besides the accounts locked and their members: each entry's id
 * and the accounts' merchants and balances before the posting (postEntries, postEachEntry), or
 * nothing more (postBulk: a settlement needs nothing back, and a refused bulk is refused whole).
 */
export type PostingAnswer = 'lines' | 'notices';

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
      -- plan read every account of every merchant. Locked in the ledger's lock order (ledger.ts).
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
 * statement began) fails the statement with a unique violation of journal_entries_merchant_kind_reference.
 */
export async function runPostingStatement(
  tx: Tx,
  drafts: readonly EntryDraft[],
  skipPosted: boolean,
  answer: PostingAnswer,
): Promise<PostingResult> {
  const statement = postingStatement(drafts, skipPosted, answer);
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
}
