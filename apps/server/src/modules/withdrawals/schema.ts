import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PayoutKind, WithdrawStatus } from '@palaro/contract';
import { members } from '../accounts/schema';
import { merchants } from '../site/schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const merchantId = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' });

/** Where a member's withdrawals are paid: a bank account or a GCash / Maya wallet. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PayoutKind>().notNull(),
    bankName: text('bank_name'),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    /** Removed by the member; kept because withdrawals refer to it. */
    removed: boolean('removed').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('payout_accounts_member').on(table.memberId)],
);
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    payoutAccountId: integer('payout_account_id')
      .notNull()
      .references(() => payoutAccounts.id, { onDelete: 'restrict' }),
    /** 'W' + random upper-case letters and digits. */
    orderNo: text('order_no').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').$type<WithdrawStatus>().notNull().default('pending'),
    note: text('note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('withdrawals_order_no').on(table.orderNo),
    index('withdrawals_member').on(table.memberId, table.createdAt),
    index('withdrawals_merchant_status').on(table.merchantId, table.status),
  ],
);
export type WithdrawalRow = typeof withdrawals.$inferSelect;
