import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES, operatorPath } from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from './platform/testing/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('HTTP conventions', () => {
  it.each(['/wps/nothing', '/lgw/nothing', '/ops/nothing', '/health/deep', '/media/nothing.svg', '/wps'])('answers %s with a 404 envelope', async (path) => {
    const response = await testApp.app.inject({ url: path, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, errorCode: ERROR_CODES.notFound });
  });

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
  });

  it('publishes OpenAPI built from the contract schemas', async () => {
    const document = (await testApp.app.inject({ url: '/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining([API_PATHS.startup, API_PATHS.announcements, API_PATHS.notices, API_PATHS.health, '/ops/merchants/{merchantCode}/maintenance']));
    expect(document.paths[API_PATHS.announcements].get.parameters.map((parameter: { name: string }) => parameter.name)).toContain('types');
    expect((await testApp.app.inject({ url: '/docs' })).statusCode).toBeLessThan(400);
  });

  it('serves media with long cache headers', async () => {
    const response = await testApp.app.inject({ url: '/media/banners/welcome-bonus.svg' });
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
