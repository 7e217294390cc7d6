import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './platform/db/database';
import { announcements } from './modules/content/schema';
import { operatorCredentials } from './modules/operator/schema';
import { merchants } from './modules/site/schema';
import { prepareDatabase } from './prepare-database';

const serverUrl = process.env.DATABASE_URL;

async function withFreshServerDatabase(work: (url: string) => Promise<void>) {
  const name = `palaro_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// Only a real PostgreSQL can have two server processes on one database.
describe.runIf(serverUrl)('replicas starting at the same moment on one PostgreSQL', () => {
  it('migrate and seed once between them, and only the first generates an operator token', async () => {
    await withFreshServerDatabase(async (url) => {
      const replicas = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, dataDir: '' })));
      try {
        const results = await Promise.all(replicas.map((replica) => prepareDatabase(replica, undefined)));
        expect(results.filter((result) => result.generatedToken !== null)).toHaveLength(1);
        const db = replicas[0]!.db;
        expect((await db.select({ n: count() }).from(merchants))[0]!.n).toBe(1);
        expect((await db.select({ n: count() }).from(announcements))[0]!.n).toBe(17);
        expect((await db.select({ n: count() }).from(operatorCredentials))[0]!.n).toBe(1);
      } finally {
        await Promise.all(replicas.map((replica) => replica.close()));
      }
    });
  });
});
