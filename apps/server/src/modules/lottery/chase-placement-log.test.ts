import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/database';
import { createLogger } from '../../platform/logger';
import { placeChaseDraws } from './chase';

/**
 * What placing chase draws logs when each placement fails: a database outage is an expected
 * condition (warn, one line for the lot, no stack), a bug keeps its error line with its stack.
 */

type Line = Record<string, unknown> & { level: number; msg: string };

function capturedLogger() {
  const lines: Line[] = [];
  const log = createLogger(
    { logLevel: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
        done();
      },
    }),
  );
  return { log, lines };
}

/** A database whose read of the due chase draws finds three, and whose every placement fails with `failure`. */
function databaseFailingPlacements(failure: () => Error): Db {
  const due = [
    { id: 1, chaseId: 11 },
    { id: 2, chaseId: 12 },
    { id: 3, chaseId: 13 },
  ];
  const query: unknown = new Proxy(
    {},
    {
      get: (_target, property) =>
        property === 'then' ? (resolve: (rows: unknown) => void) => resolve(due) : () => query,
    },
  );
  return { select: () => query, transaction: () => Promise.reject(failure()) } as unknown as Db;
}

describe('placing chase draws', () => {
  it('logs placements the database outage failed as one warn line with the count and no stack', async () => {
    const { log, lines } = capturedLogger();
    const outage = () =>
      new DrizzleQueryError(
        'select "id" from "lottery_chases" where "id" = $1 for update',
        [11],
        new Error('Connection terminated unexpectedly'),
      );
    await placeChaseDraws({ db: databaseFailingPlacements(outage), now: () => new Date(), log });
    await placeChaseDraws({ db: databaseFailingPlacements(outage), now: () => new Date(), log });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'lottery: a chase draw could not be placed: the database is unavailable',
        occurrences: 1,
        cause: { message: 'Connection terminated unexpectedly' },
      }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/"stack"|lottery_chases"/);
  });

  it('keeps an error line with the stack for each placement a bug failed', async () => {
    const { log, lines } = capturedLogger();
    await placeChaseDraws({
      db: databaseFailingPlacements(() => new TypeError("Cannot read properties of undefined (reading 'state')")),
      now: () => new Date(),
      log,
    });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'lottery: a chase draw could not be placed',
      chaseDrawId: 1,
      err: { type: 'TypeError' },
    });
    expect((lines[0]!.err as { stack: string }).stack).toMatch(/\n\s+at /);
  });
});
