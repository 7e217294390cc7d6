import { ERROR_CODES } from '@palaro/contract';
import type { Tx } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { DomainError } from '../../platform/http/errors';
import { announceOrGather, type WalletNotice } from './notices';
import type { JournalKind } from './schema';
import { runPostingStatement, type PostingAnswer, type PostingResult } from './store/postings';

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

const ENTRY_REFERENCE_INDEX = 'journal_entries_merchant_kind_reference';

/**
 * Runs the posting statement (store/postings.ts) for balanced `drafts`; a reference already in the
 * journal fails it: AlreadyPostedError.
 */
async function executePosting(
  tx: Tx,
  drafts: readonly EntryDraft[],
  skipPosted: boolean,
  answer: PostingAnswer = 'lines',
): Promise<PostingResult> {
  for (const draft of drafts) assertBalanced(draft.lines);
  try {
    return await runPostingStatement(tx, drafts, skipPosted, answer);
  } catch (error) {
    if (isUniqueViolation(error, ENTRY_REFERENCE_INDEX)) {
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
  await announceOrGather(tx, notices);
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

/**
 * postEntries for a bulk whose caller needs no balances back (a settlement's thousands of wins):
 * the same statement, the same rules and the same all-or-none, answering no entry ids, and the
 * members whose wallet moved announced as postEntries does.
 */
export async function postBulk(tx: Tx, drafts: readonly EntryDraft[]): Promise<void> {
  if (drafts.length === 0) return;
  const result = await executePosting(tx, drafts, false, 'notices');
  if (!result.allowed) throw insufficientBalance();
  await announceOrGather(tx, bulkNotices(drafts, result));
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
