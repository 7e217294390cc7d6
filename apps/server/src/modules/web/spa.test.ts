import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_WEB_PATHS } from '@palaro/contract';
import { createTestApp, type TestApp } from '../../test-app';

const INDEX_HTML = '<!doctype html><html><head><title>Palaro test build</title></head><body><div id="root"></div></body></html>';

let testApp: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'palaro-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDist, 'assets', 'index-3f2a1b.js'), 'console.log("app")');
  testApp = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await testApp?.close();
});

describe('serving the web app', () => {
  it.each(ALL_WEB_PATHS)('answers %s with the app page', async (webPath) => {
    const response = await testApp.app.inject({ url: webPath, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('keeps query strings and serves hashed assets as immutable', async () => {
    expect((await testApp.app.inject({ url: '/m/gameList?gameType=RNG' })).body).toBe(INDEX_HTML);
    const asset = await testApp.app.inject({ url: '/assets/index-3f2a1b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await testApp.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('does not answer API paths or non-HTML requests with the page', async () => {
    expect((await testApp.app.inject({ url: '/wps/unknown', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    expect((await testApp.app.inject({ url: '/m/home', headers: { accept: 'application/json' } })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'POST', url: '/m/home' })).statusCode).toBe(404);
  });

  it('says how to build when there is no build', async () => {
    const unbuilt = await createTestApp();
    try {
      const response = await unbuilt.app.inject({ url: '/m/home' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('npm run build');
    } finally {
      await unbuilt.close();
    }
  });
});
