import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
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

/** The real application over a fresh seeded database, with an operator token registered. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  await seedDemoData(db.db);
  await bootstrapOperatorCredential(db.db, TEST_OPERATOR_TOKEN);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST: path.join(mkdtempSync(path.join(os.tmpdir(), 'palaro-web-')), 'missing-dist'),
    ...env,
  });
  const app = await buildApp({ config, db });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
