import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES, operatorPath } from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('HTTP conventions', () => {
  it.each(['/wps/nothing', '/lgw/nothing', '/ops/nothing', '/health/deep', '/media/nothing.svg', '/wps'])(
    'answers %s with a 404 envelope',
    async (path) => {
      const response = await testApp.app.inject({ url: path, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, errorCode: ERROR_CODES.notFound });
    },
  );

  it('answers a malformed address with the 400 envelope', async () => {
    const response = await testApp.app.inject({ url: '/m/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: ERROR_CODES.validation });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: operatorPath(API_PATHS.operatorMaintenance, 'PALARO'),
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}`, 'content-type': 'application/json' },
      payload: '{"enabled": tru',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: ERROR_CODES.validation });
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('compresses large answers for browsers that accept it, and only for them', async () => {
    const path = `${API_PATHS.startup}?language=EN`;
    const compressed = await testApp.app.inject({ url: path, headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString()).toContain('"success":true');
    const plain = await testApp.app.inject({ url: path });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressed.rawPayload.length);
  });

  it('reports health', async () => {
    const response = await testApp.app.inject({ url: API_PATHS.health });
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toMatchObject({ status: 'ok', database: testApp.db.kind, version: '0.1.0' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const ready = await testApp.app.inject({ url: API_PATHS.healthReady });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().value).toMatchObject({ status: 'ok', database: testApp.db.kind });
    const live = await testApp.app.inject({ url: API_PATHS.healthLive });
    expect(live.statusCode).toBe(200);
    expect(live.json().value).toMatchObject({ status: 'alive', version: '0.1.0' });
  });

  it('tells liveness from readiness when the database is gone', async () => {
    const cutOff = await createTestApp();
    await cutOff.db.close();
    try {
      for (const path of [API_PATHS.health, API_PATHS.healthReady]) {
        const ready = await cutOff.app.inject({ url: path });
        expect(ready.statusCode, path).toBe(503);
        expect(ready.headers['retry-after'], path).toBe('5');
        expect(ready.json().value, path).toMatchObject({ status: 'degraded' });
      }
      const live = await cutOff.app.inject({ url: API_PATHS.healthLive });
      expect(live.statusCode).toBe(200);
      expect(live.json().value).toMatchObject({ status: 'alive' });
    } finally {
      await cutOff.app.close();
    }
  });

  it('publishes OpenAPI built from the contract schemas', async () => {
    const document = (await testApp.app.inject({ url: '/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        API_PATHS.startup,
        API_PATHS.announcements,
        API_PATHS.notices,
        API_PATHS.health,
        '/ops/merchants/{merchantCode}/maintenance',
      ]),
    );
    expect(
      document.paths[API_PATHS.announcements].get.parameters.map((parameter: { name: string }) => parameter.name),
    ).toContain('types');
    expect((await testApp.app.inject({ url: '/docs' })).statusCode).toBeLessThan(400);
  });

  it('serves media with long cache headers', async () => {
    const response = await testApp.app.inject({ url: '/media/banners/en/welcome-bonus.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.body).toContain('WELCOME BONUS');
  });

  it('hides internal errors behind a generic 500', async () => {
    const broken = await createTestApp();
    await broken.db.close();
    try {
      const response = await broken.app.inject({ url: `${API_PATHS.announcements}?types=B` });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ success: false, errorCode: ERROR_CODES.internal, message: 'Unknown error' });
    } finally {
      await broken.app.close();
    }
  });
});

/** Sends raw bytes to a listening server and answers everything it writes back before closing. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ port, host: '127.0.0.1' }, () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may reset the connection while the client is still sending: what it wrote counts.
    socket.on('error', (error) =>
      chunks.length > 0 ? resolve(Buffer.concat(chunks).toString('latin1')) : reject(error),
    );
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.setTimeout(20_000, () => socket.destroy(new Error('no answer')));
  });
}

function parseRawResponse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n', 2);
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('requests Node refuses before Fastify sees them', () => {
  let port: number;
  beforeAll(async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.server.address() as { port: number }).port;
  });

  it.each([
    [
      'an oversized header',
      `GET ${API_PATHS.health} HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
      431,
    ],
    [
      'an invalid character in a header name',
      `GET ${API_PATHS.health} HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n`,
      400,
    ],
    [
      'a NUL in a header value',
      `GET ${API_PATHS.health} HTTP/1.1\r\nHost: localhost\r\nUser-Agent: a\u0000b\r\n\r\n`,
      400,
    ],
    ['a request line that is not HTTP', 'HELLO\r\n\r\n', 400],
  ])('answers %s in the JSON envelope', { timeout: 30_000 }, async (_what, request, status) => {
    const response = parseRawResponse(await rawExchange(port, request));
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
    expect(JSON.parse(response.body)).toEqual({
      success: false,
      errorCode: ERROR_CODES.validation,
      message: expect.any(String),
    });
  });

  it('still answers a well-formed request on the same server', { timeout: 30_000 }, async () => {
    const response = parseRawResponse(
      await rawExchange(port, `GET ${API_PATHS.health} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
    );
    expect(response.status).toBe(200);
  });
});
