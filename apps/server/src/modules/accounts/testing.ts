import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PATHS, ENCRYPTION_HEADER, encryptForServer, operatorPath, type TEncryptionKey } from '@palaro/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { devCaptchaPath } from '@palaro/contract/schemas';
import { expect } from 'vitest';
import { createIdTokenVerifier } from '../../platform/identity-token';
import { MemoryRateLimiter } from '../../platform/rate-limit';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { eq } from 'drizzle-orm';
import { announceChange } from '../../platform/cache/change-feed';
import type { Db } from '../../platform/db/database';
import { SESSION } from './policy';
import { members, type MemberRow } from './schema';
import { memberTopic } from './session-cache';
import type { SocialSignIn } from '../../platform/identity-token';

/** A browser-like client of the accounts API: keeps its cookies, encrypts bodies like the web app. */
export class AccountsClient {
  private cookies = new Map<string, string>();
  private key: TEncryptionKey | null = null;

  constructor(
    readonly app: FastifyInstance,
    readonly ip = '198.51.100.7',
  ) {}

  get sessionToken(): string | undefined {
    return this.cookies.get(SESSION.cookieName);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  forget(name: string): void {
    this.cookies.delete(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  private cookieHeader(): string | undefined {
    return this.cookies.size === 0
      ? undefined
      : [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const cookie = this.cookieHeader();
    return this.keep(
      await this.app.inject({
        method,
        url,
        remoteAddress: this.ip,
        headers: { 'user-agent': 'vitest-phone', ...(cookie ? { cookie } : {}), ...headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    );
  }

  async encrypted(method: 'POST' | 'PUT', url: string, payload: unknown) {
    this.key ??= (await this.request('GET', API_PATHS.encryptionKey)).json().value as TEncryptionKey;
    const sealed = await encryptForServer(payload, this.key);
    return this.request(method, url, sealed.body, { [ENCRYPTION_HEADER]: sealed.header });
  }

  login(payload: Record<string, unknown>) {
    return this.encrypted('POST', API_PATHS.login, { type: 'username', ...payload });
  }

  register(payload: Record<string, unknown>) {
    return this.encrypted('PUT', API_PATHS.register, { registerMethod: 'H5', type: 0, method: 'username', ...payload });
  }
}

/**
 * The app on one clock for sessions, codes and counters (so a test can move time forward), with
 * SMS sign-in and reset by phone switched on (the demo merchant leaves them off).
 */
export async function createClockedTestApp(now: () => Date): Promise<TestApp> {
  const testApp = await createTestApp(
    {},
    { platform: { overrides: { now, limiter: new MemoryRateLimiter(() => now().getTime()) } } },
  );
  const flags = await testApp.app.inject({
    method: 'PATCH',
    url: operatorPath(API_PATHS.operatorFlags, 'PALARO'),
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    payload: { whitelabel: { MOBILEVERFLOGIN3: true, CHNGPASSVERIF3: true } },
  });
  expect(flags.statusCode).toBe(200);
  return testApp;
}

/** The code of the newest outbox message to a recipient. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const response = await app.inject({ url: API_PATHS.devOutbox });
  const message = (response.json().value.list as { to: string; body: string }[]).find((entry) => entry.to === to);
  expect(message, `no outbox message to ${to}`).toBeDefined();
  return /\b(\d{6})\b/.exec(message!.body)![1]!;
}

/** Fetches a captcha and reads its code from GET /dev/captcha, as a browser test would. */
export async function solvedCaptcha(client: AccountsClient): Promise<{ captchaId: string; captcha: string }> {
  const { captchaId } = (await client.request('GET', API_PATHS.captcha)).json().value as { captchaId: string };
  const response = await client.request('GET', devCaptchaPath(captchaId));
  expect(response.statusCode, response.body).toBe(200);
  return { captchaId, captcha: (response.json().value as { code: string }).code };
}

/**
 * A local OpenID issuer for social sign-in tests: an RSA key, its JWKS served on 127.0.0.1 and a
 * verifier configured against it exactly as SOCIAL_ID_* configure the real one (no internet).
 */
export interface LocalIssuer {
  issuer: string;
  audience: string;
  /** What the platform context's idTokens is set to. */
  social: SocialSignIn;
  /** A signed RS256 ID token: iss, aud, iat and a 10-minute exp, then `claims` on top. */
  idToken(claims: Record<string, unknown>, signingKey?: KeyObject): string;
  close(): Promise<void>;
}

export async function startLocalIssuer(
  issuer = 'https://issuer.palaro.test',
  audience = 'palaro-web',
): Promise<LocalIssuer> {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...pair.publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
  const server = createServer((_request, response) =>
    response.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [jwk] })),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
  return {
    issuer,
    audience,
    social: { issuer, verifier: createIdTokenVerifier({ issuer, jwksUrl, audience }) },
    idToken(claims, signingKey = pair.privateKey) {
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const body = `${encode({ alg: 'RS256', kid: 'k1', typ: 'JWT' })}.${encode({ iss: issuer, aud: audience, iat: now, exp: now + 600, ...claims })}`;
      return `${body}.${sign('sha256', Buffer.from(body), signingKey).toString('base64url')}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Changes a member's row as a test's setup needs (an upline, a VIP level, a type the API does not
 * change), announcing it like every writer of members does, so replicas' session caches drop it.
 */
export async function changeMemberRow(
  db: Db,
  memberId: number,
  changes: Partial<Omit<MemberRow, 'id' | 'merchantId'>>,
): Promise<void> {
  await db.update(members).set(changes).where(eq(members.id, memberId));
  await announceChange(db, memberTopic(memberId));
}
