import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES, operatorPath } from '@palaro/contract';
import { transactionAnnouncing } from '../../platform/cache/change-feed';
import { fromPool, type Database } from '../../platform/db/database';
import { createLogger } from '../../platform/logger';
import { createEmbeddedTestDatabase, testDatabaseUrl } from '../../platform/testing/test-database';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { insertAnnouncements } from '../content/store';
import { demoMerchant } from './seed';
import { insertDomainsIfAbsent, insertMerchantIfAbsent } from './store';

const auth = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
const SECOND_HOST = 'second-brand.example';
const BANNERS = `${API_PATHS.announcements}?types=B&platform=M&language=EN`;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  // A second merchant on its own domain, with a banner of its own, added while the app runs.
  await transactionAnnouncing(testApp.db.db, async (tx) => {
    const second = await insertMerchantIfAbsent(tx, {
      ...demoMerchant(),
      code: 'SECOND',
      name: 'Second Brand',
      isDefault: false,
    });
    await insertDomainsIfAbsent(tx, second.id, [SECOND_HOST]);
    await insertAnnouncements(tx, [
      {
        merchantId: second.id,
        type: 'B',
        platform: 'M',
        title: { EN: 'Second brand banner' },
        content: { EN: '' },
        imageUrl: { EN: '/media/second.svg' },
        publishedAt: new Date('2025-01-01'),
      },
    ]);
  });
});
afterAll(async () => {
  await testApp?.close();
});

function get(url: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ url, headers });
}

describe('public reads', () => {
  it('answers 304 to a client that has the current settings and announcements, and the body again once they change', async () => {
    for (const url of [API_PATHS.siteSettings, BANNERS]) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get(url, { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);
    }

    const before = await get(API_PATHS.siteSettings);
    const changed = await testApp.app.inject({
      method: 'PATCH',
      url: operatorPath(API_PATHS.operatorFlags, 'PALARO'),
      headers: auth,
      payload: { vip: { display: !before.json().value.vip.display } },
    });
    expect(changed.statusCode).toBe(200);
    const after = await get(API_PATHS.siteSettings, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json().value.vip.display).toBe(!before.json().value.vip.display);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('sends the same JSON compressed to clients that accept it, and plain to those that do not', async () => {
    const plain = await get(API_PATHS.siteSettings);
    const brotli = await get(API_PATHS.siteSettings, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(API_PATHS.siteSettings, { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brotli.headers.vary).toContain('Accept-Encoding');

    // Start-up differs per client: its gzip is the settings' compressed once, the client's part spliced in.
    const startupPlain = await get(API_PATHS.startup);
    const startupGzip = await get(API_PATHS.startup, { 'accept-encoding': 'gzip, deflate, br' });
    const startupBrotli = await get(API_PATHS.startup, { 'accept-encoding': 'br' });
    expect(startupPlain.headers['cache-control']).toBe('private, no-cache');
    expect(startupGzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(startupGzip.rawPayload).toString()).toBe(startupPlain.body);
    expect(brotliDecompressSync(startupBrotli.rawPayload).toString()).toBe(startupPlain.body);
    expect(startupPlain.json().value.settings).toEqual(plain.json().value);
    expect((await get(API_PATHS.startup, { 'if-none-match': String(startupPlain.headers.etag) })).statusCode).toBe(304);
  });

  it('never shows one merchant’s settings, announcements or maintenance to another’s players', async () => {
    const host = (name: string) => ({ host: name });
    const demo = (await get(API_PATHS.siteSettings, host('localhost'))).json().value;
    const second = (await get(API_PATHS.siteSettings, host(SECOND_HOST))).json().value;
    expect(demo).toMatchObject({ merchantCode: 'PALARO', name: expect.not.stringMatching('Second') });
    expect(second).toMatchObject({ merchantCode: 'SECOND', name: 'Second Brand' });
    // An unknown host is the default merchant's, served from the same memory.
    expect((await get(API_PATHS.siteSettings, host('unknown.example'))).json().value.merchantCode).toBe('PALARO');

    const secondBanners = (await get(BANNERS, host(SECOND_HOST))).json().value.banners;
    const demoBanners = (await get(BANNERS, host('localhost'))).json().value.banners;
    expect(secondBanners.map((banner: { title: string }) => banner.title)).toEqual(['Second brand banner']);
    expect(demoBanners.map((banner: { title: string }) => banner.title)).not.toContain('Second brand banner');

    const on = await testApp.app.inject({
      method: 'PUT',
      url: operatorPath(API_PATHS.operatorMaintenance, 'SECOND'),
      headers: auth,
      payload: { enabled: true, message: 'Second is upgrading' },
    });
    expect(on.statusCode).toBe(200);
    expect((await get(API_PATHS.startup, host(SECOND_HOST))).json().value.startup).toMatchObject({
      mode: 'maintenance',
      info: { message: 'Second is upgrading' },
    });
    expect((await get(BANNERS, host(SECOND_HOST))).statusCode).toBe(503);
    expect((await get(API_PATHS.startup, host('localhost'))).json().value.startup.mode).toBe('normal');
    expect((await get(BANNERS, host('localhost'))).statusCode).toBe(200);
    await testApp.app.inject({
      method: 'PUT',
      url: operatorPath(API_PATHS.operatorMaintenance, 'SECOND'),
      headers: auth,
      payload: { enabled: false },
    });
  });
});

describe('an operator change on one replica', () => {
  /** The second replica: its own connection pool on the real PostgreSQL, so only NOTIFY tells it. */
  let replicaDatabase: Database;
  let replica: TestApp;
  beforeAll(async () => {
    replicaDatabase =
      testApp.db.kind === 'postgres'
        ? fromPool(new pg.Pool({ connectionString: await testDatabaseUrl(testApp.db), max: 4 }), {
            log: createLogger({ logLevel: 'silent' }),
          })
        : testApp.db;
    replica = await createTestApp({}, { database: replicaDatabase });
  });
  afterAll(async () => {
    await replica?.close();
    if (replicaDatabase !== testApp.db) await replicaDatabase?.close();
  });

  it('reaches the other replica’s cache', async () => {
    const mode = async () => (await replica.app.inject({ url: API_PATHS.startup })).json().value.startup.mode;
    // The replica has read (and keeps) the merchant before the change.
    expect(await mode()).toBe('normal');
    expect(await mode()).toBe('normal');

    const on = await testApp.app.inject({
      method: 'PUT',
      url: operatorPath(API_PATHS.operatorMaintenance, 'PALARO'),
      headers: auth,
      payload: { enabled: true, message: 'Upgrade' },
    });
    expect(on.statusCode).toBe(200);
    await expect.poll(mode, { timeout: 15_000, interval: 20 }).toBe('maintenance');

    await testApp.app.inject({
      method: 'PUT',
      url: operatorPath(API_PATHS.operatorMaintenance, 'PALARO'),
      headers: auth,
      payload: { enabled: false },
    });
    await expect.poll(mode, { timeout: 15_000, interval: 20 }).toBe('normal');
  });
});

describe('back-pressure on the embedded database', () => {
  let busyApp: TestApp;
  beforeAll(async () => {
    busyApp = await createTestApp({}, { database: await createEmbeddedTestDatabase({ queueLimit: 2 }) });
  });
  afterAll(async () => {
    await busyApp?.close();
    await busyApp?.db.close();
  });

  it('answers 503 with Retry-After at once beyond the queue bound, and serves the queued requests once the database frees', async () => {
    // Holds the one connection of the embedded database, as a slow statement would.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const holding = new Promise<void>((resolve) => {
      started = resolve;
    });
    const transaction = busyApp.db.db.transaction(async () => {
      started();
      await held;
    });
    await holding;

    try {
      await expectRefusalsWhileHeld(transaction, release);
    } finally {
      release();
      await transaction;
    }
  });

  async function expectRefusalsWhileHeld(transaction: Promise<void>, release: () => void) {
    const answeredWhileHeld: LightMyRequestResponse[] = [];
    const operatorRead = () =>
      busyApp.app.inject({ url: operatorPath(API_PATHS.operatorMerchant, 'PALARO'), headers: auth });
    const requests = Array.from({ length: 8 }, () =>
      operatorRead().then((response) => {
        answeredWhileHeld.push(response);
        return response;
      }),
    );
    // At most two wait for the database (the scheduler's poll may take a place too); the others
    // are answered while it is still held.
    await expect.poll(() => answeredWhileHeld.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(6);
    for (const response of answeredWhileHeld) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toMatchObject({ success: false, errorCode: ERROR_CODES.upstreamUnavailable });
    }
    const refusedCount = answeredWhileHeld.length;

    release();
    await transaction;
    const answers = await Promise.all(requests);
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(8 - refusedCount);
  }
});
