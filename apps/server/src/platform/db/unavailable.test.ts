import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@palaro/contract';
import { installErrorHandling } from '../http/envelope';
import { isDatabaseUnavailable, isTransactionConflict } from './unavailable';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** What the driver raises when nothing listens on the database's port. */
async function refusedConnection(): Promise<Error> {
  const client = new pg.Client({
    connectionString: 'postgres://nobody@127.0.0.1:1/none',
    connectionTimeoutMillis: 2000,
  });
  return client.connect().then(
    () => new Error('connected to port 1'),
    (error: Error) => error,
  );
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused, terminated or timed-out connection, also inside a failed query', async () => {
    const refused = await refusedConnection();
    const unavailable = [
      refused,
      new DrizzleQueryError('select 1', [], refused),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('sorry, too many clients already', '53300'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new DrizzleQueryError(
        'insert …',
        [],
        new DrizzleQueryError('select 1', [], withCode('read ECONNRESET', 'ECONNRESET')),
      ),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
    ];
    for (const error of unavailable) expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it('leaves real faults alone: constraint violations, syntax errors, bugs, a closed database', () => {
    const faults = [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "selct"', '42601'),
      new DrizzleQueryError('select 1', [], withCode('division by zero', '22012')),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new Error('Cannot use a pool after calling end on the pool'),
      new Error('PGlite is closed'),
      'Connection terminated',
      null,
    ];
    for (const fault of faults) expect(isDatabaseUnavailable(fault), String(fault)).toBe(false);
  });
});

describe('isTransactionConflict', () => {
  it('recognises a deadlock and a serialization failure, also inside a failed query, and nothing else', () => {
    expect(isTransactionConflict(new DrizzleQueryError('update …', [], withCode('deadlock detected', '40P01')))).toBe(
      true,
    );
    expect(isTransactionConflict(withCode('could not serialize access due to concurrent update', '40001'))).toBe(true);
    for (const other of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('terminating connection', '57P01'),
      new Error('40P01'),
      null,
    ]) {
      expect(isTransactionConflict(other), String(other)).toBe(false);
    }
  });
});

describe('a database outage over HTTP', () => {
  it('answers 503 with Retry-After and the envelope, a deadlock too, and a bug still answers 500', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    app.get('/outage', async () => {
      throw new DrizzleQueryError(
        'select 1',
        [],
        withCode('terminating connection due to administrator command', '57P01'),
      );
    });
    // What is left once the server's own retries (conflict-retry.ts) gave up.
    app.get('/deadlock', async () => {
      throw new DrizzleQueryError('update …', [], withCode('deadlock detected', '40P01'));
    });
    app.get('/bug', async () => {
      throw new TypeError('a bug');
    });
    const outage = await app.inject({ url: '/outage' });
    expect(outage.statusCode).toBe(503);
    expect(outage.headers['retry-after']).toBe('5');
    expect(outage.json()).toEqual({
      success: false,
      errorCode: ERROR_CODES.upstreamUnavailable,
      message: 'The service is briefly unavailable, try again shortly',
    });
    expect(outage.body).not.toContain('select 1');
    const bug = await app.inject({ url: '/bug' });
    const deadlock = await app.inject({ url: '/deadlock' });
    expect(deadlock.statusCode).toBe(503);
    expect(deadlock.headers['retry-after']).toBe('1');
    expect(deadlock.json()).toEqual({
      success: false,
      errorCode: ERROR_CODES.upstreamUnavailable,
      message: 'The service is busy, try again in a moment',
    });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toMatchObject({ errorCode: ERROR_CODES.internal });
    await app.close();
  });
});
