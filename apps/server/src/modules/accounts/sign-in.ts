import { ERROR_CODES, fieldError } from '@palaro/contract';
import { ZLoginRequest } from '@palaro/contract/schemas';
import type { z } from 'zod';
import { generateToken, sha256Hex } from '../../platform/crypto';
import { DomainError } from '../../platform/http/errors';
import { hashPassword, needsRehash, verifyPassword } from '../../platform/password-hashing';
import type { MerchantContext } from '../site/request-context';
import { checkCaptcha, checkCode, spendCheckedCode } from './codes';
import { featureOff, flagOn } from './feature-flags';
import { toE164 } from './phone-numbers';
import type { MemberRow } from './schema';
import { assertSide, openSession, type IssuedSession } from './sessions';
import { recordSignIn } from './sign-in-history';
import {
  admitPasswordTry,
  assertSignInAllowed,
  clearSignInFailures,
  countSignInFailure,
  passwordAccount,
  rememberDevice,
  throttleFor,
} from './sign-in-throttle';
import { memberProvenBySocialToken, socialSignIn } from './social-sign-in';
import * as store from './store';
import { invalidFields } from './validation';

/** Signing in by password, SMS code or third-party ID token, under the sign-in throttle; a session is opened for the member it proves. */

type LoginInput = z.output<typeof ZLoginRequest>;

/** Verified against when the account does not exist, so a miss costs the same time as a wrong password. */
let decoyHash: Promise<string> | null = null;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(generateToken());
  return decoyHash;
}

function invalidCredentials(): DomainError {
  return new DomainError(ERROR_CODES.invalidCredentials, 'User does not exist or the password is wrong', {
    captcha: true,
  });
}

/** A user name made only of digits that could be a mobile number (the contract's ZMobileNum). */
const MOBILE_NUMBER = /^\d{4,20}$/;

/**
 * What a sign-in names. `account` keys its limits: the resolved member's user name when a
 * username sign-in finds one (so a number and the name share one failure count and lock), the typed
 * identifier otherwise. `tried` is what the sign-in history records for a failure.
 */
interface Claim {
  account: string;
  tried: string;
  /** username sign-in: the member the name or number resolves to. */
  named?: MemberRow | undefined;
}

/**
 * The member a username sign-in names. A name of digits is first taken as a mobile number (with
 * countryDialingCode, default the merchant's): the member whose registered or verified number it is
 * (spec §7: after set-password-by-phone the client signs in with the number and the new password).
 * Failing that it is a user name, since user names may be all digits too.
 */
async function memberNamed(
  ctx: MerchantContext,
  typed: string,
  dialingCode: string | undefined,
): Promise<MemberRow | undefined> {
  if (MOBILE_NUMBER.test(typed)) {
    const byMobile = await store.findMemberByMobile(ctx.db, ctx.merchant.id, toE164(ctx, dialingCode, typed));
    if (byMobile) return byMobile;
  }
  return store.findMemberByUsername(ctx.db, ctx.merchant.id, typed);
}

/** The account a sign-in names, for its limits; checks the method's own fields. */
async function claimOf(ctx: MerchantContext, input: LoginInput): Promise<Claim> {
  if (input.type === 'username') {
    const missing = [!input.username && 'username', !input.password && 'password'].filter((field): field is string =>
      Boolean(field),
    );
    if (missing.length > 0) throw invalidFields(missing.map(fieldError));
    const typed = input.username!.toLowerCase();
    const named = await memberNamed(ctx, typed, input.countryDialingCode);
    return { account: passwordAccount(named?.username ?? typed), tried: typed, named };
  }
  if (input.type === 'sms') {
    if (!flagOn(ctx, 'MOBILEVERFLOGIN3')) throw featureOff();
    const missing = [!input.mobileNum && 'mobileNum', !input.verificationCode && 'verificationCode'].filter(
      (field): field is string => Boolean(field),
    );
    if (missing.length > 0) throw invalidFields(missing.map(fieldError));
    const mobile = toE164(ctx, input.countryDialingCode, input.mobileNum!);
    return { account: `p:${mobile}`, tried: mobile };
  }
  socialSignIn(ctx);
  if (!input.firebaseIdToken) throw invalidFields([fieldError('firebaseIdToken')]);
  const account = `s:${sha256Hex(input.firebaseIdToken).slice(0, 32)}`;
  return { account, tried: account.slice(2) };
}

/** The member the credentials prove, or null; never says which part was wrong. */
async function memberForCredentials(ctx: MerchantContext, input: LoginInput, claim: Claim): Promise<MemberRow | null> {
  const merchantId = ctx.merchant.id;
  if (input.type === 'username') {
    const member = claim.named;
    // An unknown name or number costs the same time as a wrong password.
    const ok = await verifyPassword(member?.passwordHash ?? (await decoy()), input.password!);
    if (!member || !member.passwordHash || !ok) return null;
    if (needsRehash(member.passwordHash))
      await store.updateMember(ctx.db, merchantId, member.id, { passwordHash: await hashPassword(input.password!) });
    return member;
  }
  if (input.type === 'sms') {
    const mobile = claim.tried;
    let codeId: number;
    try {
      codeId = await checkCode(ctx, { purpose: 'login', destination: mobile }, input.verificationCode);
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
    const member = await store.findMemberByMobile(ctx.db, merchantId, mobile);
    if (!member) return null;
    await spendCheckedCode(ctx.db, ctx, codeId);
    return member;
  }
  return memberProvenBySocialToken(ctx, input.firebaseIdToken!);
}

/**
 * Signs in by password, SMS code or ID token. `knownDeviceMarker` is the device's known-device
 * cookie: a device the member signed in on before is throttled by its own failures only.
 */
export async function signIn(
  ctx: MerchantContext,
  payload: unknown,
  knownDeviceMarker: string | null,
): Promise<IssuedSession> {
  const input = parseLogin(payload);
  const claim = await claimOf(ctx, input);
  const throttle = await throttleFor(ctx, {
    account: claim.account,
    password: input.type === 'username',
    member: claim.named,
    marker: knownDeviceMarker,
  });
  const { captchaNeeded } = await assertSignInAllowed(ctx, throttle);
  if (captchaNeeded) await checkCaptcha(ctx, input.captchaId, input.captcha, { captcha: true });
  await admitPasswordTry(ctx, throttle);

  const member = await memberForCredentials(ctx, input, claim);
  if (!member) {
    await countSignInFailure(ctx, throttle);
    await recordSignIn(ctx, null, claim.tried, input.type, false);
    throw invalidCredentials();
  }
  if (member.disabled) {
    await recordSignIn(ctx, member.id, member.username, input.type, false);
    throw new DomainError(ERROR_CODES.accountDisabled, 'User does not exist or is disabled');
  }
  assertSide(member, input.side);
  await clearSignInFailures(ctx, throttle);
  await recordSignIn(ctx, member.id, member.username, input.type, true);
  const issued = await openSession(ctx.db, ctx, member, input.rememberMe === true);
  return { ...issued, knownDeviceMarker: await rememberDevice(ctx, member, knownDeviceMarker) };
}

function parseLogin(payload: unknown): LoginInput {
  const parsed = ZLoginRequest.safeParse(payload);
  if (parsed.success) return parsed.data;
  const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.map(String).join('.') || 'request'))];
  throw invalidFields(fields.map(fieldError));
}
