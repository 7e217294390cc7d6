import { API_PATHS, type TOperatorJob, type TOperatorJobs } from '@palaro/contract';
import { UsageError, queryString, type OperatorCommand } from '../../admin/command';

function describeJob(job: TOperatorJob): string {
  const when =
    job.state === 'running'
      ? `held by ${job.lockedBy} until ${job.lockedUntil}`
      : job.state === 'pending'
        ? `runs at ${job.runAt}`
        : `finished ${job.finishedAt}`;
  const error = job.lastError ? `\n      last error: ${job.lastError}` : '';
  return `#${job.id}  ${job.name}  ${job.state.padEnd(7)}  attempts ${job.attempts}/${job.maxAttempts}  ${when}${job.uniqueKey ? `  key ${job.uniqueKey}` : ''}${error}`;
}

function describeJobs({ schedules, jobs }: TOperatorJobs): string {
  const width = Math.max(4, ...schedules.map((schedule) => schedule.name.length));
  return [
    'Schedules',
    ...(schedules.length === 0
      ? ['  none']
      : schedules.map(
          (schedule) =>
            `  ${schedule.name.padEnd(width)}  ${schedule.rule.padEnd(12)}  next ${schedule.nextRunAt}  last enqueued ${schedule.lastEnqueuedAt ?? 'never'}`,
        )),
    'Jobs, latest first',
    ...(jobs.length === 0 ? ['  none'] : jobs.map((job) => `  ${describeJob(job)}`)),
  ].join('\n');
}

const renderJob = (value: unknown) => describeJob(value as TOperatorJob);

/** The scheduler's commands; jobs are not a merchant's, so their paths take no merchant code. */
export const jobCommands: readonly OperatorCommand[] = [
  {
    name: 'jobs',
    help: [
      "jobs [--status S] [--limit N]          Scheduled work: each schedule's next run, the latest jobs with",
      '                                       state, attempts and last error (S: pending, running, done, failed)',
    ],
    request: ({ options }) => {
      const query = new URLSearchParams();
      if (options.status) query.set('state', options.status);
      if (options.limit) query.set('limit', options.limit);
      return {
        method: 'GET',
        path: `${API_PATHS.operatorJobs}${queryString(query)}`,
        render: (value) => describeJobs(value as TOperatorJobs),
      };
    },
  },
  {
    name: 'jobs retry',
    help: ['jobs retry ID                          Run a failed job (or one waiting to retry) again now'],
    request: ({ args }) => {
      const id = args[0];
      if (!id || !/^[1-9]\d{0,15}$/.test(id))
        throw new UsageError("Give the job's id (the # number `jobs` lists), e.g. jobs retry 42");
      return { method: 'POST', path: API_PATHS.operatorJobRetry.replace(':id', id), render: renderJob };
    },
  },
  {
    name: 'jobs run',
    help: ['jobs run NAME                          Run a job now, once, outside its schedule'],
    request: ({ args }) => {
      if (!args[0])
        throw new UsageError("Give the job's name (the names `jobs` lists), e.g. jobs run deposits.expiry-sweep");
      return { method: 'POST', path: API_PATHS.operatorJobs, body: { name: args[0] }, render: renderJob };
    },
  },
];
