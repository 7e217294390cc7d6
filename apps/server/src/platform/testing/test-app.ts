import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from '../config';
import type { PlatformOptions } from '../context';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import { uniqueKeyPrefix } from '../rate-limit';
import { createTestDatabase } from './test-database';

export const TEST_OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef0123456789';

/**
 * How the test app is built, handed in by the application (`src/testing.ts`): the platform never
 * imports the app or its modules.
 */
export interface TestAppBuilder {
  /** Seeds the demo merchant and registers `operatorToken`. */
  prepare(db: Database, operatorToken: string): Promise<void>;
  build(options: {
    config: AppConfig;
    db: Database;
    platform: PlatformOptions;
    logger?: Logger;
  }): Promise<FastifyInstance>;
}

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
export async function createTestAppWith(
  builder: TestAppBuilder,
  env: Record<string, string> = {},
  options: { platform?: PlatformOptions; database?: Database; logger?: Logger } = {},
): Promise<TestApp> {
  const db = options.database ?? (await createTestDatabase());
  await builder.prepare(db, TEST_OPERATOR_TOKEN);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST: path.join(mkdtempSync(path.join(os.tmpdir(), 'palaro-web-')), 'missing-dist'),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  const app = await builder.build({
    config,
    db,
    platform: { keyPrefix: uniqueKeyPrefix(), ...options.platform },
    logger: options.logger,
  });
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
