import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import { TRANSACTION_ATTEMPTS } from './conflict-retry';
import type { Database, Tx } from './database';
import { isTransactionConflict } from './unavailable';

/**
 * A transaction PostgreSQL aborts for a deadlock or a serialization failure runs again inside the
 * server (a few times) before its caller hears of it; any other failure reaches the caller at once.
 * The deadlock is a real one on the real PostgreSQL (with DATABASE_URL); the bound runs anywhere.
 */

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table conflict_probe (id int primary key, runs int not null default 0)`);
  await database.db.execute(sql`insert into conflict_probe (id) values (1), (2)`);
});

afterAll(async () => {
  await database?.close();
});

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a transaction that collides with another', () => {
  it.skipIf(!process.env.DATABASE_URL)('runs again after a deadlock, so both sides of it commit', async () => {
    let runs = 0;
    let firstLocks = 0;
    let bothLocked!: () => void;
    const barrier = new Promise<void>((resolve) => (bothLocked = resolve));
    // Each locks one row, waits until the other has locked its own, then asks for the other's: a deadlock.
    const crossing = (first: number, second: number) =>
      database.db.transaction(async (tx: Tx) => {
        runs += 1;
        await tx.execute(sql`update conflict_probe set runs = runs + 1 where id = ${first}`);
        if (++firstLocks === 2) bothLocked();
        await barrier;
        await tx.execute(sql`update conflict_probe set runs = runs + 1 where id = ${second}`);
        return first;
      });
    const outcomes = await Promise.allSettled([crossing(1, 2), crossing(2, 1)]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'fulfilled', value: 2 },
    ]);
    expect(runs).toBe(3);
    // Only the runs that committed count: each row once per side.
    const { rows } = (await database.db.execute(sql`select id, runs from conflict_probe order by id`)) as unknown as {
      rows: { id: number; runs: number }[];
    };
    expect(rows).toEqual([
      { id: 1, runs: 2 },
      { id: 2, runs: 2 },
    ]);
  });

  it('gives up after a bounded number of runs, answering the conflict, and never runs other failures again', async () => {
    let conflicting = 0;
    const failure = await database.db
      .transaction(async () => {
        conflicting += 1;
        throw withCode('could not serialize access due to concurrent update', '40001');
      })
      .catch((error: unknown) => error);
    expect(isTransactionConflict(failure)).toBe(true);
    expect(conflicting).toBe(TRANSACTION_ATTEMPTS);

    let failing = 0;
    await expect(
      database.db.transaction(async () => {
        failing += 1;
        throw withCode('duplicate key value violates unique constraint', '23505');
      }),
    ).rejects.toThrow('duplicate key');
    expect(failing).toBe(1);
  });
});
