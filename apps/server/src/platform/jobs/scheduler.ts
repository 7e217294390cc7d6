import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../db/database';
import { FailureLog, ThrottledLog, type Logger } from '../logger';
import {
  DEFAULT_LEASE_MS,
  DEFAULT_RETRY,
  describeSchedule,
  errorSummary,
  firstRunAt,
  nextRunAfter,
  outcomeOfFailure,
  scheduleProblem,
  scheduleTickKey,
  type RetryPolicy,
  type Schedule,
} from './rules';
import { ERROR_CODES, fieldError } from '@palaro/contract';
import { DomainError, NotFoundError } from '../http/errors';
import type { JobRow, JobScheduleRow } from './schema';
import {
  advanceSchedule,
  anyScheduleDue,
  claimDueJob,
  completeJob,
  failAbandonedJobs,
  findJob,
  insertJob,
  JOBS_CHANNEL,
  listJobs,
  listSchedules,
  lockDueSchedules,
  purgeDoneJobs,
  recordFailure,
  releaseJob,
  renewLease,
  retryJob,
  upsertSchedule,
} from './store';

export interface JobContext {
  jobId: number;
  /** 1 on the first run; a job whose worker stopped mid-run runs again with the next number. */
  attempt: number;
  /**
   * Aborted when this worker shuts down or loses its claim: a long job stops early if it can.
   * Whatever it already did must be safe to do again.
   */
  signal: AbortSignal;
}

/**
 * A kind of job. **Its handler must be idempotent**: a job runs at least once, and may run more
 * than once — its worker can stop after the work committed and before the job was marked done, or
 * lose its lease while still running — so running it twice must change nothing the first run did
 * not (a conditional update, a row with a unique key, a journal entry whose (kind, reference) is
 * unique, all in one transaction with what marks the work as done).
 */
export interface JobDefinition<Payload = unknown> {
  /** Unique among all jobs; stored on every row, so renaming one orphans its pending rows. */
  name: string;
  handler(payload: Payload, context: JobContext): Promise<unknown>;
  /** Recurring: one job enqueued per tick, by whichever replica sees it due first. */
  schedule?: Schedule;
  /** Failed attempts run again after a doubling wait (see rules.ts for the defaults). */
  retry?: Partial<RetryPolicy>;
}

/** Declares a job for the scheduler; checks what the type cannot. */
export function defineJob<Payload = unknown>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  if (!/^[a-z0-9][a-z0-9.:-]*$/.test(definition.name))
    throw new Error(`Job name "${definition.name}": lower-case letters, digits, '.', ':' and '-'`);
  const problem = definition.schedule && scheduleProblem(definition.schedule);
  if (problem) throw new Error(`Job ${definition.name}: ${problem}`);
  const retry = retryPolicyOf(definition);
  if (
    !(Number.isInteger(retry.maxAttempts) && retry.maxAttempts >= 1) ||
    retry.backoffMs < 0 ||
    retry.maxBackoffMs < retry.backoffMs
  ) {
    throw new Error(`Job ${definition.name}: at least one attempt, and a back-off between 0 and its maximum`);
  }
  return definition;
}

function retryPolicyOf(definition: JobDefinition<never>): RetryPolicy {
  return { ...DEFAULT_RETRY, ...definition.retry };
}

export interface EnqueueOptions {
  /** Not before this time (now when absent): "run at exactly T, once" is `runAt` with a `uniqueKey`. */
  runAt?: Date;
  /** Enqueued at most once per name and key, for as long as the job's row is kept. */
  uniqueKey?: string;
}

/** What a module needs of the scheduler to enqueue its own jobs (settlement after a draw, say). */
export type JobQueue = Pick<JobScheduler, 'enqueue'>;

export interface JobSchedulerOptions {
  database: Database;
  log: Logger;
  /** Decides when jobs come due and leases run out; the real time unless a test brings its own. */
  now?: () => Date;
  /** How often an idle worker looks for due work; an enqueue wakes it sooner. */
  pollMs?: number;
  leaseMs?: number;
  /** On shutdown, how long the running job may take to finish before it is given back unfinished. */
  shutdownGraceMs?: number;
  /** Names this worker's claims; unique per process by default. */
  workerId?: string;
}

const DEFAULT_POLL_MS = 1000;
const DEFAULT_SHUTDOWN_GRACE_MS = 5000;
/** While the database is away every poll fails: one log line per this long. */
const FAILED_POLL_LOG_INTERVAL_MS = 30_000;

/**
 * The one job scheduler: jobs and schedules are rows, claimed through the database, so each runs
 * once whatever the number of replicas, and a job whose worker stopped is taken up by another once
 * its lease runs out. Each process runs one job at a time; more replicas run more at once.
 */
export class JobScheduler {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly shutdownGraceMs: number;
  readonly workerId: string;
  private readonly failedPolls = new ThrottledLog(FAILED_POLL_LOG_INTERVAL_MS);
  /** Every run of every job fails while the database is away: one line per job an interval. */
  private readonly jobOutages = new FailureLog();
  private phase: 'registering' | 'running' | 'stopping' | 'stopped' = 'registering';
  private woken = false;
  private wakeSleeper: (() => void) | null = null;
  private loopDone: Promise<void> | null = null;
  private current: { job: JobRow; abort: AbortController } | null = null;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly options: JobSchedulerOptions) {
    this.now = options.now ?? (() => new Date());
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.shutdownGraceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
    this.workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  /**
   * Adds job definitions (checked as defineJob checks them, so a plain object is fine too); all of
   * them before start(), so every replica knows the same jobs.
   */
  register(...definitions: JobDefinition<never>[]): void {
    if (this.phase !== 'registering') throw new Error('Jobs are registered before the scheduler starts');
    for (const definition of definitions) {
      defineJob(definition);
      if (this.definitions.has(definition.name)) throw new Error(`Two jobs are named ${definition.name}`);
      this.definitions.set(definition.name, definition as JobDefinition);
    }
  }

  get jobNames(): string[] {
    return [...this.definitions.keys()];
  }

  /**
   * Enqueues a job of `name`; answers its id, or null when `uniqueKey` was taken already. Given a
   * transaction, the job exists only if that transaction commits (enqueue it with the work it follows).
   */
  async enqueue(
    name: string,
    payload: unknown = {},
    options: EnqueueOptions = {},
    q: Queryable = this.options.database.db,
  ): Promise<number | null> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`No job is named ${name}`);
    return insertJob(q, {
      name,
      payload,
      uniqueKey: options.uniqueKey ?? null,
      runAt: options.runAt ?? this.now(),
      maxAttempts: retryPolicyOf(definition).maxAttempts,
    });
  }

  /** What the operator sees: every schedule, and the latest jobs (of one state, when asked). */
  async overview(filter: {
    state?: JobRow['state'];
    limit: number;
  }): Promise<{ schedules: JobScheduleRow[]; jobs: JobRow[] }> {
    const database = this.options.database.db;
    return { schedules: await listSchedules(database), jobs: await listJobs(database, filter) };
  }

  /**
   * The operator's retry: a failed job, or one waiting out its back-off, runs again at once with
   * its attempts counted afresh. A running or finished job is refused.
   */
  async retry(id: number, q: Queryable = this.options.database.db): Promise<JobRow> {
    const retried = await retryJob(q, id, this.now());
    if (retried) return retried;
    const job = await findJob(q, id);
    if (!job) throw new NotFoundError(`No job has the id ${id}`);
    throw new DomainError(
      ERROR_CODES.validation,
      `Job ${id} is ${job.state}: only a failed or waiting job can be retried`,
      { fields: [fieldError('id')] },
    );
  }

  /** The operator's "run now": one more run of a defined job, outside its schedule. */
  async runNow(name: string, q: Queryable = this.options.database.db): Promise<JobRow> {
    if (!this.definitions.has(name)) {
      throw new DomainError(ERROR_CODES.validation, `No job is named ${name} (known: ${this.jobNames.join(', ')})`, {
        fields: [fieldError('name')],
      });
    }
    const id = (await this.enqueue(name, {}, {}, q))!;
    return (await findJob(q, id))!;
  }

  /** Writes down the schedules, listens for enqueues and starts polling. */
  async start(): Promise<void> {
    if (this.phase !== 'registering') throw new Error('The scheduler starts once');
    this.phase = 'running';
    await this.writeSchedules();
    // A notice is only a hint to look now: polling finds the work anyway, so a lost LISTEN
    // connection (or none at all) delays jobs by one poll at most.
    this.stopListening = await this.options.database.listen(
      JOBS_CHANNEL,
      (name) => {
        if (this.definitions.has(name)) this.wake();
      },
      () => this.wake(),
    );
    this.loopDone = this.loop();
  }

  /**
   * Stops polling and waits for the running job to finish; one still running after the grace
   * period is given back (pending again, its attempt not counted) for another worker to run.
   */
  async stop(): Promise<void> {
    if (this.phase !== 'running') {
      this.phase = 'stopped';
      return;
    }
    this.phase = 'stopping';
    this.wake();
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace over'>((resolve) => {
      graceTimer = setTimeout(() => resolve('grace over'), this.shutdownGraceMs);
    });
    const finished = await Promise.race([this.loopDone, graceOver]);
    clearTimeout(graceTimer);
    const unfinished = this.current;
    if (finished === 'grace over' && unfinished) {
      unfinished.abort.abort(new Error('The worker is shutting down'));
      const released = await releaseJob(this.options.database.db, unfinished.job.id, this.workerId, this.now()).catch(
        (error: unknown) => {
          this.options.log.warn(
            { err: error, job: unfinished.job.name, jobId: unfinished.job.id },
            'could not give back an unfinished job; it runs again when its lease runs out',
          );
          return false;
        },
      );
      if (released)
        this.options.log.warn(
          { job: unfinished.job.name, jobId: unfinished.job.id },
          'gave back a job still running at shutdown',
        );
    }
    // A database already closed (or gone) has stopped listening by itself.
    await this.stopListening?.().catch(() => undefined);
    this.phase = 'stopped';
  }

  /**
   * Writes down each recurring job's rule and first time (a schedule already written keeps its
   * next time unless the rule brings it sooner). start() does it; tests that drive runDueJobs by
   * hand call it alone.
   */
  async writeSchedules(): Promise<void> {
    const now = this.now();
    for (const definition of this.definitions.values()) {
      if (!definition.schedule) continue;
      await upsertSchedule(
        this.options.database.db,
        definition.name,
        describeSchedule(definition.schedule),
        firstRunAt(definition.schedule, now),
      );
    }
  }

  /**
   * One round of work: enqueues what the schedules owe, then runs due jobs one after another
   * until none is left (or the scheduler stops). Answers how many ran. The loop calls it after
   * each poll or wake; tests call it directly instead of starting the loop.
   */
  async runDueJobs(): Promise<number> {
    const names = this.jobNames;
    await this.enqueueScheduledJobs();
    await failAbandonedJobs(this.options.database.db, names, this.now());
    let ran = 0;
    while (this.phase !== 'stopping' && this.phase !== 'stopped') {
      const now = this.now();
      const job = await claimDueJob(this.options.database.db, names, this.workerId, now, this.leaseEnd());
      if (!job) break;
      await this.execute(job);
      ran += 1;
    }
    return ran;
  }

  private leaseEnd(): Date {
    return new Date(this.now().getTime() + this.leaseMs);
  }

  /** Each due schedule enqueues one job for its tick and moves on, under its row lock. */
  private async enqueueScheduledJobs(): Promise<void> {
    const names = [...this.definitions.values()]
      .filter((definition) => definition.schedule)
      .map((definition) => definition.name);
    const now = this.now();
    if (!(await anyScheduleDue(this.options.database.db, names, now))) return;
    await this.options.database.db.transaction(async (tx) => {
      for (const due of await lockDueSchedules(tx, names, now)) {
        const definition = this.definitions.get(due.name)!;
        await insertJob(tx, {
          name: due.name,
          payload: {},
          uniqueKey: scheduleTickKey(due.nextRunAt),
          runAt: due.nextRunAt,
          maxAttempts: retryPolicyOf(definition).maxAttempts,
        });
        await advanceSchedule(tx, due.name, nextRunAfter(definition.schedule!, due.nextRunAt, now), now);
      }
    });
  }

  private async execute(job: JobRow): Promise<void> {
    const definition = this.definitions.get(job.name)!;
    const abort = new AbortController();
    this.current = { job, abort };
    const database = this.options.database.db;
    const log = this.options.log;
    // Renewed well before it runs out, so only a stopped worker (or one cut off from the
    // database for most of a lease) loses its claim.
    const heartbeat = setInterval(
      () => {
        renewLease(database, job.id, this.workerId, this.leaseEnd()).then(
          (held) => {
            if (!held) abort.abort(new Error('Another worker took the job over'));
          },
          (error: unknown) => log.warn({ err: error, job: job.name, jobId: job.id }, 'could not renew a job lease'),
        );
      },
      Math.max(1, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      let failure: { error: unknown } | null = null;
      try {
        await definition.handler(job.payload, { jobId: job.id, attempt: job.attempts, signal: abort.signal });
      } catch (error) {
        failure = { error };
      }
      clearInterval(heartbeat);
      const now = this.now();
      if (!failure) {
        if (!(await completeJob(database, job.id, this.workerId, now)))
          log.warn({ job: job.name, jobId: job.id }, 'finished a job that another worker had taken over');
        return;
      }
      const outcome = outcomeOfFailure(job.attempts, retryPolicyOf(definition), now);
      await recordFailure(database, job.id, this.workerId, outcome, errorSummary(failure.error), now);
      const retry = outcome.state === 'pending' ? { retryAt: outcome.runAt.toISOString() } : { gaveUp: true };
      this.jobOutages.failed(log, `job ${job.name}`, failure.error, 'job failed', {
        fields: { job: job.name, jobId: job.id, attempt: job.attempts, ...retry },
      });
    } finally {
      clearInterval(heartbeat);
      this.current = null;
    }
  }

  private async loop(): Promise<void> {
    while (this.phase === 'running') {
      try {
        await this.runDueJobs();
        this.failedPolls.reset();
      } catch (error) {
        this.failedPolls.occurred((polls) =>
          this.options.log.warn({ err: error, polls }, 'the job scheduler could not poll'),
        );
      }
      if (this.phase !== 'running') break;
      await this.sleep();
    }
  }

  private wake(): void {
    this.woken = true;
    this.wakeSleeper?.();
  }

  /** Until the next poll, or sooner when woken (a wake that came while busy is not lost). */
  private async sleep(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.wakeSleeper?.(), this.pollMs);
      this.wakeSleeper = () => {
        clearTimeout(timer);
        this.wakeSleeper = null;
        resolve();
      };
    });
    this.woken = false;
  }
}

/**
 * Done jobs are history (`npm run admin -- jobs`) for this long, then forgotten; so is a unique
 * key's guard against a second enqueue. Work that must stay "once" for longer keeps that fact in
 * its own table (a draw's settled mark), which its handler checks anyway.
 */
export const DONE_JOBS_KEPT_MS = 30 * 24 * 60 * 60_000;

/** The scheduler's own upkeep. */
export function jobHistoryPurge(database: Database, now: () => Date): JobDefinition {
  return defineJob({
    name: 'jobs.history-purge',
    schedule: { everyMs: 24 * 60 * 60_000 },
    handler: () => purgeDoneJobs(database.db, new Date(now().getTime() - DONE_JOBS_KEPT_MS)),
  });
}

/**
 * The app's one scheduler (with its own upkeep job): it starts once the app is ready and stops,
 * gracefully, when the app closes.
 */
export function installJobScheduler(app: FastifyInstance, options: JobSchedulerOptions): JobScheduler {
  const scheduler = new JobScheduler(options);
  scheduler.register(jobHistoryPurge(options.database, options.now ?? (() => new Date())));
  app.addHook('onReady', () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
  return scheduler;
}
