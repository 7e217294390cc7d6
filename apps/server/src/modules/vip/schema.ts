import { bigint, date, integer, pgTable, primaryKey, text, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { members } from '../accounts/schema';
import { merchants } from '../site/schema';

const merchantId = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' });
const minor = (name: string) => bigint(name, { mode: 'bigint' });
const zero = (name: string) =>
  minor(name)
    .notNull()
    .default(sql`0`);

/**
 * The merchant's VIP levels (0 is everyone's): what reaching one takes (cumulative valid turnover
 * and deposits since registration), what keeps it per keep period, and what it gives.
 */
export const vipLevels = pgTable(
  'vip_levels',
  {
    merchantId: merchantId(),
    level: integer('level').notNull(),
    name: text('name').notNull(),
    depositRequired: zero('deposit_required'),
    turnoverRequired: zero('turnover_required'),
    keepDeposit: zero('keep_deposit'),
    keepTurnover: zero('keep_turnover'),
    upgradeBonus: zero('upgrade_bonus'),
    birthdayBonus: zero('birthday_bonus'),
    monthlyBonus: zero('monthly_bonus'),
    /** 0: the merchant's own withdrawal limits apply. */
    withdrawDailyAmount: zero('withdraw_daily_amount'),
    withdrawDailyCount: integer('withdraw_daily_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.level] })],
);
export type VipLevelRow = typeof vipLevels.$inferSelect;

/**
 * Each member's counted figures: cumulative deposits and valid turnover up to the end of
 * `counted_through` (the evaluation adds each closed day once), and the current keep period's.
 */
export const vipProgress = pgTable(
  'vip_progress',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    merchantId: merchantId(),
    deposits: zero('deposits'),
    turnover: zero('turnover'),
    /**
     * What of the figures no longer counts toward a level: the figures when the member was last
     * relegated (they qualify again by new play), or raised when the merchant counts from the last change.
     */
    baseDeposits: zero('base_deposits'),
    baseTurnover: zero('base_turnover'),
    periodDeposits: zero('period_deposits'),
    periodTurnover: zero('period_turnover'),
    /** The first day of the keep period (the day the level was reached, or the last period's end + 1). */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    countedThrough: date('counted_through', { mode: 'string' }),
  },
  (table) => [index('vip_progress_merchant').on(table.merchantId)],
);

/** The days whose figures the evaluation has added, per merchant: a day is added once. */
export const vipDays = pgTable(
  'vip_days',
  {
    merchantId: merchantId(),
    day: date('day', { mode: 'string' }).notNull(),
    upgraded: integer('upgraded').notNull().default(0),
    relegated: integer('relegated').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.day] })],
);
