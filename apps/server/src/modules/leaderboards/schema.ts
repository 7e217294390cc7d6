import { sql } from 'drizzle-orm';
import {
  bigint,
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
import type { LeaderboardMetric } from '@palaro/contract';
import { members } from '../accounts/schema';
import { merchants } from '../site/schema';

const minor = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * A leaderboard period (MISSION) the operator set up: local days in the merchant's zone, what it
 * ranks by and the prize of each rank. `state` is what happened to it (scheduled, then paid once
 * by the settle job, or cancelled); whether it is upcoming, live or settling follows from the clock.
 */
export const leaderboardPeriods = pgTable(
  'leaderboard_periods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    titleTy: text('title_ty').notNull(),
    titleEn: text('title_en').notNull(),
    metric: text('metric').$type<LeaderboardMetric>().notNull(),
    fromDay: text('from_day').notNull(),
    toDay: text('to_day').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Prize per rank in minor units, first place first (numbers: each well under 2^53). */
    prizes: jsonb('prizes').$type<number[]>().notNull(),
    state: text('state').$type<'scheduled' | 'paid' | 'cancelled'>().notNull().default('scheduled'),
    /** When the kept ranking (leaderboard_standings) was last computed. */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('leaderboard_periods_merchant').on(table.merchantId, table.state, table.endsAt),
    check('leaderboard_periods_metric', sql`${table.metric} in ('turnover', 'wins')`),
    check('leaderboard_periods_state', sql`${table.state} in ('scheduled', 'paid', 'cancelled')`),
    check('leaderboard_periods_times', sql`${table.startsAt} < ${table.endsAt}`),
  ],
);
export type LeaderboardPeriodRow = typeof leaderboardPeriods.$inferSelect;

/**
 * The ranking of a live period as last computed (the refresh job, every few seconds): its top
 * ranks only, read by every member's request instead of the bets themselves.
 */
export const leaderboardStandings = pgTable(
  'leaderboard_standings',
  {
    periodId: integer('period_id')
      .notNull()
      .references(() => leaderboardPeriods.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    score: minor('score').notNull(),
    /** Masked once when computed (ju***4): a read never needs the members table. */
    name: text('name').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.periodId, table.memberId] }),
    index('leaderboard_standings_rank').on(table.periodId, table.rank),
  ],
);

/** A prize paid at a period's end: one per (period, member), with its journal entry's reference. */
export const leaderboardPrizes = pgTable(
  'leaderboard_prizes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    periodId: integer('period_id')
      .notNull()
      .references(() => leaderboardPeriods.id, { onDelete: 'restrict' }),
    merchantId: integer('merchant_id').notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    rank: integer('rank').notNull(),
    score: minor('score').notNull(),
    amount: minor('amount').notNull(),
    reference: text('reference').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('leaderboard_prizes_period_member').on(table.periodId, table.memberId),
    check('leaderboard_prizes_amount', sql`${table.amount} > 0`),
  ],
);
