import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES, type TCaptcha, type TEncryptionKey } from '@palaro/contract';
import { generateCaptchaCode, renderCaptchaPng } from '../../platform/captcha';
import { digestsEqual, sha256Hex } from '../../platform/crypto';
import type { Db, Queryable } from '../../platform/db/database';
import { DomainError, RateLimitedError } from '../../platform/http/errors';
import { generateEncryptionKeyPair } from '../../platform/hybrid-encryption';
import { limitKey } from '../../platform/context';
import type { Logger } from '../../platform/logger';
import type { MerchantContext } from '../site/request-context';
import { CAPTCHA, CODES, ENCRYPTION_KEYS, secondsFrom, WINDOWS } from './policy';
import * as store from './store';

// ── captcha ────────────────────────────────────────────────────────────────────────────────────

export async function issueCaptcha(ctx: MerchantContext): Promise<TCaptcha> {
  const limit = await ctx.limiter.hit(limitKey(ctx, 'captcha', 'ip', ctx.ip), CAPTCHA.perIpPerMinute, WINDOWS.minute);
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds);
  const id = randomUUID();
  const code = generateCaptchaCode();
  const now = ctx.now();
  await store.insertCaptcha(ctx.db, {
    id,
    merchantId: ctx.merchant.id,
    code,
    now,
    expiresAt: secondsFrom(now, CAPTCHA.ttlSeconds),
  });
  return { captchaId: id, captcha: renderCaptchaPng(code).toString('base64') };
}

/** Constant-time over equal lengths; the length of a captcha (6) is no secret. */
function sameCode(stored: string, answer: string): boolean {
  const left = Buffer.from(stored, 'utf8');
  const right = Buffer.from(answer, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Any answer spends the captcha; a wrong, used or expired one is refused. */
export async function checkCaptcha(
  ctx: MerchantContext,
  captchaId: string | undefined,
  answer: string | undefined,
  details: Record<string, unknown> = {},
): Promise<void> {
  if (!captchaId || !answer) {
    throw new DomainError(ERROR_CODES.captchaRequired, 'Enter a captcha', {
      ...details,
      fields: [{ field: 'captcha', i18nKey: 'in_enter_captcha', message: 'Enter a captcha' }],
    });
  }
  const stored = await store.spendCaptcha(ctx.db, ctx.merchant.id, captchaId, ctx.now());
  if (stored === undefined || !sameCode(stored, answer)) {
    throw new DomainError(ERROR_CODES.captchaInvalid, 'Verification code error', details);
  }
}

// ── SMS and e-mail codes ───────────────────────────────────────────────────────────────────────

export interface CodeTarget {
  purpose: string;
  destination: string;
}

function codeHash(target: CodeTarget, code: string): string {
  return sha256Hex(`${target.purpose}:${target.destination}:${code}`);
}

/**
 * Applies the send limits before anything is written: 60 s between codes for one purpose to one
 * destination (a player who registers and at once resets the password waits for neither), a
 * daily cap per destination whatever the purpose, and one per address. A refusal changes nothing
 * but its own counter.
 */
export async function reserveSend(ctx: MerchantContext, { purpose, destination }: CodeTarget): Promise<void> {
  const { limiter } = ctx;
  const cooldownKey = limitKey(ctx, 'code', 'cooldown', purpose, destination);
  const dayKey = limitKey(ctx, 'code', 'day', destination);
  const ipKey = limitKey(ctx, 'code', 'ip', ctx.ip);
  if ((await limiter.peek(cooldownKey, CODES.resendAfterSeconds)) >= 1)
    throw new RateLimitedError(CODES.resendAfterSeconds);
  if ((await limiter.peek(dayKey, WINDOWS.day)) >= CODES.perDestinationPerDay) throw new RateLimitedError(WINDOWS.hour);
  if ((await limiter.peek(ipKey, WINDOWS.day)) >= CODES.perIpPerDay) throw new RateLimitedError(WINDOWS.hour);
  const cooldown = await limiter.hit(cooldownKey, 1, CODES.resendAfterSeconds);
  if (!cooldown.allowed) throw new RateLimitedError(cooldown.retryAfterSeconds);
  await limiter.hit(dayKey, CODES.perDestinationPerDay, WINDOWS.day);
  await limiter.hit(ipKey, CODES.perIpPerDay, WINDOWS.day);
}

/** A fresh 6-digit code from the CSPRNG, stored hashed; it replaces any open code for the target. */
export async function createCode(ctx: MerchantContext, target: CodeTarget, channel: 'sms' | 'email'): Promise<string> {
  const code = String(randomInt(0, 10 ** CODES.digits)).padStart(CODES.digits, '0');
  const now = ctx.now();
  await store.replaceCode(ctx.db, {
    merchantId: ctx.merchant.id,
    ...target,
    channel,
    codeHash: codeHash(target, code),
    now,
    expiresAt: secondsFrom(now, CODES.expiredMinutes * 60),
  });
  return code;
}

/**
 * Checks a code without spending it (so a later rule, e.g. modify.new.old.same, can still refuse
 * and the member keeps the code); a wrong try is counted. Answers the code's id for spendCheckedCode.
 */
export async function checkCode(ctx: MerchantContext, target: CodeTarget, code: string | undefined): Promise<number> {
  const open = await store.findOpenCode(ctx.db, { merchantId: ctx.merchant.id, ...target }, ctx.now());
  const wrong = () =>
    new DomainError(ERROR_CODES.codeInvalid, 'Verification code error', {
      fields: [
        { field: 'verificationCode', i18nKey: 'in_verification_code_error', message: 'Verification code error' },
      ],
    });
  if (!open || !code) throw wrong();
  if (!digestsEqual(open.codeHash, codeHash(target, code))) {
    await store.recordWrongCode(ctx.db, open.id, CODES.maxAttempts, ctx.now());
    throw wrong();
  }
  return open.id;
}

/** Spends a checked code inside the caller's transaction; a code spent meanwhile is refused. */
export async function spendCheckedCode(q: Queryable, ctx: MerchantContext, codeId: number): Promise<void> {
  if (!(await store.spendCode(q, codeId, ctx.now()))) {
    throw new DomainError(ERROR_CODES.codeInvalid, 'Verification code error');
  }
}

// ── encryption keys ────────────────────────────────────────────────────────────────────────────

/**
 * The public key clients encrypt with. A key pair takes seconds to make on a busy machine, so no
 * request waits for one that could have been made ahead: `prepare` makes the first at start-up,
 * before the server listens, and a key in its last hour has its successor made in the
 * background. A replica makes one pair at a time; two replicas making one at once each insert
 * theirs, and a client holding the one retired first still decrypts through the grace period.
 */
export class EncryptionKeys {
  private making: Promise<TEncryptionKey> | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly log: Logger,
  ) {}

  async current(): Promise<TEncryptionKey> {
    const active = await store.newestActiveKey(this.db);
    const ageSeconds = active ? (this.now().getTime() - active.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
    if (!active || ageSeconds >= ENCRYPTION_KEYS.rotateAfterSeconds) return this.renew();
    if (ageSeconds >= ENCRYPTION_KEYS.rotateAfterSeconds - ENCRYPTION_KEYS.renewAheadSeconds) this.renewInBackground();
    return { keyId: active.keyId, publicKey: active.publicKey };
  }

  /**
   * At start-up: makes the first key pair unless a usable one is stored, and answers once it is
   * made or after `ENCRYPTION_KEYS.startUpWaitMs`, whichever comes first (it goes on being made).
   */
  prepare(): Promise<void> {
    const made = this.current().then(
      () => undefined,
      (error: unknown) => {
        this.log.warn({ err: error }, 'the encryption key could not be prepared; the first request for it tries again');
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ENCRYPTION_KEYS.startUpWaitMs).unref();
    });
    return Promise.race([made, waited]).finally(() => clearTimeout(timer));
  }

  /** Waits for a key pair being made (closing the app must not leave one writing to a closed database). */
  async settled(): Promise<void> {
    await this.making?.catch(() => undefined);
  }

  private renewInBackground(): void {
    this.renew().catch((error: unknown) =>
      this.log.warn({ err: error }, 'the next encryption key could not be made; the next request tries again'),
    );
  }

  private renew(): Promise<TEncryptionKey> {
    this.making ??= (async () => {
      const pair = await generateEncryptionKeyPair();
      await this.db.transaction((tx) => store.insertKeyRetiringOthers(tx, { ...pair, now: this.now() }));
      return { keyId: pair.keyId, publicKey: pair.publicKey };
    })().finally(() => {
      this.making = null;
    });
    return this.making;
  }
}

export function privateKeyLookup(db: Db, now: Date) {
  return (keyId: string) => store.usablePrivateKey(db, keyId, secondsFrom(now, -ENCRYPTION_KEYS.graceSeconds));
}
