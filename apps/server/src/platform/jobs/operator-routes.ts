import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, type TOperatorJob, type TOperatorJobs } from '@palaro/contract';
import {
  success,
  ZOperatorJob,
  ZOperatorJobParams,
  ZOperatorJobRun,
  ZOperatorJobs,
  ZOperatorJobsQuery,
} from '@palaro/contract/schemas';
import type { Db, Queryable } from '../db/database';
import { FAILURE_RESPONSES, OPERATOR_ROUTE, ok } from '../http/envelope';
import type { JobRow, JobScheduleRow } from './schema';
import type { JobScheduler } from './scheduler';

/** Writes one audit row in the caller's transaction (the audit service's `recordAudit`). */
export type RecordAudit = (
  q: Queryable,
  entry: { actor: string; action: string; merchantId: null; details: Record<string, unknown> },
) => Promise<void>;

const iso = (time: Date | null) => time?.toISOString() ?? null;

function toWireJob(job: JobRow): TOperatorJob {
  return {
    id: job.id,
    name: job.name,
    state: job.state,
    uniqueKey: job.uniqueKey,
    runAt: job.runAt.toISOString(),
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    lockedBy: job.lockedBy,
    lockedUntil: iso(job.lockedUntil),
    lastError: job.lastError,
    createdAt: job.createdAt.toISOString(),
    finishedAt: iso(job.finishedAt),
  };
}

function toWireSchedule(schedule: JobScheduleRow): TOperatorJobs['schedules'][number] {
  return {
    name: schedule.name,
    rule: schedule.rule,
    nextRunAt: schedule.nextRunAt.toISOString(),
    lastEnqueuedAt: iso(schedule.lastEnqueuedAt),
  };
}

/**
 * The scheduler for the operator: schedules and recent jobs, retrying a job, running one now. To
 * be registered inside the operator API (bearer token; `request.operatorActor` is set). Every
 * change writes its audit row in the same transaction.
 */
export function jobOperatorRoutes({
  scheduler,
  db,
  recordAudit,
}: {
  scheduler: JobScheduler;
  db: Db;
  recordAudit: RecordAudit;
}) {
  return async function registerJobOperatorRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = OPERATOR_ROUTE;
    const jobResponse = { 200: success(ZOperatorJob), ...FAILURE_RESPONSES };

    routes.get(
      API_PATHS.operatorJobs,
      {
        schema: {
          ...common,
          summary: 'Scheduled work: every schedule and the latest jobs, with state, attempts, next run and last error',
          querystring: ZOperatorJobsQuery,
          response: { 200: success(ZOperatorJobs), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { schedules, jobs } = await scheduler.overview(request.query);
        return ok({ schedules: schedules.map(toWireSchedule), jobs: jobs.map(toWireJob) });
      },
    );

    routes.post(
      API_PATHS.operatorJobs,
      {
        schema: {
          ...common,
          summary: 'Run a job now, once, outside its schedule',
          body: ZOperatorJobRun,
          response: jobResponse,
        },
      },
      async (request) =>
        ok(
          toWireJob(
            await db.transaction(async (tx) => {
              const job = await scheduler.runNow(request.body.name, tx);
              await recordAudit(tx, {
                actor: request.operatorActor,
                action: 'job.run',
                merchantId: null,
                details: { jobId: job.id, name: job.name },
              });
              return job;
            }),
          ),
        ),
    );

    routes.post(
      API_PATHS.operatorJobRetry,
      {
        schema: {
          ...common,
          summary: 'Retry a failed job (or one waiting to retry) now, with its attempts counted afresh',
          params: ZOperatorJobParams,
          response: jobResponse,
        },
      },
      async (request) =>
        ok(
          toWireJob(
            await db.transaction(async (tx) => {
              const job = await scheduler.retry(request.params.id, tx);
              await recordAudit(tx, {
                actor: request.operatorActor,
                action: 'job.retry',
                merchantId: null,
                details: { jobId: job.id, name: job.name, lastError: job.lastError },
              });
              return job;
            }),
          ),
        ),
    );
  };
}
