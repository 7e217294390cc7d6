import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../app';
import { uniqueKeyPrefix } from '../../modules/accounts/runtime';
import { loadConfig, type AppConfig } from '../config';
import type { Database } from '../db/database';
import { bootstrapOperatorCredential } from '../../modules/operator/service';
import { seedDemoData } from '../../seed';
import { createTestDatabase } from './test-database';

export const TEST_OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef0123456789';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The real application over a fresh seeded database, with an operator token registered. Rate-limit
 * counters get a key prefix of their own, so apps never share them (unless given the same prefix).
 */
export async function createTestApp(env: Record<string, string> = {}, options: { accounts?: AppOptions['accounts']; database?: Database } = {}): Promise<TestApp> {
  const db = options.database ?? (await createTestDatabase());
  await seedDemoData(db.db);
  await bootstrapOperatorCredential(db.db, TEST_OPERATOR_TOKEN);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST: path.join(mkdtempSync(path.join(os.tmpdir(), 'palaro-web-')), 'missing-dist'),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  const app = await buildApp({ config, db, accounts: { keyPrefix: uniqueKeyPrefix(), ...options.accounts } });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      // A database handed in belongs to the caller (several apps may share it).
      if (!options.database) await db.close();
    },
  };
}
