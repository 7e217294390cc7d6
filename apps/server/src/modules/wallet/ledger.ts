import { and, eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { journalEntries, journalLines, ledgerAccounts, type JournalKind, type LedgerAccountKind, type LedgerAccountRow } from './schema';

/** The PostgreSQL channel every committed movement of a member's wallet is announced on. */
export const WALLET_CHANNEL = 'palaro_wallet';

/** One notice per entry: the members whose wallet it moved (a transfer moves two). */
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
  constructor(kind: JournalKind, reference: string) {
    super(`A ${kind} entry for ${reference} is already posted`);
    this.name = 'AlreadyPostedError';
  }
}

export function insufficientBalance(): DomainError {
  return new DomainError(ERROR_CODES.insufficientBalance, 'Insufficient balance');
}

/**
 * Posts one balanced entry inside the caller's transaction (the one that writes the business row).
 * Each account's balance moves by a conditional update, so a member's wallet can never go below
 * zero whatever runs concurrently: the row lock orders the writers and the condition refuses the
 * overdraft (the table's CHECK constraint is the second guard). Accounts are updated in id order so
 * two entries over the same accounts cannot deadlock. Members whose wallet moved are announced on
 * WALLET_CHANNEL; PostgreSQL delivers the notice only if the transaction commits.
 */
export async function postEntry(tx: Tx, draft: EntryDraft): Promise<PostedEntry> {
  assertBalanced(draft.lines);
  const [entry] = await tx
    .insert(journalEntries)
    .values({ merchantId: draft.merchantId, kind: draft.kind, reference: draft.reference, category: draft.category ?? null, memo: draft.memo ?? null })
    .onConflictDoNothing()
    .returning({ id: journalEntries.id, createdAt: journalEntries.createdAt });
  if (!entry) throw new AlreadyPostedError(draft.kind, draft.reference);

  const ordered = [...draft.lines].sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
  const balances = new Map<bigint, bigint>();
  const announced: number[] = [];
  for (const line of ordered) {
    const amount = line.amount.toString();
    const [moved] = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${amount}::bigint` })
      .where(
        and(
          eq(ledgerAccounts.id, line.accountId),
          eq(ledgerAccounts.merchantId, draft.merchantId),
          sql`(${ledgerAccounts.mayGoNegative} or ${ledgerAccounts.balance} + ${amount}::bigint >= 0)`,
        ),
      )
      .returning({ balance: ledgerAccounts.balance, memberId: ledgerAccounts.memberId });
    if (!moved) throw insufficientBalance();
    balances.set(line.accountId, moved.balance);
    if (moved.memberId !== null) announced.push(moved.memberId);
  }
  await tx.insert(journalLines).values(
    ordered.map((line) => ({ entryId: entry.id, accountId: line.accountId, amount: line.amount, balanceAfter: balances.get(line.accountId)!, createdAt: entry.createdAt })),
  );
  if (announced.length > 0) {
    const notice: WalletNotice = { merchantId: draft.merchantId, memberIds: announced, reason: draft.kind };
    await tx.execute(sql`select pg_notify(${WALLET_CHANNEL}, ${JSON.stringify(notice)})`);
  }
  return { entryId: entry.id, balances };
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
