import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES, operatorPath } from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { socialIdentities } from './schema';
import { countMembers, findMemberByUsername, findSocialMember } from './store';
import { createIdTokenVerifier } from '../../platform/identity-token';
import { AccountsClient, solvedCaptcha, startLocalIssuer, type LocalIssuer } from './testing';

const PASSWORD = 'Lakas1234';

let issuer: LocalIssuer;
let testApp: TestApp;
let ipCounter = 0;
/** Registration is limited per address: every client gets an address of its own. */
const freshClient = () => new AccountsClient(testApp.app, `203.0.113.${(ipCounter += 1)}`);

async function setFlags(app: TestApp, whitelabel: Record<string, boolean>): Promise<void> {
  const response = await app.app.inject({
    method: 'PATCH',
    url: operatorPath(API_PATHS.operatorFlags, 'PALARO'),
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    payload: { whitelabel },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function socialCount(): Promise<number> {
  return (await testApp.db.db.select().from(socialIdentities)).length;
}

async function outboxTo(to: string): Promise<number> {
  const list = (await testApp.app.inject({ url: API_PATHS.devOutbox })).json().value.list as { to: string }[];
  return list.filter((message) => message.to === to).length;
}

/** Mobile registration with a token, as the register screen sends it after a Firebase phone sign-in. */
async function registerByMobile(
  client: AccountsClient,
  mobileNum: string,
  firebaseIdToken: string,
  extra: Record<string, unknown> = {},
) {
  return client.register({
    method: 'mobile',
    mobileNum,
    countryDialingCode: '+63',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firebaseChannel: 'sms',
    firebaseIdToken,
    ...(await solvedCaptcha(client)),
    ...extra,
  });
}

beforeAll(async () => {
  issuer = await startLocalIssuer();
  testApp = await createTestApp({}, { platform: { overrides: { idTokens: issuer.social } } });
  await setFlags(testApp, { GOOGLELOGIN3: true });
});
afterAll(async () => {
  await testApp?.close();
  await issuer?.close();
});

describe('registration with a third-party ID token', () => {
  it('registers by mobile without an SMS code when the token carries the typed number, stores what it proves, and the identity signs in', async () => {
    const client = freshClient();
    const token = issuer.idToken({
      sub: 'fb-phone-1',
      phone_number: '+639301112222',
      email: 'Tala@Example.ph',
      email_verified: true,
    });
    const response = await registerByMobile(client, '9301112222', token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value.member).toMatchObject({
      mobileVerified: true,
      mobileNum: '+639•••••2222',
      emailVerified: true,
    });
    // No SMS was sent or needed.
    expect(await outboxTo('+639301112222')).toBe(0);
    const stored = await findMemberByUsername(testApp.db.db, 1, 'm9301112222');
    expect(stored).toMatchObject({
      mobile: '+639301112222',
      mobileVerified: true,
      email: 'tala@example.ph',
      emailVerified: true,
    });
    expect(await findSocialMember(testApp.db.db, 1, issuer.issuer, 'fb-phone-1')).toBe(stored!.id);

    // Later, on another phone: the 'firebase' sign-in with the same identity (no e-mail in this token).
    const phone = freshClient();
    const signedIn = await phone.login({
      type: 'firebase',
      firebaseChannel: 'sms',
      firebaseIdToken: issuer.idToken({ sub: 'fb-phone-1' }),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().value.session.userName).toBe('m9301112222');
    const history = (await phone.request('GET', API_PATHS.signInHistory)).json().value.list as {
      method: string;
      success: boolean;
    }[];
    expect(history.map((entry) => entry.method)).toEqual(['firebase', 'firebase']);
  });

  it('asks for the SMS code when the token proves another number, and accepts that code', async () => {
    const before = await countMembers(testApp.db.db);
    const client = freshClient();
    const token = issuer.idToken({ sub: 'fb-phone-2', phone_number: '+639309998888' });
    const refused = await registerByMobile(client, '9303334444', token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().value.fields).toEqual([
      expect.objectContaining({ field: 'mobileNum', message: expect.stringMatching(/not the one/) }),
    ]);
    expect(await countMembers(testApp.db.db)).toBe(before);

    expect(
      (await client.request('POST', API_PATHS.sendCode, { purpose: 'register', mobileNum: '9303334444' })).statusCode,
    ).toBe(200);
    const list = (await testApp.app.inject({ url: API_PATHS.devOutbox })).json().value.list as {
      to: string;
      body: string;
    }[];
    const code = /\b(\d{6})\b/.exec(list.find((message) => message.to === '+639303334444')!.body)![1]!;
    const registered = await registerByMobile(client, '9303334444', token, { verificationCode: code });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().value.member).toMatchObject({ mobileVerified: true, emailVerified: false });
  });

  it('registers by username with the verified e-mail of the token; an unverified or different e-mail is not marked verified', async () => {
    const client = freshClient();
    const verified = await client.register({
      username: 'gtala12345',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firebaseIdToken: issuer.idToken({ sub: 'g-mail-1', email: 'gtala@example.ph', email_verified: true }),
      ...(await solvedCaptcha(client)),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await findMemberByUsername(testApp.db.db, 1, 'gtala12345')).toMatchObject({
      email: 'gtala@example.ph',
      emailVerified: true,
      mobile: null,
    });

    const unverified = freshClient();
    expect(
      (
        await unverified.register({
          username: 'gbayan1234',
          password: PASSWORD,
          confirmPassword: PASSWORD,
          firebaseIdToken: issuer.idToken({ sub: 'g-mail-2', email: 'gbayan@example.ph', email_verified: false }),
          ...(await solvedCaptcha(unverified)),
        })
      ).statusCode,
    ).toBe(200);
    expect(await findMemberByUsername(testApp.db.db, 1, 'gbayan1234')).toMatchObject({
      email: null,
      emailVerified: false,
    });

    const other = freshClient();
    expect(
      (
        await other.register({
          username: 'gdiwa12345',
          password: PASSWORD,
          confirmPassword: PASSWORD,
          email: 'typed@example.ph',
          firebaseIdToken: issuer.idToken({ sub: 'g-mail-3', email: 'gdiwa@example.ph', email_verified: true }),
          ...(await solvedCaptcha(other)),
        })
      ).statusCode,
    ).toBe(200);
    expect(await findMemberByUsername(testApp.db.db, 1, 'gdiwa12345')).toMatchObject({
      email: 'typed@example.ph',
      emailVerified: false,
    });
    // The identity is linked whatever the e-mail.
    const signedIn = await freshClient().login({
      type: 'firebase',
      firebaseIdToken: issuer.idToken({ sub: 'g-mail-3' }),
    });
    expect(signedIn.json().value.session.userName).toBe('gdiwa12345');
  });

  it('refuses a forged, expired, foreign or malformed token with 401 and writes nothing, leaving the captcha usable', async () => {
    const before = { members: await countMembers(testApp.db.db), links: await socialCount() };
    const claims = { sub: 'bad-1', phone_number: '+639305556666', email: 'bad@example.ph', email_verified: true };
    const now = Math.floor(Date.now() / 1000);
    const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const cases: [string, string, RegExp][] = [
      ['forged signature', issuer.idToken(claims).replace(/\.[^.]+$/, '.AAAA'), /not valid/],
      ['signed by another key', issuer.idToken(claims, strangerKey), /not valid/],
      ['expired', issuer.idToken({ ...claims, iat: now - 7200, exp: now - 3600 }), /expired/],
      ['another application', issuer.idToken({ ...claims, aud: 'someone-else' }), /not valid/],
      ['another issuer', issuer.idToken({ ...claims, iss: 'https://evil.example' }), /not valid/],
      ['not a JWT', 'not-a-token', /not valid/],
    ];
    const client = freshClient();
    const captcha = await solvedCaptcha(client);
    for (const [label, token, message] of cases) {
      const response = await client.register({
        method: 'mobile',
        mobileNum: '9305556666',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firebaseChannel: 'sms',
        firebaseIdToken: token,
        ...captcha,
      });
      expect(response.statusCode, `${label}: ${response.body}`).toBe(401);
      expect(response.json()).toMatchObject({
        errorCode: ERROR_CODES.invalidCredentials,
        value: { fields: [expect.objectContaining({ field: 'firebaseIdToken' })] },
      });
      expect(response.json().message, label).toMatch(message);
    }
    expect(await countMembers(testApp.db.db)).toBe(before.members);
    expect(await socialCount()).toBe(before.links);
    // Nothing was spent: the same captcha registers with a good token.
    const good = await client.register({
      method: 'mobile',
      mobileNum: '9305556666',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firebaseChannel: 'sms',
      firebaseIdToken: issuer.idToken(claims),
      ...captcha,
    });
    expect(good.statusCode, good.body).toBe(200);
  });

  it('refuses a second registration with an identity already linked (409) and writes nothing', async () => {
    const first = freshClient();
    expect(
      (await registerByMobile(first, '9307770000', issuer.idToken({ sub: 'twice-1', phone_number: '+639307770000' })))
        .statusCode,
    ).toBe(200);
    const before = await countMembers(testApp.db.db);
    const second = freshClient();
    const again = await second.register({
      username: 'twice12345',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firebaseIdToken: issuer.idToken({ sub: 'twice-1' }),
      ...(await solvedCaptcha(second)),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().value.fields).toEqual([
      expect.objectContaining({ field: 'firebaseIdToken', message: expect.stringMatching(/already registered/) }),
    ]);
    expect(await countMembers(testApp.db.db)).toBe(before);
  });

  it('is refused (403) when neither Facebook nor Google sign-in is on, and when no verifier is configured', async () => {
    const before = await countMembers(testApp.db.db);
    const token = issuer.idToken({ sub: 'off-1', phone_number: '+639308880000' });
    await setFlags(testApp, { GOOGLELOGIN3: false, FACEBOOKLOGIN3: false });
    try {
      const off = await registerByMobile(freshClient(), '9308880000', token);
      expect(off.statusCode).toBe(403);
      expect(off.json().errorCode).toBe(ERROR_CODES.forbidden);
    } finally {
      await setFlags(testApp, { FACEBOOKLOGIN3: true });
    }
    // Facebook alone is enough.
    const facebook = await registerByMobile(freshClient(), '9308880000', token);
    expect(facebook.statusCode, facebook.body).toBe(200);
    await setFlags(testApp, { FACEBOOKLOGIN3: false });

    const unconfigured = await createTestApp({}, { platform: { overrides: { idTokens: null } } });
    try {
      await setFlags(unconfigured, { GOOGLELOGIN3: true });
      const unconfiguredBefore = await countMembers(unconfigured.db.db);
      const client = new AccountsClient(unconfigured.app, '203.0.113.250');
      const refused = await client.register({
        method: 'mobile',
        mobileNum: '9308880001',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firebaseIdToken: issuer.idToken({ sub: 'off-2', phone_number: '+639308880001' }),
        ...(await solvedCaptcha(client)),
      });
      expect(refused.statusCode).toBe(403);
      expect(await countMembers(unconfigured.db.db)).toBe(unconfiguredBefore);
    } finally {
      await unconfigured.close();
    }
    expect(await countMembers(testApp.db.db)).toBe(before + 1);
  });
});

describe('registration while the identity provider does not answer', () => {
  it('answers 503 with a try-later message, never a 500, and writes nothing', async () => {
    const silentIssuer = await startLocalIssuer();
    // The issuer signs tokens, but its key list lives at an address nothing listens on.
    const unreachable = {
      issuer: silentIssuer.social.issuer,
      verifier: createIdTokenVerifier({
        issuer: silentIssuer.social.issuer,
        jwksUrl: 'http://127.0.0.1:9/jwks',
        audience: 'palaro-web',
      }),
    };
    const app = await createTestApp({}, { platform: { overrides: { idTokens: unreachable } } });
    try {
      await setFlags(app, { GOOGLELOGIN3: true });
      const client = new AccountsClient(app.app, '203.0.113.250');
      const before = await countMembers(app.db.db);
      const response = await client.register({
        method: 'mobile',
        mobileNum: '9301119999',
        countryDialingCode: '+63',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firebaseChannel: 'sms',
        firebaseIdToken: silentIssuer.idToken({ sub: 'fb-down-1', phone_number: '+639301119999' }),
        ...(await solvedCaptcha(client)),
      });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toMatchObject({ success: false, errorCode: ERROR_CODES.upstreamUnavailable });
      expect(await countMembers(app.db.db)).toBe(before);
    } finally {
      await app.close();
      await silentIssuer.close();
    }
  });
});
