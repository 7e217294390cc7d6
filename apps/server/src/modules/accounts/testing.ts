import { API_PATHS, ENCRYPTION_HEADER, encryptForServer, type TEncryptionKey } from '@palaro/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { sha256Hex } from '../../platform/crypto';
import type { Db } from '../../platform/db/database';
import { SESSION } from './policy';
import { captchas } from './schema';

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

  forget(name: string): void {
    this.cookies.delete(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  private cookieHeader(): string | undefined {
    return this.cookies.size === 0 ? undefined : [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  async request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const cookie = this.cookieHeader();
    return this.keep(
      await this.app.inject({
        method, url, remoteAddress: this.ip,
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

/** The code of the newest outbox message to a recipient. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const response = await app.inject({ url: API_PATHS.devOutbox });
  const message = (response.json().value.list as { to: string; body: string }[]).find((entry) => entry.to === to);
  expect(message, `no outbox message to ${to}`).toBeDefined();
  return /\b(\d{6})\b/.exec(message!.body)![1]!;
}

/**
 * Fetches a captcha and finds its code from the stored hash (a million candidates, about a second):
 * the image is for people, and the server keeps no plain code to peek at.
 */
export async function solvedCaptcha(client: AccountsClient, db: Db): Promise<{ captchaId: string; captcha: string }> {
  const { captchaId } = (await client.request('GET', API_PATHS.captcha)).json().value as { captchaId: string };
  const rows = await db.select().from(captchas).where(eq(captchas.id, captchaId));
  const hash = rows[0]!.codeHash;
  for (let candidate = 0; candidate < 1_000_000; candidate += 1) {
    const code = String(candidate).padStart(6, '0');
    if (sha256Hex(`${captchaId}:${code}`) === hash) return { captchaId, captcha: code };
  }
  throw new Error('captcha code not found');
}
