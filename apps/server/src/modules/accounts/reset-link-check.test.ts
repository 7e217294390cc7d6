import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES } from '@palaro/contract';
import { createLogger } from '../../platform/logger';
import { MemoryRateLimiter } from '../../platform/rate-limit';
import { createTestApp, type TestApp } from '../../test-app';
import { demoMerchant } from '../site/seed';
import { insertDomainsIfAbsent, insertMerchantIfAbsent } from '../site/store';
import { RESET_LINK } from './policy';
import { AccountsClient, solvedCaptcha } from './testing';

const PASSWORD = 'Lakas1234';
const OTHER_HOST = 'other-merchant.test';

let testApp: TestApp;
let clock = new Date();
/** What the app logs, as the server would write it. */
const logText: string[] = [];
const logger = createLogger(
  { logLevel: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logText.push(chunk.toString());
      done();
    },
  }),
);
let ipCounter = 0;
const freshClient = (headers: Record<string, string> = {}) =>
  new HostClient(testApp, `198.18.7.${(ipCounter += 1)}`, headers);

/** An accounts client whose requests all carry extra headers (the Host that picks the merchant). */
class HostClient extends AccountsClient {
  constructor(
    app: TestApp,
    ip: string,
    private readonly extra: Record<string, string>,
  ) {
    super(app.app, ip);
  }

  override request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    return super.request(method, url, payload, { ...this.extra, ...headers });
  }

  check(token: string) {
    return this.request('POST', API_PATHS.resetLinkCheck, { token });
  }
}

/** Registers a member with an e-mail on the client's merchant and answers the token of a fresh reset link. */
async function resetLinkFor(client: HostClient, username: string, email: string, host?: string): Promise<string> {
  const registered = await client.register({
    username,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    email,
    ...(await solvedCaptcha(client)),
  });
  expect(registered.statusCode, registered.body).toBe(200);
  expect((await client.request('POST', API_PATHS.forgotByEmail, { username, email })).statusCode).toBe(200);
  const outbox = await testApp.app.inject({ url: API_PATHS.devOutbox, headers: host ? { host } : {} });
  const message = (outbox.json().value.list as { to: string; body: string }[]).find((entry) => entry.to === email);
  return /resetToken=([A-Za-z0-9_-]+)/.exec(message!.body)![1]!;
}

beforeAll(async () => {
  testApp = await createTestApp(
    {},
    { logger, platform: { overrides: { now: () => clock, limiter: new MemoryRateLimiter(() => clock.getTime()) } } },
  );
  const other = await insertMerchantIfAbsent(testApp.db.db, {
    ...demoMerchant(),
    code: 'OTHERPH',
    name: 'Other',
    isDefault: false,
  });
  await insertDomainsIfAbsent(testApp.db.db, other.id, [OTHER_HOST]);
});
afterAll(async () => {
  await testApp?.close();
});

describe('reset link check', () => {
  it('is valid for an unused link and does not spend it; invalid once used', async () => {
    const client = freshClient();
    const token = await resetLinkFor(client, 'link12345', 'link@example.ph');
    expect((await client.check(token)).json()).toEqual({ success: true, value: { valid: true } });
    expect((await client.check(token)).json().value).toEqual({ valid: true });
    expect((await client.request('POST', API_PATHS.resetByEmail, { token, newPassword: 'Bago12345' })).statusCode).toBe(
      200,
    );
    expect((await client.check(token)).json().value).toEqual({ valid: false });
    expect((await client.check('x'.repeat(43))).json().value).toEqual({ valid: false });
  });

  it('is invalid once the link has expired', async () => {
    const client = freshClient();
    const token = await resetLinkFor(client, 'late12345', 'late@example.ph');
    clock = new Date(clock.getTime() + (RESET_LINK.ttlMinutes - 1) * 60_000);
    expect((await client.check(token)).json().value).toEqual({ valid: true });
    clock = new Date(clock.getTime() + 2 * 60_000);
    expect((await client.check(token)).json().value).toEqual({ valid: false });
    expect(
      (await client.request('POST', API_PATHS.resetByEmail, { token, newPassword: 'Bago12345' })).json().errorCode,
    ).toBe(ERROR_CODES.resetLinkInvalid);
  });

  it('is valid only on the merchant whose member asked for it', async () => {
    const other = freshClient({ host: OTHER_HOST });
    const token = await resetLinkFor(other, 'away12345', 'away@example.ph', OTHER_HOST);
    expect((await other.check(token)).json().value).toEqual({ valid: true });
    expect((await freshClient().check(token)).json().value).toEqual({ valid: false });
  });

  it(`answers 429 after ${RESET_LINK.usesPerIpPerHour} links presented from one address in an hour, counting resets too`, async () => {
    const client = freshClient();
    const token = await resetLinkFor(client, 'many12345', 'many@example.ph');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < RESET_LINK.usesPerIpPerHour - 1; attempt += 1) {
      statuses.push((await client.check(`guess${attempt}`)).statusCode);
    }
    // A reset attempt counts as a presented link as well.
    expect(
      (await client.request('POST', API_PATHS.resetByEmail, { token: 'guess-reset', newPassword: 'Bago12345' })).json()
        .errorCode,
    ).toBe(ERROR_CODES.resetLinkInvalid);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await client.check(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errorCode).toBe(ERROR_CODES.tooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const limitedReset = await client.request('POST', API_PATHS.resetByEmail, { token, newPassword: 'Bago12345' });
    expect(limitedReset.statusCode).toBe(429);
    // Another address is not affected, and the refused attempts spent nothing: the link still works.
    const elsewhere = freshClient();
    expect((await elsewhere.check(token)).json().value).toEqual({ valid: true });
    expect(
      (await elsewhere.request('POST', API_PATHS.resetByEmail, { token, newPassword: 'Bago12345' })).statusCode,
    ).toBe(200);
    // An hour later the address may ask again.
    clock = new Date(clock.getTime() + 3601_000);
    const later = await client.check(token);
    expect(later.statusCode).toBe(200);
    expect(later.json().value).toEqual({ valid: false });
  });

  it('never writes the token to the log: not the e-mail the outbox echoes, not the page the link opens', async () => {
    const client = freshClient();
    const token = await resetLinkFor(client, 'logged12345', 'logged@example.ph');
    await client.request('GET', `/m/forget?resetToken=${token}`);
    expect((await client.check(token)).json().value).toEqual({ valid: true });
    const logged = logText.join('');
    expect(logged).toContain('resetToken=[redacted]');
    expect(logged).not.toContain(token);
  });

  it('answers 400 for a missing, empty or oversized token', async () => {
    const client = freshClient();
    for (const payload of [{}, { token: '' }, { token: 'x'.repeat(129) }, { token: 42 }]) {
      const response = await client.request('POST', API_PATHS.resetLinkCheck, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errorCode).toBe(ERROR_CODES.validation);
    }
  });
});
