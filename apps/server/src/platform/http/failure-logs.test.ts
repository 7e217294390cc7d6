import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@palaro/contract';
import { AccessLog, createLogger, FailureLog } from '../logger';
import { installErrorHandling } from './envelope';
import { DomainError } from './errors';

/**
 * What the error handler writes, through the process's real logger (its serializers and
 * redaction) into a stream the test reads.
 */

const TOKEN_HASH = 'f3c1a9e0b2d84c6e9a7f5b3d1c0e8a6f4b2d0c9e7a5f3b1d9c7e5a3f1b0d8c6e';
const SESSION_QUERY = 'select "id", "member_id" from "sessions" where "token_hash" = $1';

type Line = Record<string, unknown> & { level: number; msg: string };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function appWithCapturedLog(failures: FailureLog): { app: FastifyInstance; lines: Line[] } {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  const logger = createLogger({ logLevel: 'debug' }, stream);
  const accessLog = new AccessLog(logger);
  const instance = Fastify({ loggerInstance: logger, logController: accessLog });
  accessLog.install(instance);
  installErrorHandling(instance, failures);
  app = instance;
  return { app: instance, lines };
}

const lostConnection = () =>
  new DrizzleQueryError(SESSION_QUERY, [TOKEN_HASH], new Error('Connection terminated unexpectedly'));

describe("the error handler's log", () => {
  it("writes a database outage as one warn line per route an interval, with the count, the cause's message, no SQL, parameter or stack", async () => {
    let clock = 0;
    const { app, lines } = appWithCapturedLog(new FailureLog(30_000, () => clock));
    app.get('/wps/member/info', async () => {
      throw lostConnection();
    });
    app.get('/wps/games/:id', async () => {
      throw lostConnection();
    });
    for (let call = 0; call < 5; call += 1)
      expect((await app.inject({ url: '/wps/member/info' })).statusCode).toBe(503);
    await app.inject({ url: '/wps/games/1' });
    await app.inject({ url: '/wps/games/2' });
    clock = 30_000;
    await app.inject({ url: '/wps/member/info' });

    const outageLines = lines.filter((line) => line.msg === 'the database is unavailable');
    expect(outageLines.map(({ operation, occurrences, level }) => ({ operation, occurrences, level }))).toEqual([
      { operation: 'GET /wps/member/info', occurrences: 1, level: 40 },
      { operation: 'GET /wps/games/:id', occurrences: 1, level: 40 },
      { operation: 'GET /wps/member/info', occurrences: 5, level: 40 },
    ]);
    expect(outageLines[0]).toMatchObject({ cause: { message: 'Connection terminated unexpectedly' } });
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain(TOKEN_HASH);
    expect(everything).not.toContain('token_hash');
    expect(everything).not.toContain('"stack"');
    expect(lines.filter((line) => line.level >= 40)).toHaveLength(3);
  });

  it('logs a 5xx a service chose, with its cause safe, once per route and code an interval', async () => {
    const { app, lines } = appWithCapturedLog(new FailureLog(30_000, () => 0));
    app.post('/inhouse/v1/mines/start', async () => {
      throw new DomainError(
        ERROR_CODES.internal,
        'Unexpected failure',
        {},
        { cause: new DrizzleQueryError(SESSION_QUERY, [TOKEN_HASH], new TypeError('a bug')) },
      );
    });
    for (let call = 0; call < 3; call += 1) {
      const answer = await app.inject({ method: 'POST', url: '/inhouse/v1/mines/start' });
      expect(answer.statusCode).toBe(500);
      expect(answer.body).not.toContain('a bug');
    }
    const failureLines = lines.filter((line) => line.msg === 'answered a server failure');
    expect(failureLines).toEqual([
      expect.objectContaining({
        level: 40,
        operation: 'POST /inhouse/v1/mines/start',
        errorCode: ERROR_CODES.internal,
        statusCode: 500,
        occurrences: 1,
        err: expect.objectContaining({
          type: 'DrizzleQueryError',
          cause: expect.objectContaining({ type: 'TypeError', message: 'a bug' }),
        }),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(TOKEN_HASH);
  });

  it('does not take a client that aborts its request body for a database outage', async () => {
    const { app, lines } = appWithCapturedLog(new FailureLog());
    app.post('/wps/member/login', async () => ({ signedIn: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /wps/member/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    // The error handler has run once a line of the request is written (nobody is left to answer).
    await expect.poll(() => lines.some((line) => line.reqId !== undefined), { timeout: 10_000 }).toBe(true);
    expect(lines.filter((line) => line.msg === 'the database is unavailable')).toEqual([]);
    expect(lines.filter((line) => line.level >= 30 && line.reqId !== undefined)).toEqual([]);
  });
});
