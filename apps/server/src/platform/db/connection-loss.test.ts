import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { databaseProxy, type DatabaseProxy } from '../testing/database-proxy';
import { createTestDatabase, testDatabaseUrl } from '../testing/test-database';
import { fromPool, type Database } from './database';
import { isDatabaseUnavailable } from './unavailable';

/**
 * Connections PostgreSQL ends while the server holds them, on the real PostgreSQL: one lent out
 * between two statements of a transaction, and one that dies on BEGIN. Neither may crash the
 * process or keep its place in the pool.
 */

const APPLICATION = 'palaro-connection-loss';

let owner: Database;
let proxy: DatabaseProxy;
let pool: pg.Pool;
let database: Database;
let injector: pg.Client;

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  owner = await createTestDatabase();
  const url = await testDatabaseUrl(owner);
  proxy = await databaseProxy(url);
  // One connection: a connection that kept its place would leave none for the next query.
  pool = new pg.Pool({
    connectionString: proxy.url,
    max: 1,
    application_name: APPLICATION,
    connectionTimeoutMillis: 3000,
  });
  database = fromPool(pool, { log: createLogger({ logLevel: 'silent' }) });
  injector = new pg.Client({ connectionString: url });
  await injector.connect();
});

afterAll(async () => {
  await database?.close();
  proxy?.close();
  await injector?.end();
  await owner?.close();
});

async function outcome(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => 'committed',
    (error: unknown) => error,
  );
}

describe.skipIf(!process.env.DATABASE_URL)('a connection PostgreSQL ends while the server holds it', () => {
  it('between two statements of a transaction: the transaction fails as an outage, the process lives, the pool gets its place back', async () => {
    const failure = await outcome(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await injector.query(
          'select pg_terminate_backend(pid, 2000) from pg_stat_activity where application_name = $1',
          [APPLICATION],
        );
        // The connection learns of its end while idle in the transaction: an 'error' event.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 2`);
      }),
    );
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    await expect(database.db.execute(sql`select 3`)).resolves.toBeDefined();
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('on BEGIN: the transaction fails as an outage and the pool gets its place back', async () => {
    proxy.cutOnQuery(/begin/i);
    const failure = await outcome(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      }),
    );
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    await expect(database.db.execute(sql`select 4`)).resolves.toBeDefined();
    await expect(database.db.transaction((tx) => tx.execute(sql`select 5`))).resolves.toBeDefined();
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('the LISTEN connection: retried with back-off while the database is down, logged as JSON once, not every attempt, then back', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const listenerPool = new pg.Pool({
      connectionString: proxy.url,
      max: 2,
      application_name: `${APPLICATION}-listen`,
      connectionTimeoutMillis: 3000,
    });
    const listening = fromPool(listenerPool, { log });
    let reconnections = 0;
    const stop = await listening.listen(
      'palaro_connection_loss',
      () => undefined,
      () => {
        reconnections += 1;
      },
    );
    try {
      proxy.refuse();
      await injector.query('select pg_terminate_backend(pid, 2000) from pg_stat_activity where application_name = $1', [
        `${APPLICATION}-listen`,
      ]);
      // Attempts after 0.25, 0.75, 1.75 and 3.75 s: each refused.
      await new Promise((resolve) => setTimeout(resolve, 4500));
      expect(reconnections).toBe(0);
      await proxy.accept();
      await expect.poll(() => reconnections, { timeout: 10_000 }).toBe(1);
    } finally {
      await stop();
      await listening.close();
    }
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; attempts?: number });
    const messages = entries.map((entry) => entry.msg);
    expect(messages.filter((message) => message === 'LISTEN lost its connection; reconnecting')).toHaveLength(1);
    expect(messages.filter((message) => message === 'LISTEN could not reconnect yet')).toHaveLength(1);
    const back = entries.find((entry) => entry.msg === 'LISTEN reconnected');
    expect(back?.attempts).toBeGreaterThanOrEqual(4);
  });
});
