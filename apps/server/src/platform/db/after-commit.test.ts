import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { afterCommit } from './after-commit';
import { createTestDatabase } from '../testing/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table after_commit_test (id int primary key)`);
});
afterAll(async () => {
  await database?.close();
});

const committedRows = async () =>
  (await database.db.execute(sql`select count(*)::int as count from after_commit_test`)) as unknown as {
    rows: { count: number }[];
  };

describe('afterCommit', () => {
  it('runs once the transaction has committed, with its writes visible to any connection, before the transaction answers', async () => {
    const seen: number[] = [];
    const ran: Promise<void>[] = [];
    const answer = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into after_commit_test values (1)`);
      expect(afterCommit(tx, () => ran.push(committedRows().then(({ rows }) => void seen.push(rows[0]!.count))))).toBe(
        true,
      );
      expect(ran).toHaveLength(0);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(ran).toHaveLength(1);
    await Promise.all(ran);
    expect(seen).toEqual([1]);
  });

  it('never runs for a transaction that rolls back, and is refused inside a savepoint, whose fate it cannot know', async () => {
    let ran = 0;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into after_commit_test values (2)`);
        afterCommit(tx, () => (ran += 1));
        await tx.transaction(async (savepoint) => {
          expect(afterCommit(savepoint, () => (ran += 1))).toBe(false);
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ran).toBe(0);
    expect((await committedRows()).rows[0]!.count).toBe(1);
  });
});
