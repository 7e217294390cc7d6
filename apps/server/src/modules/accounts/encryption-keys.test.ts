import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@palaro/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { ENCRYPTION_KEYS } from './policy';
import { newestActiveKey } from './store';

/**
 * Making an RSA-3072 key pair takes seconds on a busy machine: the first sign-in screen of a new
 * server, and the first after a rotation, must not wait for one.
 */

let clock = new Date('2026-12-07T08:00:00Z');
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { platform: { overrides: { now: () => clock } } });
});
afterAll(async () => {
  await testApp?.close();
});

const POLL = { timeout: 60_000, interval: 50 };

async function publicKeyId(): Promise<string> {
  const answer = await testApp.app.inject({ method: 'GET', url: API_PATHS.encryptionKey });
  expect(answer.statusCode).toBe(200);
  return (answer.json().value as { keyId: string }).keyId;
}

describe('the encryption key', () => {
  it('is made at start-up, before any request asks for it', async () => {
    // Start-up waits a few seconds for it at most: on a loaded machine it may still be on its way.
    await expect.poll(() => newestActiveKey(testApp.db.db).then((key) => key?.keyId), POLL).toBeDefined();
    const made = await newestActiveKey(testApp.db.db);
    expect(await publicKeyId()).toBe(made!.keyId);
  });

  it('in its last hour has its successor made in the background, and is answered meanwhile', async () => {
    const first = (await newestActiveKey(testApp.db.db))!;
    clock = new Date(
      first.createdAt.getTime() + (ENCRYPTION_KEYS.rotateAfterSeconds - ENCRYPTION_KEYS.renewAheadSeconds / 2) * 1000,
    );
    expect(await publicKeyId()).toBe(first.keyId);
    await expect.poll(() => newestActiveKey(testApp.db.db).then((key) => key?.keyId), POLL).not.toBe(first.keyId);
    expect(await publicKeyId()).not.toBe(first.keyId);
  });
});
