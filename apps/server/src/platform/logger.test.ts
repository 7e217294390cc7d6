import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { AccessLog, PUBLIC_READ_SUMMARY_MS, summarizeInAccessLog, ThrottledLog, type Logger } from './logger';

describe('ThrottledLog', () => {
  it('writes the first occurrence, then one line per interval counting the ones in between, and starts over after reset', () => {
    let clock = 0;
    const throttled = new ThrottledLog(30_000, () => clock);
    const written: number[] = [];
    const occur = (at: number) => {
      clock = at;
      throttled.occurred((occurrences) => written.push(occurrences));
    };
    for (const at of [0, 1000, 2000, 29_999]) occur(at);
    expect(written).toEqual([1]);
    occur(30_000);
    expect(written).toEqual([1, 4]);
    occur(31_000);
    throttled.reset();
    occur(32_000);
    expect(written).toEqual([1, 4, 1]);
  });
});

function capturedLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

async function appWithAccessLog(clock: () => number) {
  const { logger, lines } = capturedLogger();
  const accessLog = new AccessLog(logger, clock);
  const app = Fastify({ loggerInstance: logger, logController: accessLog });
  accessLog.install(app);
  app.get('/public', async (request) => {
    summarizeInAccessLog(request);
    return { read: true };
  });
  app.get('/public-missing', async (request, reply) => {
    summarizeInAccessLog(request);
    return reply.code(404).send({ found: false });
  });
  app.get('/member', async () => ({ balance: 1 }));
  return { app, lines, requestLines: () => lines.filter((line) => line.msg !== 'public reads') };
}

describe('AccessLog', () => {
  it('writes one flat line per request when its answer has gone, never the cookie or authorization', async () => {
    const { app, lines } = await appWithAccessLog(() => 0);
    await app.inject({
      method: 'GET',
      url: '/member?page=2',
      headers: { host: 'demo.example', cookie: 'session=secret', authorization: 'Bearer secret' },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/member?page=2',
      host: 'demo.example',
      statusCode: 200,
    });
    expect(lines[0]).toHaveProperty('reqId');
    expect(lines[0]).toHaveProperty('remoteAddress');
    expect(typeof lines[0]!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret');
    await app.close();
  });

  it('writes no secret of a URL: a launch token in the query is redacted, a route that does not exist too', async () => {
    const { app, lines } = await appWithAccessLog(() => 0);
    app.get('/m/play/:gameId', async () => ({ page: true }));
    const launchToken = 'LaunchTok3n_abcdefghijklmnopqrstuvwxyz012345';
    await app.inject({ method: 'GET', url: `/m/play/PLR-INHOUSE-001?token=${launchToken}&back=%2Fm%2Fhome` });
    await app.inject({ method: 'GET', url: `/nowhere?resetToken=${launchToken}` });
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      url: '/m/play/PLR-INHOUSE-001?token=[redacted]&back=%2Fm%2Fhome',
    });
    expect(JSON.stringify(lines)).not.toContain(launchToken);
    await app.close();
  });

  it('counts quick public reads in a summary a minute instead of a line each; a failed one keeps its line', async () => {
    let clock = 0;
    const { app, lines, requestLines } = await appWithAccessLog(() => clock);
    for (let read = 0; read < 3; read += 1) await app.inject({ method: 'GET', url: '/public' });
    await app.inject({ method: 'GET', url: '/public-missing' });
    expect(requestLines()).toEqual([expect.objectContaining({ url: '/public-missing', statusCode: 404 })]);
    expect(lines.filter((line) => line.msg === 'public reads')).toEqual([]);

    clock = PUBLIC_READ_SUMMARY_MS;
    await app.inject({ method: 'GET', url: '/public' });
    expect(lines.filter((line) => line.msg === 'public reads')).toEqual([
      expect.objectContaining({ seconds: 60, answered: 4, notModified: 0 }),
    ]);

    clock += 1000;
    await app.inject({ method: 'GET', url: '/public' });
    await app.close();
    expect(lines.filter((line) => line.msg === 'public reads')).toEqual([
      expect.objectContaining({ answered: 4 }),
      expect.objectContaining({ seconds: 1, answered: 1 }),
    ]);
  });
});
