import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One row per piece of work to run once: enqueued by a module, or by a schedule when it comes due.
 * A worker claims a due row with `for update skip locked` and holds it by its lease
 * (`locked_until`); a lease that runs out (the worker crashed) lets another worker claim it again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    /** With the name, makes the job enqueued at most once (a schedule's tick, a draw's settlement). */
    uniqueKey: text('unique_key'),
    state: text('state', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    /** When it may run: the time it was asked for, or the end of its back-off after a failure. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jobs_name_unique_key').on(table.name, table.uniqueKey),
    index('jobs_state_run_at').on(table.state, table.runAt),
    check('jobs_state_known', sql`${table.state} in ('pending', 'running', 'done', 'failed')`),
    check('jobs_attempts_in_range', sql`${table.attempts} >= 0 and ${table.maxAttempts} >= 1`),
    check(
      'jobs_running_has_lease',
      sql`${table.state} <> 'running' or (${table.lockedBy} is not null and ${table.lockedUntil} is not null)`,
    ),
  ],
);

/**
 * One row per recurring job: when it next comes due. The rule itself lives in the code that
 * defines the job (`rule` is its description, for the operator); the row makes one replica, not
 * every replica, enqueue each tick.
 */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  rule: text('rule').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastEnqueuedAt: timestamp('last_enqueued_at', { withTimezone: true }),
});

export type JobRow = typeof jobs.$inferSelect;
export type JobScheduleRow = typeof jobSchedules.$inferSelect;
