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
  for (let attempt = 0; attempt < 200 && !check(); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 25));
  expect(check()).toBe(true);
}

const notify = (payload: string) => database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);

describe('LISTEN', () => {
  it('hears notices committed by any connection, and nothing of a rolled-back transaction', async () => {
    const heard: string[] = [];
    const stop = await database.listen(CHANNEL, (payload) => heard.push(payload));
    await notify('one');
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify(${CHANNEL}, 'never')`);
        tx.rollback();
      })
      .catch(() => undefined);
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
    const stop = await database.listen(
      CHANNEL,
      (payload) => heard.push(payload),
      () => {
        reconnections += 1;
      },
    );
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

  it.skipIf(!process.env.DATABASE_URL)(
    'shares one connection among every channel and listener, and brings them all back',
    async () => {
      const listeningConnections = async () => {
        const result = await database.db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike '%listen%'`);
        return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      };
      const heard: string[] = [];
      let reconnections = 0;
      const onReconnected = () => {
        reconnections += 1;
      };
      const stops = [
        await database.listen(CHANNEL, (payload) => heard.push(`a:${payload}`), onReconnected),
        await database.listen(CHANNEL, (payload) => heard.push(`b:${payload}`), onReconnected),
        await database.listen(`${CHANNEL}_other`, (payload) => heard.push(`other:${payload}`), onReconnected),
      ];
      try {
        expect(await listeningConnections()).toBe(1);
        await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike '%listen%'`);
        await until(() => {
          database.db.execute(sql`select pg_notify(${`${CHANNEL}_other`}, 'back')`).catch(() => undefined);
          return heard.includes('other:back');
        });
        expect(reconnections).toBe(3);
        await notify('both');
        await until(() => heard.includes('a:both') && heard.includes('b:both'));
        // One listener of a channel leaving keeps the other, and the connection, listening.
        await stops.shift()!();
        await notify('one left');
        await until(() => heard.includes('b:one left'));
        expect(heard).not.toContain('a:one left');
        expect(await listeningConnections()).toBe(1);
      } finally {
        for (const stop of stops) await stop();
      }
    },
  );
});
