import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { RedRainQualification } from '@palaro/contract';
import { members } from '../accounts/schema';
import { merchants } from '../site/schema';

const minor = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * A red-envelope rain (GAMSER) the operator scheduled. Its envelopes are written once, when it
 * starts (`splitAt`): the budget split so the amounts sum exactly to it. Whether it is upcoming,
 * live or ended follows from the clock; `state` says only whether it was cancelled.
 */
export const redRainEvents = pgTable(
  'red_rain_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    titleTy: text('title_ty').notNull(),
    titleEn: text('title_en').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    budget: minor('budget').notNull(),
    envelopeCount: integer('envelope_count').notNull(),
    minAmount: minor('min_amount').notNull(),
    maxAmount: minor('max_amount').notNull(),
    grabsPerMember: integer('grabs_per_member').notNull(),
    qualification: text('qualification').$type<RedRainQualification>().notNull(),
    qualifyAmount: minor('qualify_amount').notNull(),
    qualifyFrom: timestamp('qualify_from', { withTimezone: true }).notNull(),
    state: text('state').$type<'scheduled' | 'cancelled'>().notNull().default('scheduled'),
    splitAt: timestamp('split_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('red_rain_events_merchant').on(table.merchantId, table.endsAt),
    check('red_rain_events_state', sql`${table.state} in ('scheduled', 'cancelled')`),
    check('red_rain_events_qualification', sql`${table.qualification} in ('none', 'deposit', 'turnover')`),
    check(
      'red_rain_events_times',
      sql`${table.startsAt} < ${table.endsAt} and ${table.qualifyFrom} <= ${table.startsAt}`,
    ),
    check(
      'red_rain_events_split',
      sql`${table.minAmount} >= 1 and ${table.minAmount} <= ${table.maxAmount} and ${table.envelopeCount} >= 1
        and ${table.minAmount} * ${table.envelopeCount} <= ${table.budget} and ${table.maxAmount} * ${table.envelopeCount} >= ${table.budget}`,
    ),
  ],
);
export type RedRainEventRow = typeof redRainEvents.$inferSelect;

/** One envelope: its amount fixed at the start, taken once (member and time set by the grab). */
export const redRainEnvelopes = pgTable(
  'red_rain_envelopes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => redRainEvents.id, { onDelete: 'restrict' }),
    amount: minor('amount').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'restrict' }),
    grabbedAt: timestamp('grabbed_at', { withTimezone: true }),
  },
  (table) => [
    // The grab's pick: the event's first envelope still free.
    index('red_rain_envelopes_free')
      .on(table.eventId, table.id)
      .where(sql`${table.memberId} is null`),
    index('red_rain_envelopes_taken')
      .on(table.eventId, table.memberId)
      .where(sql`${table.memberId} is not null`),
    check('red_rain_envelopes_amount', sql`${table.amount} >= 1`),
    check('red_rain_envelopes_taken_whole', sql`(${table.memberId} is null) = (${table.grabbedAt} is null)`),
  ],
);

/** Per event and member: envelopes taken and their sum. Its row lock orders one member's grabs. */
export const redRainTakers = pgTable(
  'red_rain_takers',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => redRainEvents.id, { onDelete: 'restrict' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    grabs: integer('grabs').notNull(),
    caught: minor('caught').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.memberId] }),
    index('red_rain_takers_member').on(table.memberId, table.eventId),
    check('red_rain_takers_grabs', sql`${table.grabs} >= 1`),
  ],
);
