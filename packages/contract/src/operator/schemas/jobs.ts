import { z } from 'zod';

/** The scheduler's jobs as the operator sees them (`npm run admin -- jobs`). */
export const JOB_STATES = ['pending', 'running', 'done', 'failed'] as const;

export const ZOperatorJobsQuery = z.object({
  state: z.enum(JOB_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(30),
});

export const ZOperatorJobParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** Runs a job now, once, outside its schedule. */
export const ZOperatorJobRun = z.object({ name: z.string().min(1).max(100) });

export const ZOperatorJob = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  uniqueKey: z.string().nullable(),
  /** When it may run: asked-for time, or the end of its back-off after a failure. */
  runAt: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** The worker holding it while it runs, and until when (a stopped worker's job is taken over then). */
  lockedBy: z.string().nullable(),
  lockedUntil: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const ZOperatorJobSchedule = z.object({
  name: z.string(),
  rule: z.string(),
  nextRunAt: z.string(),
  lastEnqueuedAt: z.string().nullable(),
});

export const ZOperatorJobs = z.object({
  schedules: z.array(ZOperatorJobSchedule),
  /** The latest first. */
  jobs: z.array(ZOperatorJob),
});

export type TOperatorJob = z.infer<typeof ZOperatorJob>;
export type TOperatorJobs = z.infer<typeof ZOperatorJobs>;
