import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES } from '@palaro/contract';
import type { TestApp } from '../../test-app';
import { CODES, SESSION, SIGN_IN, WINDOWS } from './policy';
import { signInWaitSeconds } from './sign-in-throttle';
import { AccountsClient, createClockedTestApp, latestCode, solvedCaptcha } from './testing';

const PASSWORD = 'Lakas1234';
const WRONG = 'Wrong1234';

// Each test makes dozens of sign-ins (argon2 and a captcha each): generous on a busy machine.
const SLOW = { timeout: 180_000 };

let testApp: TestApp;
// One clock for the counters, codes and sessions: waits are waited out by moving it.
let clock = new Date();
const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

beforeAll(async () => {
  testApp = await createClockedTestApp(() => clock);
});
afterAll(async () => {
  await testApp?.close();
});

let addresses = 0;
/** A browser never seen before, on an address of its own. */
function stranger(): AccountsClient {
  addresses += 1;
  return new AccountsClient(testApp.app, `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`);
}

async function registerUser(client: AccountsClient, username: string) {
  const response = await client.register({
    username,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...(await solvedCaptcha(client)),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** A password sign-in with a solved captcha, as a player (or an attacker with a captcha farm) sends it. */
async function tryPassword(client: AccountsClient, username: string, password: string) {
  return client.login({ username, password, ...(await solvedCaptcha(client)) });
}

/** Fails `failures` times on the account, each from a new address, waiting out every wait as a patient attacker would. */
async function attack(username: string, failures: number) {
  let failed = 0;
  while (failed < failures) {
    const answer = await tryPassword(stranger(), username, WRONG);
    if (answer.statusCode === 401) failed += 1;
    else {
      expect(answer.statusCode, answer.body).toBe(429);
      later(answer.json().value.retryAfterSeconds as number);
    }
  }
}

describe('the wait after failed sign-ins', SLOW, () => {
  it('doubles from 1 s to 15 minutes after the free failures', () => {
    const waits = Array.from({ length: 20 }, (_, index) => signInWaitSeconds(index + 1));
    expect(waits).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900, 900]);
    expect(signInWaitSeconds(10_000)).toBe(SIGN_IN.maxWaitSeconds);
  });

  it('grows with each failure, refuses with the time left (Retry-After too), and ends', async () => {
    await registerUser(stranger(), 'grow12345');
    for (let failure = 1; failure <= SIGN_IN.freeFailures; failure += 1) {
      expect((await tryPassword(stranger(), 'grow12345', WRONG)).statusCode).toBe(401);
    }
    const waits: number[] = [];
    for (let round = 0; round < 12; round += 1) {
      expect((await tryPassword(stranger(), 'grow12345', WRONG)).statusCode).toBe(401);
      const refused = await tryPassword(stranger(), 'grow12345', PASSWORD);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json()).toMatchObject({ errorCode: ERROR_CODES.signInPaused, value: { captcha: true } });
      const wait = refused.json().value.retryAfterSeconds as number;
      expect(refused.headers['retry-after']).toBe(String(wait));
      waits.push(wait);
      later(wait - 1);
      expect((await tryPassword(stranger(), 'grow12345', PASSWORD)).statusCode).toBe(429);
      later(1);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    // The wait over, the right password signs in and ends the run: one more typo makes no one wait.
    expect((await tryPassword(stranger(), 'grow12345', PASSWORD)).statusCode).toBe(200);
    expect((await tryPassword(stranger(), 'grow12345', WRONG)).statusCode).toBe(401);
    expect((await tryPassword(stranger(), 'grow12345', PASSWORD)).statusCode).toBe(200);
  });

  it('forgets a run of failures a day after the last one', async () => {
    await registerUser(stranger(), 'rest12345');
    await attack('rest12345', SIGN_IN.freeFailures + 1);
    expect((await tryPassword(stranger(), 'rest12345', PASSWORD)).statusCode).toBe(429);
    later(SIGN_IN.failureRunSeconds);
    // A new run: its first failure is a free one again.
    expect((await tryPassword(stranger(), 'rest12345', WRONG)).statusCode).toBe(401);
    expect((await tryPassword(stranger(), 'rest12345', PASSWORD)).statusCode).toBe(200);
  });
});

describe('the owner gets in while an attacker keeps failing', SLOW, () => {
  it('from a device that signed in before: a captcha, but no wait; its own failures still make it wait', async () => {
    const phone = stranger();
    const registered = await registerUser(phone, 'own12345');
    expect(String(registered.headers['set-cookie'])).toMatch(
      new RegExp(
        `${SESSION.knownDeviceCookieName}=[A-Za-z0-9_-]{43}; Path=/; Max-Age=${SIGN_IN.knownDeviceSeconds}; HttpOnly; SameSite=Lax`,
      ),
    );
    const marker = phone.cookie(SESSION.knownDeviceCookieName);
    // Signing out ends the sessions, not the device's standing.
    expect((await phone.request('DELETE', API_PATHS.logout)).statusCode).toBe(200);
    expect(phone.cookie(SESSION.knownDeviceCookieName)).toBe(marker);

    await attack('own12345', 20);
    const elsewhere = await tryPassword(stranger(), 'own12345', PASSWORD);
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json()).toMatchObject({
      errorCode: ERROR_CODES.signInPaused,
      value: { captcha: true, waysIn: ['sms', 'resetByPhone', 'resetByEmail'] },
    });

    const noCaptcha = await phone.login({ username: 'own12345', password: PASSWORD });
    expect(noCaptcha.json().errorCode).toBe(ERROR_CODES.captchaRequired);
    const owner = await tryPassword(phone, 'own12345', PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(phone.cookie(SESSION.knownDeviceCookieName)).toBe(marker);

    await phone.request('DELETE', API_PATHS.logout);
    for (let failure = 1; failure <= SIGN_IN.freeFailures + 1; failure += 1) {
      expect((await tryPassword(phone, 'own12345', WRONG)).statusCode).toBe(401);
    }
    const phoneWaits = await tryPassword(phone, 'own12345', PASSWORD);
    expect(phoneWaits.statusCode).toBe(429);
    expect(phoneWaits.json().value.retryAfterSeconds).toBe(SIGN_IN.firstWaitSeconds);
    later(SIGN_IN.firstWaitSeconds);
    expect((await tryPassword(phone, 'own12345', PASSWORD)).statusCode).toBe(200);
  });

  it('the standing is the member’s: not another account’s on the same phone, not a made-up marker', async () => {
    const phone = stranger();
    await registerUser(phone, 'mine12345');
    await registerUser(stranger(), 'sibl12345');
    await attack('mine12345', SIGN_IN.freeFailures + 1);
    await attack('sibl12345', SIGN_IN.freeFailures + 1);
    expect((await tryPassword(phone, 'sibl12345', PASSWORD)).statusCode).toBe(429);
    const forger = stranger();
    forger.setCookie(SESSION.knownDeviceCookieName, 'A'.repeat(43));
    expect((await tryPassword(forger, 'mine12345', PASSWORD)).statusCode).toBe(429);
    expect((await tryPassword(phone, 'mine12345', PASSWORD)).statusCode).toBe(200);
  });

  it('a remember-me reopening counts as a sign-in on the device, so a phone kept signed in stays known', async () => {
    const phone = stranger();
    await registerUser(phone, 'keep12345');
    await phone.request('DELETE', API_PATHS.logout);
    expect((await phone.login({ username: 'keep12345', password: PASSWORD, rememberMe: true })).statusCode).toBe(200);
    const months = Math.ceil(SIGN_IN.knownDeviceSeconds / (29 * 24 * 3600)) + 1;
    for (let month = 0; month < months; month += 1) {
      later(29 * 24 * 3600);
      phone.forget(SESSION.cookieName);
      expect((await phone.request('POST', API_PATHS.renewSession)).statusCode).toBe(200);
    }
    // Long past SIGN_IN.knownDeviceSeconds since the last password sign-in.
    phone.forget(SESSION.cookieName);
    phone.forget(SESSION.deviceCookieName);
    await attack('keep12345', SIGN_IN.freeFailures + 1);
    expect((await tryPassword(stranger(), 'keep12345', PASSWORD)).statusCode).toBe(429);
    expect((await tryPassword(phone, 'keep12345', PASSWORD)).statusCode).toBe(200);
  });

  it(`caps a burst of parallel tries at ${SIGN_IN.accountTriesPerHour} an hour per account; the owner's device is not capped`, async () => {
    const phone = stranger();
    await registerUser(phone, 'bur12345');
    const attackers = Array.from({ length: SIGN_IN.accountTriesPerHour + 10 }, stranger);
    const captchas: { captchaId: string; captcha: string }[] = [];
    for (const attacker of attackers) captchas.push(await solvedCaptcha(attacker));
    const answers = await Promise.all(
      attackers.map((attacker, index) => attacker.login({ username: 'bur12345', password: WRONG, ...captchas[index] })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(SIGN_IN.accountTriesPerHour);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect((await tryPassword(phone, 'bur12345', PASSWORD)).statusCode).toBe(200);
  });

  it('through the SMS path: sign-in by SMS code and reset by phone, whatever wrong codes others send', async () => {
    const owner = stranger();
    await owner.request('POST', API_PATHS.sendCode, { purpose: 'register', mobileNum: '9351234567' });
    const registered = await owner.register({
      method: 'mobile',
      mobileNum: '9351234567',
      verificationCode: await latestCode(testApp.app, '+639351234567'),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...(await solvedCaptcha(owner)),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const username = registered.json().value.session.userName as string;
    await attack(username, 20);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const client = stranger();
      const wrongCode = await client.login({
        type: 'sms',
        mobileNum: '9351234567',
        verificationCode: '000000',
        ...(await solvedCaptcha(client)),
      });
      expect(wrongCode.statusCode, wrongCode.body).toBe(401);
    }

    const newPhone = stranger();
    const paused = await tryPassword(newPhone, '9351234567', PASSWORD);
    expect(paused.statusCode).toBe(429);
    expect(paused.json().value.waysIn).toEqual(['sms', 'resetByPhone', 'resetByEmail']);
    later(CODES.resendAfterSeconds);
    expect(
      (await newPhone.request('POST', API_PATHS.sendCode, { purpose: 'login', mobileNum: '9351234567' })).statusCode,
    ).toBe(200);
    const bySms = await newPhone.login({
      type: 'sms',
      mobileNum: '9351234567',
      verificationCode: await latestCode(testApp.app, '+639351234567'),
      ...(await solvedCaptcha(newPhone)),
    });
    expect(bySms.statusCode, bySms.body).toBe(200);
    expect(bySms.json().value.session.userName).toBe(username);

    // A new password set by SMS code: the sign-in with it that follows (spec §7) does not wait for the old guesses.
    const other = stranger();
    expect((await tryPassword(other, '9351234567', PASSWORD)).statusCode).toBe(429);
    expect(
      (await other.request('POST', API_PATHS.sendCode, { purpose: 'reset', mobileNum: '9351234567' })).statusCode,
    ).toBe(200);
    const reset = await other.request('POST', API_PATHS.resetByPhone, {
      mobileNum: '9351234567',
      verificationCode: await latestCode(testApp.app, '+639351234567'),
      newPassword: 'Bago12345',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await other.login({ username: '9351234567', password: 'Bago12345' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });
});

describe('credential stuffing from one address', SLOW, () => {
  it('refuses the address for the rest of its hour whatever account it tries, but not a device the account knows behind it', async () => {
    // Carrier-grade NAT: the owner's phone and the stuffer share one public address.
    const shared = '100.64.7.7';
    const phone = new AccountsClient(testApp.app, shared);
    await registerUser(phone, 'natp12345');
    await registerUser(stranger(), 'vict12345');
    let elapsed = 0;
    for (let index = 0; index < SIGN_IN.ipFailuresPerHour; index += 1) {
      // Time passes during the run (20 minutes, and a minute now and then for the captcha limit).
      const pause = index === 10 ? 20 * 60 : index % 25 === 0 && index > 0 ? WINDOWS.minute + 1 : 0;
      later(pause);
      elapsed += pause;
      const answer = await tryPassword(new AccountsClient(testApp.app, shared), `list${index}x0000`, WRONG);
      expect(answer.statusCode, answer.body).toBe(401);
    }
    const refused = await tryPassword(new AccountsClient(testApp.app, shared), 'vict12345', PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      errorCode: ERROR_CODES.tooManyRequests,
      value: { retryAfterSeconds: WINDOWS.hour - elapsed },
    });
    expect(refused.headers['retry-after']).toBe(String(WINDOWS.hour - elapsed));

    expect((await tryPassword(phone, 'natp12345', PASSWORD)).statusCode).toBe(200);

    later(WINDOWS.hour - elapsed);
    expect((await tryPassword(new AccountsClient(testApp.app, shared), 'vict12345', PASSWORD)).statusCode).toBe(200);
  });
});
