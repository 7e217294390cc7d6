import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fromPool, type Database } from '../db/database';
import { createLogger } from '../logger';
import { createTestDatabase, testDatabaseUrl } from '../testing/test-database';
import { jobs, jobSchedules } from './schema';
import { defineJob, jobHistoryPurge, JobScheduler, type JobDefinition, type JobSchedulerOptions } from './scheduler';
import { claimDueJob, listJobs, retryJob } from './store';

/**
 * Two workers on one database, as two replicas would be. On the real PostgreSQL (DATABASE_URL)
 * the second has a connection pool of its own, so their claims truly race.
 */
let database: Database;
let replicaDatabase: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  replicaDatabase =
    database.kind === 'postgres'
      ? fromPool(new pg.Pool({ connectionString: await testDatabaseUrl(database), max: 4 }), {
          log: createLogger({ logLevel: 'silent' }),
        })
      : database;
});
afterAll(async () => {
  if (replicaDatabase !== database) await replicaDatabase?.close();
  await database?.close();
});

let clock: Date;
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeEach(async () => {
  clock = new Date('2026-03-01T08:00:00Z');
  await database.db.delete(jobs);
  await database.db.delete(jobSchedules);
});

const silent = createLogger({ logLevel: 'silent' });

function scheduler(
  definitions: JobDefinition<never>[],
  options: Partial<JobSchedulerOptions> & { replica?: boolean } = {},
): JobScheduler {
  const worker = new JobScheduler({
    database: options.replica ? replicaDatabase : database,
    log: silent,
    now,
    pollMs: 60 * 60_000,
    ...options,
  });
  worker.register(...definitions);
  return worker;
}

async function jobRow(id: number) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

/** Counts each job's runs by its payload's `n`. */
function countingJob(name: string, runs: Map<number, number>, options: Partial<JobDefinition<{ n: number }>> = {}) {
  return defineJob<{ n: number }>({
    name,
    handler: async ({ n }) => {
      runs.set(n, (runs.get(n) ?? 0) + 1);
      // A pause in the middle of the work lets the other worker claim meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 2));
    },
    ...options,
  });
}

describe('claiming', () => {
  it('runs each job exactly once across two workers claiming at the same time', async () => {
    const runs = new Map<number, number>();
    const first = scheduler([countingJob('count', runs)]);
    const second = scheduler([countingJob('count', runs)], { replica: true });
    const ids = [];
    for (let n = 0; n < 40; n += 1) ids.push(await first.enqueue('count', { n }));

    const [ranByFirst, ranBySecond] = await Promise.all([first.runDueJobs(), second.runDueJobs()]);

    expect(ranByFirst + ranBySecond).toBe(40);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(40);
    const rows = await listJobs(database.db, { limit: 100 });
    expect(rows.map((row) => [row.state, row.attempts, row.lockedBy])).toEqual(ids.map(() => ['done', 1, null]));
  });

  it('runs a job at its time and not before, and a unique key enqueues it once', async () => {
    const runs = new Map<number, number>();
    const worker = scheduler([countingJob('draw', runs)]);
    const drawAt = new Date(clock.getTime() + 5 * 60_000);
    const id = await worker.enqueue('draw', { n: 7 }, { runAt: drawAt, uniqueKey: 'draw:7' });
    expect(id).not.toBeNull();
    expect(await worker.enqueue('draw', { n: 7 }, { runAt: drawAt, uniqueKey: 'draw:7' })).toBeNull();

    advance(5 * 60_000 - 1);
    expect(await worker.runDueJobs()).toBe(0);
    advance(1);
    expect(await worker.runDueJobs()).toBe(1);
    expect(await worker.runDueJobs()).toBe(0);
    expect(runs).toEqual(new Map([[7, 1]]));
    // Kept as long as its row: the key still refuses a second enqueue after the job ran.
    expect(await worker.enqueue('draw', { n: 7 }, { uniqueKey: 'draw:7' })).toBeNull();
  });

  it('enqueues in the caller’s transaction: a rolled-back transaction leaves no job', async () => {
    const worker = scheduler([countingJob('settle', new Map())]);
    await database.db
      .transaction(async (tx) => {
        expect(await worker.enqueue('settle', { n: 1 }, { uniqueKey: 'draw:1' }, tx)).not.toBeNull();
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await listJobs(database.db, { limit: 10 })).toEqual([]);
  });

  it('refuses to enqueue a job nobody defined, and to define two jobs of one name', () => {
    const worker = scheduler([countingJob('known', new Map())]);
    return Promise.all([
      expect(worker.enqueue('unknown')).rejects.toThrow('No job is named unknown'),
      expect(async () => worker.register(countingJob('known', new Map()))).rejects.toThrow('Two jobs are named known'),
      expect(async () =>
        worker.register({ name: 'too-often', schedule: { everyMs: 10 }, handler: async () => undefined }),
      ).rejects.toThrow('Job too-often: a schedule runs at most every second'),
    ]);
  });

  it('leaves jobs it does not know to the workers that do (a replica running newer code)', async () => {
    const newer = scheduler([countingJob('new-kind', new Map())]);
    const older = scheduler([countingJob('old-kind', new Map())]);
    await newer.enqueue('new-kind', { n: 1 });
    expect(await older.runDueJobs()).toBe(0);
    expect(await newer.runDueJobs()).toBe(1);
  });
});

describe('retries', () => {
  it('runs a failing job again after a doubling back-off, then keeps it failed with its last error', async () => {
    let attempts = 0;
    const worker = scheduler([
      defineJob({
        name: 'flaky',
        retry: { maxAttempts: 3, backoffMs: 1000, maxBackoffMs: 60_000 },
        handler: async (_payload, context) => {
          attempts += 1;
          throw new Error(`refused on attempt ${context.attempt}`);
        },
      }),
    ]);
    const id = (await worker.enqueue('flaky'))!;

    expect(await worker.runDueJobs()).toBe(1);
    expect(await jobRow(id)).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: 'Error: refused on attempt 1',
      runAt: new Date('2026-03-01T08:00:01Z'),
    });
    advance(999);
    expect(await worker.runDueJobs()).toBe(0);
    advance(1);
    expect(await worker.runDueJobs()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'pending', attempts: 2, runAt: new Date('2026-03-01T08:00:03Z') });
    advance(2000);
    expect(await worker.runDueJobs()).toBe(1);
    expect(await jobRow(id)).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: 'Error: refused on attempt 3',
      finishedAt: clock,
    });
    advance(60 * 60_000);
    expect(await worker.runDueJobs()).toBe(0);
    expect(attempts).toBe(3);
  });

  it('runs a failed job again when the operator retries it, with its attempts counted afresh', async () => {
    let refuse = true;
    const worker = scheduler([
      defineJob({
        name: 'once-broken',
        retry: { maxAttempts: 1 },
        handler: async () => {
          if (refuse) throw new Error('not yet');
        },
      }),
    ]);
    const id = (await worker.enqueue('once-broken'))!;
    await worker.runDueJobs();
    expect((await jobRow(id)).state).toBe('failed');

    refuse = false;
    expect(await retryJob(database.db, id, clock)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(await worker.runDueJobs()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 1 });
    expect(await retryJob(database.db, id, clock)).toBeNull();
  });
});

describe('leases', () => {
  it('runs again, on another worker, a job whose worker stopped mid-run once its lease runs out', async () => {
    const runs = new Map<number, number>();
    const survivor = scheduler([countingJob('sweep', runs)], { leaseMs: 60_000, replica: true });
    const id = (await survivor.enqueue('sweep', { n: 1 }))!;
    // A worker claims it and stops before finishing: nothing marks it done or gives it back.
    expect(
      await claimDueJob(database.db, ['sweep'], 'crashed-worker', clock, new Date(clock.getTime() + 60_000)),
    ).toMatchObject({ id, attempts: 1 });

    advance(59_999);
    expect(await survivor.runDueJobs()).toBe(0);
    advance(1);
    expect(await survivor.runDueJobs()).toBe(1);
    expect(runs).toEqual(new Map([[1, 1]]));
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2, lockedBy: null });
  });

  it('fails a job whose worker stopped during its last attempt', async () => {
    const worker = scheduler([countingJob('last-chance', new Map(), { retry: { maxAttempts: 1 } })]);
    const id = (await worker.enqueue('last-chance', { n: 1 }))!;
    await claimDueJob(database.db, ['last-chance'], 'crashed-worker', clock, new Date(clock.getTime() + 1000));
    advance(1000);
    expect(await worker.runDueJobs()).toBe(0);
    expect(await jobRow(id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: expect.stringContaining('lease ran out'),
    });
  });

  it('does not mark done a job another worker took over after its lease ran out', async () => {
    let finishSlowRun!: () => void;
    let slowRunSignal: AbortSignal | undefined;
    let runs = 0;
    const handler = async (_payload: unknown, context: { signal: AbortSignal }) => {
      runs += 1;
      if (runs === 1) {
        slowRunSignal = context.signal;
        await new Promise<void>((resolve) => {
          finishSlowRun = resolve;
        });
      }
    };
    // The stalled worker's clock stands still, so the leases it renews end in the past of the others.
    const stalledAt = clock;
    const stalled = scheduler([defineJob({ name: 'slow', handler })], {
      leaseMs: 90,
      workerId: 'stalled',
      now: () => stalledAt,
    });
    const healthy = scheduler([defineJob({ name: 'slow', handler })], {
      leaseMs: 60_000,
      workerId: 'healthy',
      replica: true,
    });
    const id = (await stalled.enqueue('slow'))!;
    const stalledRun = stalled.runDueJobs();
    await expect.poll(() => runs, { timeout: 30_000 }).toBe(1);

    advance(60_000);
    // A claim skips the row while a renewal holds its lock for a moment: the next poll takes it.
    await expect.poll(() => healthy.runDueJobs(), { timeout: 30_000 }).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2 });
    // Its next renewal finds the job gone and tells the slow run to stop.
    await expect.poll(() => slowRunSignal?.aborted, { timeout: 30_000 }).toBe(true);

    finishSlowRun();
    expect(await stalledRun).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2, lockedBy: null });
  });
});

describe('schedules', () => {
  it('enqueues each tick once however many workers see it due, and runs it once', async () => {
    const runs: string[] = [];
    const sweep = (worker: string) =>
      defineJob({ name: 'sweep', schedule: { everyMs: 60_000 }, handler: async () => void runs.push(worker) });
    const first = scheduler([sweep('first')]);
    const second = scheduler([sweep('second')], { replica: true });
    await Promise.all([first.writeSchedules(), second.writeSchedules()]);
    const [schedule] = await database.db.select().from(jobSchedules);
    expect(schedule).toMatchObject({ name: 'sweep', rule: 'every 1 min', nextRunAt: new Date('2026-03-01T08:01:00Z') });

    expect(await Promise.all([first.runDueJobs(), second.runDueJobs()])).toEqual([0, 0]);
    advance(60_000);
    const ran = await Promise.all([first.runDueJobs(), second.runDueJobs()]);
    expect(ran[0] + ran[1]).toBe(1);
    expect(runs).toHaveLength(1);

    // Down for ten minutes: one job makes up the gap, and the cadence holds.
    advance(10 * 60_000 + 30_000);
    await Promise.all([first.runDueJobs(), second.runDueJobs()]);
    expect(runs).toHaveLength(2);
    expect((await database.db.select().from(jobSchedules))[0]).toMatchObject({
      nextRunAt: new Date('2026-03-01T08:12:00Z'),
      lastEnqueuedAt: clock,
    });
    expect((await listJobs(database.db, { limit: 10 })).map((job) => [job.uniqueKey, job.state])).toEqual([
      ['schedule:2026-03-01T08:02:00.000Z', 'done'],
      ['schedule:2026-03-01T08:01:00.000Z', 'done'],
    ]);
  });

  it('enqueues a daily job at its local time', async () => {
    const runs: string[] = [];
    const worker = scheduler([
      defineJob({
        name: 'draw',
        schedule: { dailyAt: '21:00', timeZone: 'Asia/Manila' },
        handler: async () => void runs.push(clock.toISOString()),
      }),
    ]);
    // 08:00 UTC is 16:00 in Manila: five hours to go.
    await worker.writeSchedules();
    advance(5 * 60 * 60_000 - 1);
    expect(await worker.runDueJobs()).toBe(0);
    advance(1);
    expect(await worker.runDueJobs()).toBe(1);
    expect(runs).toEqual(['2026-03-01T13:00:00.000Z']);
    expect((await database.db.select().from(jobSchedules))[0]).toMatchObject({
      rule: 'daily at 21:00 Asia/Manila',
      nextRunAt: new Date('2026-03-02T13:00:00Z'),
    });
  });

  it('keeps the next time of a schedule already written, unless its new rule comes sooner', async () => {
    const hourly = scheduler([
      defineJob({ name: 'purge', schedule: { everyMs: 60 * 60_000 }, handler: async () => undefined }),
    ]);
    await hourly.writeSchedules();
    advance(10 * 60_000);
    const restarted = scheduler([
      defineJob({ name: 'purge', schedule: { everyMs: 60 * 60_000 }, handler: async () => undefined }),
    ]);
    await restarted.writeSchedules();
    expect((await database.db.select().from(jobSchedules))[0]).toMatchObject({
      nextRunAt: new Date('2026-03-01T09:00:00Z'),
    });
    const quicker = scheduler([
      defineJob({ name: 'purge', schedule: { everyMs: 5 * 60_000 }, handler: async () => undefined }),
    ]);
    await quicker.writeSchedules();
    expect((await database.db.select().from(jobSchedules))[0]).toMatchObject({
      rule: 'every 5 min',
      nextRunAt: new Date('2026-03-01T08:15:00Z'),
    });
  });
});

describe('history', () => {
  it('forgets done jobs after 30 days, and keeps failed ones for the operator', async () => {
    const worker = scheduler([
      countingJob('tidy', new Map()),
      defineJob({ name: 'broken', retry: { maxAttempts: 1 }, handler: async () => Promise.reject(new Error('no')) }),
    ]);
    await worker.enqueue('tidy', { n: 1 });
    const oldFailure = (await worker.enqueue('broken'))!;
    await worker.runDueJobs();
    advance(29 * 24 * 60 * 60_000);
    const recent = (await worker.enqueue('tidy', { n: 2 }))!;
    await worker.runDueJobs();

    const purge = jobHistoryPurge(database, now);
    expect(purge.schedule).toEqual({ everyMs: 24 * 60 * 60_000 });
    expect(await purge.handler({}, { jobId: 0, attempt: 1, signal: new AbortController().signal })).toBe(0);
    advance(24 * 60 * 60_000 + 1);
    expect(await purge.handler({}, { jobId: 0, attempt: 1, signal: new AbortController().signal })).toBe(1);
    expect((await listJobs(database.db, { limit: 10 })).map((job) => job.id)).toEqual([recent, oldFailure]);
  });
});

describe('running on its own', () => {
  it('wakes for an enqueue at once, without waiting for its next poll', async () => {
    const runs = new Map<number, number>();
    const worker = scheduler([countingJob('prompt', runs)], { pollMs: 60 * 60_000 });
    await worker.start();
    try {
      await worker.enqueue('prompt', { n: 1 });
      await expect.poll(() => runs.get(1), { timeout: 30_000 }).toBe(1);
    } finally {
      await worker.stop();
    }
  });

  it('lets the running job finish when it stops within its grace period', async () => {
    let finish!: () => void;
    let started = false;
    const worker = scheduler(
      [
        defineJob({
          name: 'finishing',
          handler: () =>
            new Promise<void>((resolve) => {
              started = true;
              finish = resolve;
            }),
        }),
      ],
      { pollMs: 10, shutdownGraceMs: 60_000 },
    );
    const id = (await worker.enqueue('finishing'))!;
    await worker.start();
    await expect.poll(() => started, { timeout: 30_000 }).toBe(true);
    const stopped = worker.stop();
    finish();
    await stopped;
    expect((await jobRow(id)).state).toBe('done');
  });

  it('gives back a job still running when its grace period ends, for another worker to run', async () => {
    let signal: AbortSignal | undefined;
    const worker = scheduler(
      [
        defineJob({
          name: 'endless',
          handler: (_payload, context) =>
            new Promise<void>(() => {
              signal = context.signal;
            }),
        }),
      ],
      { pollMs: 10, shutdownGraceMs: 50 },
    );
    const id = (await worker.enqueue('endless'))!;
    await worker.start();
    await expect.poll(() => signal !== undefined, { timeout: 30_000 }).toBe(true);
    await worker.stop();
    expect(signal!.aborted).toBe(true);
    expect(await jobRow(id)).toMatchObject({ state: 'pending', attempts: 0, lockedBy: null, runAt: clock });
  });
});
