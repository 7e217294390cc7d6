import { and, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { jobs, jobSchedules, type JobRow, type JobScheduleRow } from './schema';

/** The channel an enqueue notifies, so idle workers wake at once instead of at their next poll. */
export const JOBS_CHANNEL = 'palaro_jobs';

export interface NewJob {
  name: string;
  payload: unknown;
  uniqueKey: string | null;
  runAt: Date;
  maxAttempts: number;
}

/** Enqueues a job (in the caller's transaction, if any); null when its name and unique key are already taken. */
export async function insertJob(q: Queryable, job: NewJob): Promise<number | null> {
  const [row] = await q
    .insert(jobs)
    .values(job)
    .onConflictDoNothing({ target: [jobs.name, jobs.uniqueKey] })
    .returning({ id: jobs.id });
  if (!row) return null;
  // Delivered when the transaction commits: a worker woken by it sees the row.
  await q.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${job.name})`);
  return row.id;
}

/**
 * Claims the job due first among `names` for `worker` until `leaseUntil`: a pending job whose time
 * has come, or a running one whose lease ran out (its worker stopped) with attempts left. One
 * statement, so it needs no transaction; `skip locked` lets workers claim side by side without
 * waiting on each other or ever taking the same row.
 */
export async function claimDueJob(
  q: Queryable,
  names: readonly string[],
  worker: string,
  now: Date,
  leaseUntil: Date,
): Promise<JobRow | null> {
  if (names.length === 0) return null;
  const due = q
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.name, [...names]),
        inArray(jobs.state, ['pending', 'running']),
        or(
          and(eq(jobs.state, 'pending'), lte(jobs.runAt, now)),
          and(eq(jobs.state, 'running'), lte(jobs.lockedUntil, now), sql`${jobs.attempts} < ${jobs.maxAttempts}`),
        ),
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await q
    .update(jobs)
    .set({ state: 'running', attempts: sql`${jobs.attempts} + 1`, lockedBy: worker, lockedUntil: leaseUntil })
    .where(sql`${jobs.id} = (${due})`)
    .returning();
  return claimed ?? null;
}

/** Running jobs whose lease ran out on their last attempt: their worker stopped, and no attempt is left. */
export async function failAbandonedJobs(q: Queryable, names: readonly string[], now: Date): Promise<number> {
  if (names.length === 0) return 0;
  const failed = await q
    .update(jobs)
    .set({
      state: 'failed',
      lockedBy: null,
      lockedUntil: null,
      finishedAt: now,
      lastError: 'Its worker stopped during the last attempt (the lease ran out)',
    })
    .where(
      and(
        inArray(jobs.name, [...names]),
        eq(jobs.state, 'running'),
        lte(jobs.lockedUntil, now),
        sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
      ),
    )
    .returning({ id: jobs.id });
  return failed.length;
}

/** The claim of `worker` on a job it runs; every change below holds only while it is still the worker's. */
function heldBy(id: number, worker: string) {
  return and(eq(jobs.id, id), eq(jobs.state, 'running'), eq(jobs.lockedBy, worker));
}

/** Extends the lease; false when the job is no longer this worker's (the lease ran out and another took it). */
export async function renewLease(q: Queryable, id: number, worker: string, leaseUntil: Date): Promise<boolean> {
  const renewed = await q
    .update(jobs)
    .set({ lockedUntil: leaseUntil })
    .where(heldBy(id, worker))
    .returning({ id: jobs.id });
  return renewed.length > 0;
}

export async function completeJob(q: Queryable, id: number, worker: string, now: Date): Promise<boolean> {
  const done = await q
    .update(jobs)
    .set({ state: 'done', lockedBy: null, lockedUntil: null, finishedAt: now })
    .where(heldBy(id, worker))
    .returning({ id: jobs.id });
  return done.length > 0;
}

/** Records a failed attempt: pending again at `runAt` (its back-off), or failed for good. */
export async function recordFailure(
  q: Queryable,
  id: number,
  worker: string,
  outcome: { state: 'pending'; runAt: Date } | { state: 'failed' },
  lastError: string,
  now: Date,
): Promise<boolean> {
  const changes =
    outcome.state === 'pending'
      ? { state: 'pending' as const, runAt: outcome.runAt }
      : { state: 'failed' as const, finishedAt: now };
  const recorded = await q
    .update(jobs)
    .set({ ...changes, lockedBy: null, lockedUntil: null, lastError })
    .where(heldBy(id, worker))
    .returning({ id: jobs.id });
  return recorded.length > 0;
}

/**
 * Gives a job back unfinished (the worker is shutting down): pending at once, and the attempt it
 * was on does not count, since it never got to finish.
 */
export async function releaseJob(q: Queryable, id: number, worker: string, now: Date): Promise<boolean> {
  const released = await q
    .update(jobs)
    .set({
      state: 'pending',
      runAt: now,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(heldBy(id, worker))
    .returning({ id: jobs.id });
  return released.length > 0;
}

/**
 * Writes down each recurring job (first due `firstRunAt` after start-up). A schedule already there
 * keeps its next time unless the new rule brings it sooner.
 */
export async function upsertSchedule(q: Queryable, name: string, rule: string, firstRunAt: Date): Promise<void> {
  await q
    .insert(jobSchedules)
    .values({ name, rule, nextRunAt: firstRunAt })
    .onConflictDoUpdate({
      target: jobSchedules.name,
      set: { rule, nextRunAt: sql`least(${jobSchedules.nextRunAt}, excluded.next_run_at)` },
    });
}

/** Whether any schedule among `names` is due: an idle poll asks this, without a transaction. */
export async function anyScheduleDue(q: Queryable, names: readonly string[], now: Date): Promise<boolean> {
  if (names.length === 0) return false;
  const due = await q
    .select({ name: jobSchedules.name })
    .from(jobSchedules)
    .where(and(inArray(jobSchedules.name, [...names]), lte(jobSchedules.nextRunAt, now)))
    .limit(1);
  return due.length > 0;
}

/**
 * Locks the due schedules among `names` that no other worker is ticking (`skip locked`). Call in a
 * transaction, and move each one's next time on in the same transaction.
 */
export async function lockDueSchedules(q: Queryable, names: readonly string[], now: Date): Promise<JobScheduleRow[]> {
  if (names.length === 0) return [];
  return q
    .select()
    .from(jobSchedules)
    .where(and(inArray(jobSchedules.name, [...names]), lte(jobSchedules.nextRunAt, now)))
    .for('update', { skipLocked: true });
}

export async function advanceSchedule(q: Queryable, name: string, nextRunAt: Date, now: Date): Promise<void> {
  await q.update(jobSchedules).set({ nextRunAt, lastEnqueuedAt: now }).where(eq(jobSchedules.name, name));
}

export async function listSchedules(q: Queryable): Promise<JobScheduleRow[]> {
  return q.select().from(jobSchedules).orderBy(jobSchedules.name);
}

export async function listJobs(q: Queryable, filter: { state?: JobRow['state']; limit: number }): Promise<JobRow[]> {
  return q
    .select()
    .from(jobs)
    .where(filter.state ? eq(jobs.state, filter.state) : undefined)
    .orderBy(desc(jobs.id))
    .limit(filter.limit);
}

export async function findJob(q: Queryable, id: number): Promise<JobRow | null> {
  const [row] = await q.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/**
 * An operator's retry: a failed job (or one waiting out its back-off) runs again at once with its
 * attempts counted afresh. Null when the job is running, done or missing.
 */
export async function retryJob(q: Queryable, id: number, now: Date): Promise<JobRow | null> {
  const [row] = await q
    .update(jobs)
    .set({ state: 'pending', runAt: now, attempts: 0, finishedAt: null })
    .where(and(eq(jobs.id, id), inArray(jobs.state, ['failed', 'pending'])))
    .returning();
  if (!row) return null;
  await q.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${row.name})`);
  return row;
}

/** Forgets jobs done before `before`; failed ones stay until an operator has seen to them. */
export async function purgeDoneJobs(q: Queryable, before: Date): Promise<number> {
  const purged = await q
    .delete(jobs)
    .where(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, before)))
    .returning({ id: jobs.id });
  return purged.length;
}
