import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { isUniqueViolation } from './unique-violation';
import { createTestDatabase } from '../testing/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table unique_violation_test (id int primary key, name text not null)`);
  await database.db.execute(sql`create unique index unique_violation_test_name on unique_violation_test (name)`);
  await database.db.execute(sql`insert into unique_violation_test values (1, 'taken')`);
});
afterAll(async () => {
  await database?.close();
});

/** What the database under test (PGlite, or node-postgres with DATABASE_URL) throws for `statement`, as drizzle hands it on. */
async function failureOf(statement: ReturnType<typeof sql>): Promise<unknown> {
  return database.db.execute(statement).then(
    () => new Error('the statement passed'),
    (error: unknown) => error,
  );
}

describe('isUniqueViolation', () => {
  it("recognises the driver's unique violation, by the index it names, also wrapped again", async () => {
    const duplicateName = await failureOf(sql`insert into unique_violation_test values (2, 'taken')`);
    const duplicateId = await failureOf(sql`insert into unique_violation_test values (1, 'free')`);
    expect(isUniqueViolation(duplicateName)).toBe(true);
    expect(isUniqueViolation(duplicateName, 'unique_violation_test_name')).toBe(true);
    expect(isUniqueViolation(duplicateName, 'unique_violation_test_pkey')).toBe(false);
    expect(isUniqueViolation(duplicateId, 'unique_violation_test_pkey')).toBe(true);
    expect(isUniqueViolation(new Error('posting failed', { cause: duplicateName }), 'unique_violation_test_name')).toBe(
      true,
    );
    expect(isUniqueViolation(new DrizzleQueryError('insert …', [], duplicateName as Error))).toBe(true);
  });

  it('leaves other failures alone', async () => {
    const notNull = await failureOf(sql`insert into unique_violation_test values (3, null)`);
    const syntax = await failureOf(sql`selct 1`);
    for (const failure of [notNull, syntax, new Error('23505'), '23505', null, undefined, { code: 23505 }])
      expect(isUniqueViolation(failure), String(failure)).toBe(false);
  });
});
