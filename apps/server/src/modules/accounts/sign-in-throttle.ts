import { ERROR_CODES, type TLoginFailureValue } from '@palaro/contract';
import { generateToken, sha256Hex } from '../../platform/crypto';
import { DomainError, RateLimitedError } from '../../platform/http/errors';
import { limitKey } from '../../platform/context';
import type { MerchantContext } from '../site/request-context';
import { secondsFrom, SIGN_IN, WINDOWS } from './policy';
import type { MemberRow } from './schema';
import * as store from './store';

/**
 * Sign-in throttling: growing waits per account and per known device, caps per address, captcha
 * after a failure. The numbers and the reasoning are in policy.ts (SIGN_IN) and docs/SECURITY.md.
 */

/** How long the next try must wait after `failures` failures in a row; 0 within the free ones. */
export function signInWaitSeconds(failures: number): number {
  const beyond = failures - SIGN_IN.freeFailures;
  if (beyond <= 0) return 0;
  return Math.min(SIGN_IN.maxWaitSeconds, SIGN_IN.firstWaitSeconds * 2 ** (beyond - 1));
}

/** What an attempt is throttled as: which counters it reads and which its failure moves. */
export interface SignInThrottle {
  /** The failure run of the account from devices it does not know: a captcha follows its first failure. */
  accountRun: string;
  /** Where this attempt's failures run and its wait is kept: the account's unknown devices, or this known device's own. */
  run: string;
  wait: string;
  /** The account's hourly cap on password tries from unknown devices; null for attempts it never refuses. */
  accountHour: string | null;
  ipHour: string;
  /** Password sign-ins wait between failures; SMS-code and ID-token sign-ins are bounded by their own credential. */
  waits: boolean;
  /** A device the member signed in on before: its own failures only, and no address cap. */
  knownDevice: boolean;
}

/** The throttle key of password sign-ins naming a user name (a number resolves to its member's name first). */
export function passwordAccount(username: string): string {
  return `u:${username}`;
}

/** The counters of an account's tries from devices it does not know. */
function accountKeys(ctx: MerchantContext, account: string) {
  return {
    run: limitKey(ctx, 'signin', 'run', account),
    wait: limitKey(ctx, 'signin', 'wait', account),
    hour: limitKey(ctx, 'signin', 'tries-hour', account),
  };
}

/** A marker we issued: 256 random bits, URL-safe. Anything else presented is replaced. */
const MARKER = /^[A-Za-z0-9_-]{43}$/;

async function isKnownDevice(
  ctx: MerchantContext,
  member: MemberRow | undefined,
  marker: string | null,
): Promise<boolean> {
  if (!member || !marker || !MARKER.test(marker)) return false;
  const since = secondsFrom(ctx.now(), -SIGN_IN.knownDeviceSeconds);
  return store.isKnownDevice(ctx.db, ctx.merchant.id, member.id, sha256Hex(marker), since);
}

/**
 * The throttle of an attempt on `account` (the key its claim names). `member` is the member a
 * password sign-in names, when it names one; `marker` the device's known-device cookie.
 */
export async function throttleFor(
  ctx: MerchantContext,
  attempt: { account: string; password: boolean; member?: MemberRow | undefined; marker: string | null },
): Promise<SignInThrottle> {
  const account = accountKeys(ctx, attempt.account);
  const ipHour = limitKey(ctx, 'signin', 'fail-ip', ctx.ip);
  if (attempt.password && (await isKnownDevice(ctx, attempt.member, attempt.marker))) {
    const device = accountKeys(ctx, `d:${attempt.member!.id}:${sha256Hex(attempt.marker!).slice(0, 32)}`);
    return {
      accountRun: account.run,
      ipHour,
      run: device.run,
      wait: device.wait,
      accountHour: null,
      waits: true,
      knownDevice: true,
    };
  }
  return {
    accountRun: account.run,
    ipHour,
    run: account.run,
    wait: account.wait,
    accountHour: attempt.password ? account.hour : null,
    waits: attempt.password,
    knownDevice: false,
  };
}

/** The ways in a paused sign-in offers, by the merchant's switches; a reset by e-mail is always there. */
function waysIn(ctx: MerchantContext): NonNullable<TLoginFailureValue['waysIn']> {
  const { whitelabel } = ctx.merchant;
  return [
    ...(whitelabel.MOBILEVERFLOGIN3 === true ? (['sms'] as const) : []),
    ...(whitelabel.CHNGPASSVERIF3 === true ? (['resetByPhone'] as const) : []),
    'resetByEmail',
  ];
}

function signInPaused(ctx: MerchantContext, retryAfterSeconds: number): DomainError {
  const value: TLoginFailureValue = { captcha: true, retryAfterSeconds, waysIn: waysIn(ctx) };
  return new DomainError(
    ERROR_CODES.signInPaused,
    `Too many failed sign-ins on this account, try again in ${retryAfterSeconds} seconds`,
    value,
  );
}

/** Refuses before anything is checked (address over its cap, a wait not over); says whether a captcha is needed. */
export async function assertSignInAllowed(
  ctx: MerchantContext,
  throttle: SignInThrottle,
): Promise<{ captchaNeeded: boolean }> {
  const { limiter } = ctx;
  const ipFailures = await limiter.peek(throttle.ipHour, WINDOWS.hour);
  if (!throttle.knownDevice && ipFailures >= SIGN_IN.ipFailuresPerHour) {
    throw new RateLimitedError(Math.max(1, await limiter.secondsLeft(throttle.ipHour)));
  }
  if (throttle.waits) {
    const wait = await limiter.secondsLeft(throttle.wait);
    if (wait > 0) throw signInPaused(ctx, wait);
  }
  const failuresInRun = Math.max(
    await limiter.peek(throttle.accountRun, SIGN_IN.failureRunSeconds),
    await limiter.peek(throttle.run, SIGN_IN.failureRunSeconds),
  );
  return { captchaNeeded: failuresInRun > 0 || ipFailures >= SIGN_IN.captchaAfterIpFailures };
}

/**
 * Counts a password try from an unknown device against the account's hourly cap, once its captcha
 * passed (so tries without one cannot use up the cap); over the cap it is refused unverified.
 */
export async function admitPasswordTry(ctx: MerchantContext, throttle: SignInThrottle): Promise<void> {
  if (!throttle.accountHour) return;
  const hour = await ctx.limiter.hit(throttle.accountHour, SIGN_IN.accountTriesPerHour, WINDOWS.hour);
  if (!hour.allowed) throw signInPaused(ctx, hour.retryAfterSeconds);
}

export async function countSignInFailure(ctx: MerchantContext, throttle: SignInThrottle): Promise<void> {
  const { limiter } = ctx;
  await limiter.hit(throttle.ipHour, SIGN_IN.ipFailuresPerHour, WINDOWS.hour);
  const failures = await limiter.hitAndExtend(throttle.run, SIGN_IN.failureRunSeconds);
  const wait = throttle.waits ? signInWaitSeconds(failures) : 0;
  if (wait > 0) {
    // A fresh window of exactly this wait, even if a try sent in parallel opened one meanwhile.
    await limiter.reset(throttle.wait);
    await limiter.hit(throttle.wait, 1, wait);
  }
}

/** A successful sign-in ends the run it was throttled by (a known device's own, or the account's). */
export async function clearSignInFailures(ctx: MerchantContext, throttle: SignInThrottle): Promise<void> {
  await ctx.limiter.reset(throttle.run);
  await ctx.limiter.reset(throttle.wait);
}

/**
 * After the owner set a new password (by SMS code or e-mailed link) the failures on the account
 * were guesses at the old one: they no longer hold up the sign-in that follows.
 */
export async function forgetPasswordFailures(ctx: MerchantContext, member: MemberRow): Promise<void> {
  for (const key of Object.values(accountKeys(ctx, passwordAccount(member.username)))) await ctx.limiter.reset(key);
}

/**
 * Records a successful sign-in on this device for the member and answers the marker to (re)set in
 * its cookie: the one it presented when it is ours, else a new one.
 */
export async function rememberDevice(ctx: MerchantContext, member: MemberRow, marker: string | null): Promise<string> {
  const value = marker && MARKER.test(marker) ? marker : generateToken();
  const now = ctx.now();
  await store.recordKnownDevice(ctx.db, {
    merchantId: ctx.merchant.id,
    memberId: member.id,
    deviceHash: sha256Hex(value),
    now,
    forgetBefore: secondsFrom(now, -SIGN_IN.knownDeviceSeconds),
  });
  return value;
}
