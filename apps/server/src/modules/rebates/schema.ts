import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { GameCategory } from '@palaro/contract';
import { members } from '../accounts/schema';
import { merchants } from '../site/schema';

const merchantId = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' });
const minor = (name: string) => bigint(name, { mode: 'bigint' });

/** The merchant's rebate rate per VIP level and game category, in basis points (80 = 0.80 %). */
export const rebateRates = pgTable(
  'rebate_rates',
  {
    merchantId: merchantId(),
    vipLevel: integer('vip_level').notNull(),
    category: text('category').$type<GameCategory>().notNull(),
    rateBp: integer('rate_bp').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.vipLevel, table.category] }),
    check('rebate_rates_rate', sql`${table.rateBp} between 0 and 1000`),
  ],
);
export type RebateRateRow = typeof rebateRates.$inferSelect;

/**
 * A member's rebate of one day (the merchant's time zone) in one category: the valid turnover, the
 * rate, the amount owed (capped) and what of it was paid. Written set-wise by the daily job (`final`
 * once the day is over) and, for today so far, by a manual claim. Each payment posts what is owed
 * less what was paid, under the row's lock, with a journal reference naming the paid total after it
 * (rebates/rules.ts), so no (member, day, category) is ever paid twice.
 */
export const rebateAccruals = pgTable(
  'rebate_accruals',
  {
    merchantId: merchantId(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').$type<GameCategory>().notNull(),
    turnover: minor('turnover').notNull(),
    rateBp: integer('rate_bp').notNull(),
    amount: minor('amount').notNull(),
    paid: minor('paid')
      .notNull()
      .default(sql`0`),
    final: boolean('final').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.day, table.category] }),
    index('rebate_accruals_merchant_day').on(table.merchantId, table.day),
    check('rebate_accruals_amounts', sql`${table.turnover} >= 0 and ${table.amount} >= 0 and ${table.paid} >= 0`),
  ],
);
export type RebateAccrualRow = typeof rebateAccruals.$inferSelect;

/** The days the daily job closed per merchant: computed (every accrual final), then paid (or left to claim). */
export const rebateDays = pgTable(
  'rebate_days',
  {
    merchantId: merchantId(),
    day: date('day', { mode: 'string' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    members: integer('members').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.day] })],
);
