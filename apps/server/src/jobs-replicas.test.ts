import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { serverModules } from './modules';
import { loadConfig } from './platform/config';
import { fromPool, type Database } from './platform/db/database';
import { jobs, jobSchedules } from './platform/jobs/schema';
import { createLogger } from './platform/logger';
import type { ServerModule } from './platform/module';
import { uniqueKeyPrefix } from './platform/rate-limit';
import { createTestDatabase, testDatabaseUrl } from './platform/testing/test-database';

/**
 * Two instances of the whole app on one database, as two replicas behind a load balancer (on the
 * real PostgreSQL, with DATABASE_URL, each has its own connection pool). Their schedulers share
 * one clock, moved by the test, and poll often.
 */
let database: Database;
let replicaDatabase: Database;
const apps: FastifyInstance[] = [];
let clock = new Date('2026-04-01T00:00:00Z');
const runs: string[] = [];

/** A job of its own beside the modules' jobs, slow enough that both instances poll while it runs. */
const countingModule: ServerModule = {
  name: 'counting',
  jobs: () => [
    {
      name: 'counting.tick',
      schedule: { everyMs: 1000 },
      handler: async () => {
        runs.push(clock.toISOString());
        await new Promise((resolve) => setTimeout(resolve, 50));
      },
    },
  ],
};

beforeAll(async () => {
  database = await createTestDatabase();
  replicaDatabase =
    database.kind === 'postgres'
      ? fromPool(new pg.Pool({ connectionString: await testDatabaseUrl(database), max: 6 }), {
          log: createLogger({ logLevel: 'silent' }),
        })
      : database;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST: path.join(mkdtempSync(path.join(os.tmpdir(), 'palaro-web-')), 'missing-dist'),
  });
  for (const db of [database, replicaDatabase]) {
    const app = await buildApp({
      config,
      db,
      platform: { keyPrefix: uniqueKeyPrefix() },
      modules: [...serverModules, countingModule],
      scheduler: { now: () => clock, pollMs: 20 },
    });
    await app.ready();
    apps.push(app);
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  if (replicaDatabase !== database) await replicaDatabase?.close();
  await database?.close();
});

async function doneJobs(name: string) {
  return database.db.select().from(jobs).where(eq(jobs.name, name));
}

describe('the job scheduler across two app instances on one database', () => {
  it('has every module’s recurring work written down once', async () => {
    const schedules = await database.db.select().from(jobSchedules).orderBy(jobSchedules.name);
    expect(schedules.map((schedule) => [schedule.name, schedule.rule])).toEqual([
      ['counting.tick', 'every 1 s'],
      ['deposits.expiry-sweep', 'every 1 min'],
      ['feedback.images.clean', 'every 1 h'],
      ['game-wallet.purge', 'every 1 h'],
      ['games.hot-match-roll', 'every 1 h'],
      ['inhouse-games.purge-sessions', 'every 1 h'],
      ['inhouse-games.settle', 'every 30 s'],
      ['jobs.history-purge', 'every 24 h'],
      ['leaderboards.refresh', 'every 10 s'],
      ['leaderboards.settle', 'every 1 min'],
      ['lottery.schedule', 'every 5 s'],
      ['operator.maintenance-end', 'every 1 min'],
      ['promotions.auto', 'every 5 min'],
      ['promotions.images.clean', 'every 1 h'],
      ['rebates.daily', 'every 10 min'],
      ['redrain.split', 'every 15 s'],
      ['vip.evaluate', 'every 10 min'],
      ['wallet.idempotency-key-purge', 'every 1 h'],
    ]);
  });

  it('runs each tick once, whichever instance claims it', async () => {
    for (let tick = 1; tick <= 5; tick += 1) {
      clock = new Date(clock.getTime() + 1000);
      await expect
        .poll(async () => (await doneJobs('counting.tick')).filter((job) => job.state === 'done').length, {
          timeout: 60_000,
        })
        .toBe(tick);
    }
    // Both instances keep polling: a second run of any tick would show here.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(runs).toHaveLength(5);
    expect(new Set(runs).size).toBe(5);
    expect((await doneJobs('counting.tick')).every((job) => job.attempts === 1 && job.state === 'done')).toBe(true);
  });

  it('runs the modules’ sweeps once per due tick', async () => {
    clock = new Date(clock.getTime() + 60 * 60_000);
    for (const name of ['deposits.expiry-sweep', 'operator.maintenance-end', 'wallet.idempotency-key-purge']) {
      await expect
        .poll(async () => (await doneJobs(name)).map((job) => [job.state, job.attempts]), { timeout: 60_000 })
        .toEqual([['done', 1]]);
    }
  });
});
