import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES } from '@palaro/contract';
import { devCaptchaPath } from '@palaro/contract/schemas';
import { createTestApp, type TestApp } from '../../test-app';
import { demoMerchant } from '../site/seed';
import { insertDomainsIfAbsent, insertMerchantIfAbsent } from '../site/store';
import { AccountsClient, solvedCaptcha } from './testing';

const PASSWORD = 'Lakas1234';
const OTHER_HOST = 'other.palaro.test';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  const other = await insertMerchantIfAbsent(testApp.db.db, {
    ...demoMerchant(),
    code: 'OTHERM',
    name: 'Other',
    isDefault: false,
    mainDomain: OTHER_HOST,
  });
  await insertDomainsIfAbsent(testApp.db.db, other.id, [OTHER_HOST]);
});
afterAll(async () => {
  await testApp?.close();
});

describe('GET /dev/captcha/:captchaId (outside production)', () => {
  it('answers {code} of a live captcha without spending it; the code passes once, then 404', async () => {
    const client = new AccountsClient(testApp.app, '198.51.100.200');
    const { captchaId } = (await client.request('GET', API_PATHS.captcha)).json().value as { captchaId: string };
    const first = await client.request('GET', devCaptchaPath(captchaId));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, value: { code: expect.stringMatching(/^\d{6}$/) } });
    const code = first.json().value.code as string;
    // Reading does not spend it.
    expect((await client.request('GET', devCaptchaPath(captchaId))).json().value.code).toBe(code);
    const registered = await client.register({
      username: 'devc12345',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      captchaId,
      captcha: code,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const spent = await client.request('GET', devCaptchaPath(captchaId));
    expect(spent.statusCode).toBe(404);
    expect(spent.json()).toMatchObject({ success: false, errorCode: ERROR_CODES.notFound });
    expect((await client.request('GET', devCaptchaPath('no-such-captcha'))).statusCode).toBe(404);
  });

  it("answers only the caller's merchant's captchas", async () => {
    const client = new AccountsClient(testApp.app, '198.51.100.201');
    const { captchaId } = (await client.request('GET', API_PATHS.captcha)).json().value as { captchaId: string };
    expect((await client.request('GET', devCaptchaPath(captchaId), undefined, { host: OTHER_HOST })).statusCode).toBe(
      404,
    );
    expect((await client.request('GET', devCaptchaPath(captchaId))).statusCode).toBe(200);
  });
});

describe('GET /dev/outbox is per merchant', () => {
  it("lists only the caller's merchant's messages", async () => {
    const client = new AccountsClient(testApp.app, '198.51.100.202');
    expect(
      (await client.request('POST', API_PATHS.sendCode, { purpose: 'register', mobileNum: '9241234567' })).statusCode,
    ).toBe(200);
    const elsewhere = await client.request(
      'POST',
      API_PATHS.sendCode,
      { purpose: 'register', mobileNum: '9251234567' },
      { host: OTHER_HOST },
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const recipients = async (headers: Record<string, string>) =>
      (
        (await client.request('GET', API_PATHS.devOutbox, undefined, headers)).json().value.list as { to: string }[]
      ).map((message) => message.to);
    expect(await recipients({})).toContain('+639241234567');
    expect(await recipients({})).not.toContain('+639251234567');
    expect(await recipients({ host: OTHER_HOST })).toEqual(['+639251234567']);
  });
});

describe('with NODE_ENV=production', () => {
  it('neither /dev endpoint exists (404 envelope)', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const client = new AccountsClient(production.app, '198.51.100.203');
      // A real captcha id, so the 404 can only mean the route is absent.
      const { captchaId } = (await client.request('GET', API_PATHS.captcha)).json().value as { captchaId: string };
      for (const url of [API_PATHS.devOutbox, devCaptchaPath(captchaId)]) {
        const response = await client.request('GET', url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toMatchObject({ success: false, errorCode: ERROR_CODES.notFound });
      }
      // The same app outside production answers both, so the test proves the switch.
      expect((await new AccountsClient(testApp.app).request('GET', API_PATHS.devOutbox)).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});

// solvedCaptcha is the helper every accounts test uses; it must not need the database.
describe('solvedCaptcha', () => {
  it('solves through HTTP alone', async () => {
    const solved = await solvedCaptcha(new AccountsClient(testApp.app, '198.51.100.204'));
    expect(solved.captcha).toMatch(/^\d{6}$/);
  });
});
