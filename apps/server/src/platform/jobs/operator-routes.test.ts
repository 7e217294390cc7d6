import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { installErrorHandling } from '../http/envelope';
import { createLogger } from '../logger';
import { createTestDatabase } from '../testing/test-database';
import { jobOperatorRoutes } from './operator-routes';
import { defineJob, JobScheduler } from './scheduler';

const CLI = fileURLToPath(new URL('../../admin/cli.ts', import.meta.url));
const run = promisify(execFile);

/**
 * The scheduler's operator routes behind a stand-in of the operator API (which accepts the bearer
 * token and names the actor), driven through the command line as an operator would.
 */
let database: Database;
let app: FastifyInstance;
let baseUrl: string;
let scheduler: JobScheduler;
let failing = true;
const audit: { action: string; actor: string; details: Record<string, unknown> }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  scheduler = new JobScheduler({ database, log: createLogger({ logLevel: 'silent' }), pollMs: 60 * 60_000 });
  scheduler.register(
    defineJob({ name: 'reports.nightly', schedule: { everyMs: 24 * 60 * 60_000 }, handler: async () => undefined }),
    defineJob({
      name: 'payouts.reconcile',
      retry: { maxAttempts: 1 },
      handler: async () => {
        if (failing) throw new Error('gateway said 502');
      },
    }),
  );
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  app.decorateRequest('operatorActor', '');
  app.addHook('onRequest', async (request) => {
    request.operatorActor = 'operator:test';
  });
  await app.register(
    jobOperatorRoutes({
      scheduler,
      db: database.db,
      recordAudit: async (_q, entry) => void audit.push(entry),
    }),
  );
  // Running, as in the app: an enqueue wakes it at once.
  await scheduler.start();
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await scheduler?.stop();
  await app?.close();
  await database?.close();
});

async function admin(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args, '--url', baseUrl], {
      env: { ...process.env, PALARO_OPERATOR_TOKEN: 'any' },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function stateOf(id: number) {
  return (await scheduler.overview({ limit: 200 })).jobs.find((job) => job.id === id)?.state;
}

// Every command is a new Node process (about 3 s each, far more on a busy machine).
describe('jobs on the operator command line', { timeout: 180_000 }, () => {
  it('runs a job now, lists it failed with its error, retries it, and audits both changes', async () => {
    const started = await admin(['jobs', 'run', 'payouts.reconcile']);
    expect(started.code).toBe(0);
    const id = Number(/#(\d+)\s+payouts\.reconcile\s+pending/.exec(started.stdout)?.[1]);
    expect(id).toBeGreaterThan(0);
    await expect.poll(() => stateOf(id), { timeout: 60_000 }).toBe('failed');

    const listed = await admin(['jobs']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/reports\.nightly\s+every 24 h\s+next \d{4}-\d\d-\d\dT/);
    expect(listed.stdout).toContain(`#${id}  payouts.reconcile  failed   attempts 1/1`);
    expect(listed.stdout).toContain('last error: Error: gateway said 502');
    expect((await admin(['jobs', '--status', 'done'])).stdout).not.toContain(`#${id}`);

    failing = false;
    const retried = await admin(['jobs', 'retry', String(id)]);
    expect(retried.code).toBe(0);
    expect(retried.stdout).toContain(`#${id}  payouts.reconcile  pending  attempts 0/1`);
    await expect.poll(() => stateOf(id), { timeout: 60_000 }).toBe('done');
    expect((await admin(['jobs', '--status', 'done'])).stdout).toContain(`#${id}  payouts.reconcile  done`);

    expect(audit).toEqual([
      {
        actor: 'operator:test',
        action: 'job.run',
        merchantId: null,
        details: { jobId: id, name: 'payouts.reconcile' },
      },
      {
        actor: 'operator:test',
        action: 'job.retry',
        merchantId: null,
        details: { jobId: id, name: 'payouts.reconcile', lastError: 'Error: gateway said 502' },
      },
    ]);
  });

  it('refuses, with the reason, a job nobody defined, a finished job, a missing one and a malformed id', async () => {
    const unknown = await admin(['jobs', 'run', 'no.such-job']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No job is named no.such-job (known: reports.nightly, payouts.reconcile)');

    const [done] = (await scheduler.overview({ state: 'done', limit: 1 })).jobs;
    const finished = await admin(['jobs', 'retry', String(done!.id)]);
    expect(finished.code).toBe(1);
    expect(finished.stderr).toContain(`Job ${done!.id} is done: only a failed or waiting job can be retried`);

    const missing = await admin(['jobs', 'retry', '999999']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Refused (404');

    const malformed = await admin(['jobs', 'retry', 'abc']);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain("Give the job's id");
  });

  it('answers bad input over HTTP with a 400 naming the field', async () => {
    const badState = await app.inject({ url: '/ops/jobs?state=stuck' });
    expect(badState.statusCode).toBe(400);
    expect(badState.json()).toMatchObject({ success: false, errorCode: 'request.invalid' });
    const badName = await app.inject({ method: 'POST', url: '/ops/jobs', payload: { name: '' } });
    expect(badName.statusCode).toBe(400);
    const hugeId = await app.inject({ method: 'POST', url: '/ops/jobs/99999999999999999999/retry' });
    expect(hugeId.statusCode).toBe(400);
  });
});
