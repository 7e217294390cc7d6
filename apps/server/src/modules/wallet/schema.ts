import { sql } from 'drizzle-orm';
import type { TurnoverChangeKind, TurnoverSource } from '@palaro/contract';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema';
import { merchants } from '../site/schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const merchantId = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' });
/** Minor units (centavos). bigint in the database and in code: an amount is never a float. */
const minor = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * Kinds of ledger account. Members' cash wallets may never go below zero; the others are the
 * platform's side of each movement and may (a gateway's clearing account is negative by what the
 * gateway has collected for us and not yet paid out).
 */
export const LEDGER_ACCOUNT_KINDS = [
  'member_cash',
  'house',
  'gateway_clearing',
  'withdrawals_pending',
  'payouts',
  'promotions',
  'play_money',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** Fill factor 70 (migration 0023): a balance moved on every posting is updated in place (HOT), no index naming it. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    /** Set for member_cash. */
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'restrict' }),
    /** Set for gateway_clearing: the payment channel. */
    channelId: integer('channel_id'),
    /** A name unique per merchant: 'member:42', 'house', 'channel:3', 'withdrawals_pending'. */
    code: text('code').notNull(),
    /** The sum of every journal line of this account, kept in the same transaction as each line. */
    balance: minor('balance')
      .notNull()
      .default(sql`0`),
    mayGoNegative: boolean('may_go_negative').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_merchant_code').on(table.merchantId, table.code),
    uniqueIndex('ledger_accounts_member')
      .on(table.memberId)
      .where(sql`${table.memberId} is not null`),
    check('ledger_accounts_no_overdraft', sql`${table.mayGoNegative} or ${table.balance} >= 0`),
  ],
);
export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;

/** Kinds of journal entry; each maps to the record type the member sees (wallet/records.ts). */
export const JOURNAL_KINDS = [
  'deposit',
  'withdraw_hold',
  'withdraw_paid',
  'withdraw_release',
  'upline_transfer',
  'trial_grant',
  'bonus',
  'adjustment',
  'bet',
  'win',
  'rebate',
  // A game provider's rollback of a bet (modules/game-wallet).
  'bet_refund',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * The merchant must exist, as a foreign key would ask; the guard is a set-wise trigger instead
     * (migration 0018_journal_entry_merchant_guard), for the reason given on journalLines (the row by
     * row check was a third of a bulk posting's time): after each insert statement one check that
     * every merchant named exists, locking them FOR KEY SHARE; a merchant with journal entries cannot
     * be deleted or truncated.
     */
    merchantId: integer('merchant_id').notNull(),
    kind: text('kind').$type<JournalKind>().notNull(),
    /** The business row the entry belongs to ('D2611220001', 'W…', 'T…'): one entry per kind and reference. */
    reference: text('reference').notNull(),
    /** Game category for bets, wins and rebates (profit and loss per category). */
    category: text('category'),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('journal_entries_merchant_kind_reference').on(table.merchantId, table.kind, table.reference)],
);

/**
 * A line's entry and account must exist, as foreign keys would ask; the guards are set-wise
 * triggers instead (migration 0014_journal_guards), because a settlement inserts thousands of lines
 * and a foreign key checks and locks row by row (it was half of a bulk posting's time): after each
 * insert statement one check that every entry and account named exists, locking the accounts
 * FOR KEY SHARE as a foreign key does; a ledger account named by a line cannot be deleted or
 * truncated; and the journal is append-only (no update, delete or truncate of entries or lines).
 *
 * One index, the key (account, id): every reader reads an account's lines in id order (records,
 * the running balances ledger:verify recomputes, the guard against deleting a used account), and
 * each of the three it had was about a tenth of a bulk posting's backend time. The id alone is unique by its identity
 * (generated always, never updated: the journal is append-only); nothing reads lines by entry
 * (records go from a line to its entry by the entry's key, ledger:verify joins entries and lines whole).
 */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigint('id', { mode: 'bigint' }).notNull().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'bigint' }).notNull(),
    accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
    /** Signed: credits to the account are positive. The lines of one entry sum to zero. */
    amount: minor('amount').notNull(),
    balanceAfter: minor('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ name: 'journal_lines_pkey', columns: [table.accountId, table.id] })],
);

/**
 * The first answer to each money-moving request, by the member's idempotency key. Written in the
 * transaction that moves the money, so a key exists exactly when its movement does.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    merchantId: merchantId(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Which operation and a hash of its body: the same key with another request is refused. */
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.memberId, table.key] })],
);

/**
 * Turnover a member must bet before withdrawing, one row per deposit or bonus. Bets fill the
 * oldest open requirement first. The amount is fixed when the row is made (the terms of that
 * deposit); only an operator's waiver or adjustment changes it, recorded on the row.
 */
export const turnoverRequirements = pgTable(
  'turnover_requirements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    source: text('source').$type<TurnoverSource>().notNull(),
    reference: text('reference').notNull(),
    baseAmount: minor('base_amount').notNull(),
    required: minor('required').notNull(),
    /** What was required when the row was made; `required` differs from it once an operator adjusts it. */
    originalRequired: minor('original_required').notNull(),
    done: minor('done')
      .notNull()
      .default(sql`0`),
    /** A bonus's per-category contribution percents (null: every bet counts in full). */
    contributions: jsonb('contributions').$type<Record<string, number>>(),
    createdAt: createdAt(),
    /** Set when bets complete it, or an operator waives it or adjusts it down to what is done. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The operator's last change (every change is also in the audit log); the reason is shown to the member. */
    changeKind: text('change_kind').$type<TurnoverChangeKind>(),
    changeReason: text('change_reason'),
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }),
  },
  (table) => [
    index('turnover_requirements_member_open')
      .on(table.memberId, table.id)
      .where(sql`${table.completedAt} is null`),
    uniqueIndex('turnover_requirements_source').on(table.merchantId, table.source, table.reference),
    check('turnover_requirements_done_within', sql`${table.done} >= 0 and ${table.done} <= ${table.required}`),
    check('turnover_requirements_change_kind_known', sql`${table.changeKind} in ('waived', 'adjusted')`),
    check(
      'turnover_requirements_change_complete',
      sql`(${table.changeKind} is null) = (${table.changeReason} is null) and (${table.changeKind} is null) = (${table.changedBy} is null) and (${table.changeKind} is null) = (${table.changedAt} is null)`,
    ),
  ],
);
export type TurnoverRequirementRow = typeof turnoverRequirements.$inferSelect;
