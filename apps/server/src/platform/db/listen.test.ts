import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { createTestDatabase } from '../testing/test-database';

const CHANNEL = 'palaro_listen_test';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function until(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !check(); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(check()).toBe(true);
}

const notify = (payload: string) => database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);

describe('LISTEN', () => {
  it('hears notices committed by any connection, and nothing of a rolled-back transaction', async () => {
    const heard: string[] = [];
    const stop = await database.listen(CHANNEL, (payload) => heard.push(payload));
    await notify('one');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify(${CHANNEL}, 'never')`);
      tx.rollback();
    }).catch(() => undefined);
    await notify('two');
    await until(() => heard.length === 2);
    expect(heard).toEqual(['one', 'two']);
    await stop();
    await notify('after stop');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual(['one', 'two']);
  });

  it.skipIf(!process.env.DATABASE_URL)('listens again after PostgreSQL drops its connection, and says so', async () => {
    const heard: string[] = [];
    let reconnections = 0;
    const stop = await database.listen(CHANNEL, (payload) => heard.push(payload), () => {
      reconnections += 1;
    });
    try {
      // What a server restart or an administrator does to the listening connection.
      await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`);
      // Drizzle runs a query only when it is awaited (or its then/catch called).
      await until(() => {
        notify('after reconnect').catch(() => undefined);
        return heard.includes('after reconnect');
      });
      expect(reconnections).toBe(1);
    } finally {
      await stop();
    }
  });
});
