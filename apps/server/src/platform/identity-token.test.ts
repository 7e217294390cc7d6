import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdTokenError, createIdTokenVerifier } from './identity-token';

/** A local OpenID issuer: keys generated here, JWKS served over HTTP, tokens signed by the test. */
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const rotated = generateKeyPairSync('rsa', { modulusLength: 2048 });

const ISSUER = 'https://accounts.example.test';
const AUDIENCE = 'palaro-web-client';

let server: Server;
let jwksUrl: string;
let jwksRequests = 0;
let published: Array<{ kid: string; key: KeyObject; alg: string; use?: string }>;

beforeAll(async () => {
  server = createServer((request, response) => {
    jwksRequests += 1;
    if (request.url !== '/jwks.json') {
      response.writeHead(404).end();
      return;
    }
    const keys = published.map(({ kid, key, alg, use }) => ({ ...key.export({ format: 'jwk' }), kid, alg, use }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  vi.useRealTimers();
});

beforeEach(() => {
  jwksRequests = 0;
  published = [
    { kid: 'rsa-1', key: rsa.publicKey, alg: 'RS256', use: 'sig' },
    { kid: 'ec-1', key: ec.publicKey, alg: 'ES256', use: 'sig' },
  ];
});

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

function claims(overrides: Record<string, unknown> = {}) {
  return {
    iss: ISSUER,
    aud: AUDIENCE,
    sub: '1098765432',
    iat: nowSeconds() - 10,
    exp: nowSeconds() + 3600,
    email: 'maria@example.ph',
    email_verified: true,
    name: 'Maria Santos',
    ...overrides,
  };
}

function signToken(payload: object, options: { alg?: string; kid?: string; key?: KeyObject } = {}): string {
  const alg = options.alg ?? 'RS256';
  const signingInput = `${encode({ alg, kid: options.kid ?? 'rsa-1', typ: 'JWT' })}.${encode(payload)}`;
  const key = options.key ?? rsa.privateKey;
  const signature =
    alg === 'ES256'
      ? sign('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' })
      : sign('sha256', Buffer.from(signingInput), key);
  return `${signingInput}.${signature.toString('base64url')}`;
}

function verifier(overrides: Partial<Parameters<typeof createIdTokenVerifier>[0]> = {}) {
  return createIdTokenVerifier({ issuer: ISSUER, jwksUrl, audience: AUDIENCE, ...overrides });
}

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IdTokenError);
  return (error as IdTokenError).reason;
}

describe('createIdTokenVerifier', () => {
  it('accepts a valid RS256 token and returns its identity', async () => {
    await expect(verifier().verify(signToken(claims({ phone_number: '+639171234567' })))).resolves.toEqual({
      subject: '1098765432',
      email: 'maria@example.ph',
      emailVerified: true,
      phoneNumber: '+639171234567',
      name: 'Maria Santos',
    });
  });

  it('accepts a valid ES256 token and an audience list', async () => {
    const token = signToken(claims({ aud: ['other', AUDIENCE], email: undefined, email_verified: 'false', name: '' }), {
      alg: 'ES256',
      kid: 'ec-1',
      key: ec.privateKey,
    });
    await expect(verifier().verify(token)).resolves.toEqual({
      subject: '1098765432',
      email: null,
      emailVerified: false,
      phoneNumber: null,
      name: null,
    });
  });

  it('refuses an expired token, but allows 60 s of clock skew', async () => {
    expect(await reason(verifier().verify(signToken(claims({ exp: nowSeconds() - 61 }))))).toBe('expired');
    await expect(verifier().verify(signToken(claims({ exp: nowSeconds() - 30 })))).resolves.toMatchObject({
      subject: '1098765432',
    });
  });

  it('refuses a token not valid yet or issued in the future', async () => {
    expect(await reason(verifier().verify(signToken(claims({ nbf: nowSeconds() + 120 }))))).toBe('not_yet_valid');
    expect(await reason(verifier().verify(signToken(claims({ iat: nowSeconds() + 120 }))))).toBe('not_yet_valid');
    await expect(verifier().verify(signToken(claims({ nbf: nowSeconds() + 30 })))).resolves.toBeDefined();
  });

  it('refuses the wrong audience and the wrong issuer', async () => {
    expect(await reason(verifier().verify(signToken(claims({ aud: 'someone-else' }))))).toBe('wrong_audience');
    expect(await reason(verifier().verify(signToken(claims({ aud: undefined }))))).toBe('wrong_audience');
    expect(await reason(verifier().verify(signToken(claims({ iss: 'https://evil.example' }))))).toBe('wrong_issuer');
  });

  it('refuses a bad signature: altered claims or a key the issuer does not hold', async () => {
    const token = signToken(claims());
    const [header, , signature] = token.split('.');
    const forged = `${header}.${encode(claims({ sub: 'admin' }))}.${signature}`;
    expect(await reason(verifier().verify(forged))).toBe('bad_signature');
    expect(await reason(verifier().verify(signToken(claims(), { key: stranger.privateKey })))).toBe('bad_signature');
  });

  it('refuses alg none and HS256 without fetching keys, and an RSA key used as ES256', async () => {
    const check = verifier();
    const none = `${encode({ alg: 'none', kid: 'rsa-1' })}.${encode(claims())}.`;
    expect(await reason(check.verify(none))).toBe('unsupported_algorithm');
    const hs = `${encode({ alg: 'HS256', kid: 'rsa-1' })}.${encode(claims())}.c2ln`;
    expect(await reason(check.verify(hs))).toBe('unsupported_algorithm');
    expect(jwksRequests).toBe(0);
    // The kid names an RSA key: for ES256 the issuer publishes no such key.
    const confused = signToken(claims(), { alg: 'ES256', kid: 'rsa-1', key: ec.privateKey });
    expect(await reason(check.verify(confused))).toBe('unknown_key');
    const rsaKeyClaimingEs256 = signToken(claims(), { alg: 'ES256', kid: 'rsa-1', key: rsa.privateKey });
    expect(await reason(check.verify(rsaKeyClaimingEs256))).toBe('unknown_key');
  });

  it("refuses a key whose published alg differs from the token's", async () => {
    published = [{ kid: 'rsa-1', key: rsa.publicKey, alg: 'RS512', use: 'sig' }];
    expect(await reason(verifier().verify(signToken(claims())))).toBe('unknown_key');
  });

  it('refuses an unknown kid after refetching the JWKS once', async () => {
    const check = verifier();
    await check.verify(signToken(claims()));
    expect(jwksRequests).toBe(1);
    expect(await reason(check.verify(signToken(claims(), { kid: 'nobody' })))).toBe('unknown_key');
    // The first fetch was moments ago, so the refetch is held back: forged kids cannot hammer the issuer.
    expect(jwksRequests).toBe(1);
  });

  it('caches the JWKS for its TTL and refetches on an unknown kid after rotation', async () => {
    // Only the clock is faked: the JWKS still travels over real HTTP.
    vi.useFakeTimers({ toFake: ['Date'] });
    let clock = Date.now();
    const check = verifier({ jwksTtlMs: 10 * 60_000 });
    const token = signToken(claims({ iat: Math.floor(clock / 1000), exp: Math.floor(clock / 1000) + 86_400 }));
    await check.verify(token);
    await check.verify(token);
    expect(jwksRequests).toBe(1);

    published.push({ kid: 'rsa-2', key: rotated.publicKey, alg: 'RS256' });
    clock += 31_000;
    vi.setSystemTime(clock);
    const rotatedToken = signToken(claims({ iat: Math.floor(clock / 1000), exp: Math.floor(clock / 1000) + 86_400 }), {
      kid: 'rsa-2',
      key: rotated.privateKey,
    });
    await expect(check.verify(rotatedToken)).resolves.toMatchObject({ subject: '1098765432' });
    expect(jwksRequests).toBe(2);

    clock += 10 * 60_000;
    vi.setSystemTime(clock);
    await check.verify(signToken(claims({ iat: Math.floor(clock / 1000), exp: Math.floor(clock / 1000) + 60 })));
    expect(jwksRequests).toBe(3);
  });

  it('shares one JWKS fetch between concurrent verifications', async () => {
    const check = verifier();
    await Promise.all(Array.from({ length: 5 }, () => check.verify(signToken(claims()))));
    expect(jwksRequests).toBe(1);
  });

  it('refuses malformed tokens without fetching keys', async () => {
    const check = verifier();
    for (const token of [
      '',
      'abc',
      'a.b',
      'a.b.c.d',
      '!!.e30.sig',
      `${encode({ alg: 'RS256', kid: 'rsa-1' })}.${encode(claims())}.!!`,
      `${encode({ alg: 'RS256', kid: 'rsa-1' })}.bm90IGpzb24.sig`,
      'x'.repeat(20_000),
    ]) {
      expect(await reason(check.verify(token))).toBe('malformed');
    }
    expect(await reason(check.verify(`${encode({ alg: 'RS256' })}.${encode(claims())}.sig`))).toBe('unknown_key');
    expect(jwksRequests).toBe(0);
  });

  it('requires sub, exp and iat', async () => {
    expect(await reason(verifier().verify(signToken(claims({ sub: undefined }))))).toBe('missing_claim');
    expect(await reason(verifier().verify(signToken(claims({ exp: undefined }))))).toBe('missing_claim');
    expect(await reason(verifier().verify(signToken(claims({ iat: undefined }))))).toBe('missing_claim');
  });

  it('ignores encryption keys in the JWKS', async () => {
    published = [{ kid: 'rsa-1', key: rsa.publicKey, alg: 'RS256', use: 'enc' }];
    expect(await reason(verifier().verify(signToken(claims())))).toBe('unknown_key');
  });

  it('reports an unreachable or broken JWKS as jwks_unavailable', async () => {
    expect(await reason(verifier({ jwksUrl: 'http://127.0.0.1:1/jwks.json' }).verify(signToken(claims())))).toBe(
      'jwks_unavailable',
    );
    expect(
      await reason(verifier({ jwksUrl: jwksUrl.replace('jwks.json', 'missing') }).verify(signToken(claims()))),
    ).toBe('jwks_unavailable');
    const notJwks = (async () => new Response(JSON.stringify({ nope: true }))) as typeof fetch;
    expect(await reason(verifier({ fetchImpl: notJwks }).verify(signToken(claims())))).toBe('jwks_unavailable');
  });
});
