import { randomInt } from 'node:crypto';
import {
  ERROR_CODES,
  ERROR_I18N_KEYS,
  fieldError,
  MEMBER_TYPES,
  type RegistrationField,
  type TMemberInfo,
  type TSendCodeResult,
  type TSignInRecord,
} from '@palaro/contract';
import type {
  ZAffiliateCheck,
  ZBindEmailRequest,
  ZBindMobileRequest,
  ZChangePasswordRequest,
  ZForgotByEmailRequest,
  ZPaymentPasswordRequest,
  ZResetByEmailRequest,
  ZResetByPhoneRequest,
  ZResetLinkCheckRequest,
  ZSendCodeRequest,
} from '@palaro/contract/schemas';
import { ZLoginRequest, ZRegisterRequest } from '@palaro/contract/schemas';
import type { z } from 'zod';
import { transactionAnnouncing } from '../../platform/cache/change-feed';
import { generateToken, sha256Hex } from '../../platform/crypto';
import type { Queryable, Tx } from '../../platform/db/database';
import { DomainError, RateLimitedError } from '../../platform/http/errors';
import { IdTokenError, type IdTokenClaims } from '../../platform/identity-token';
import { MessageDeliveryError } from '../../platform/messaging';
import { hashPassword, needsRehash, verifyPassword } from '../../platform/password-hashing';
import { checkCaptcha, checkCode, createCode, reserveSend, spendCheckedCode } from './codes';
import {
  admitPasswordTry,
  assertSignInAllowed,
  clearSignInFailures,
  countSignInFailure,
  forgetPasswordFailures,
  passwordAccount,
  rememberDevice,
  throttleFor,
} from './sign-in-throttle';
import { limitKey } from '../../platform/context';
import type { MerchantContext } from '../site/request-context';
import {
  AFFILIATE_CHECKS,
  CODES,
  PASSWORD_CHECKS,
  REGISTRATION,
  RESET_LINK,
  secondsFrom,
  SIGN_IN_HISTORY_SIZE,
  TRIAL,
  WINDOWS,
} from './policy';
import type { SocialSignIn } from '../../platform/identity-token';
import { endMemberCredentials } from './members';
import type { MemberRow } from './schema';
import { assertNotTrial, assertSide, openSession, toMemberInfo, type IssuedSession } from './sessions';
import * as store from './store';
import {
  applyRegistrationRules,
  invalidFields,
  isEmail,
  matchesRule,
  ruleFor,
  type RegistrationValues,
} from './validation';

type LoginInput = z.output<typeof ZLoginRequest>;

/** Verified against when the account does not exist, so a miss costs the same time as a wrong password. */
let decoyHash: Promise<string> | null = null;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(generateToken());
  return decoyHash;
}

function flagOn(ctx: MerchantContext, flag: keyof MerchantContext['merchant']['whitelabel']): boolean {
  return ctx.merchant.whitelabel[flag] === true;
}

function featureOff(): DomainError {
  return new DomainError(ERROR_CODES.forbidden, 'No permission or feature temporarily unavailable');
}

/**
 * The configured ID-token issuer, when the merchant offers Facebook or Google sign-in (spec §2:
 * FACEBOOKLOGIN3, GOOGLELOGIN3) and a verifier is configured; 403 otherwise. Sign-in and
 * registration both go through it.
 */
function socialSignIn(ctx: MerchantContext): SocialSignIn {
  if (!flagOn(ctx, 'FACEBOOKLOGIN3') && !flagOn(ctx, 'GOOGLELOGIN3')) throw featureOff();
  if (!ctx.idTokens) throw featureOff();
  return ctx.idTokens;
}

/** Dialing code (one of the merchant's) and number → E.164 as stored, e.g. +639171234567. */
function toE164(ctx: MerchantContext, dialingCode: string | undefined, number: string): string {
  const registration = ctx.merchant.registration;
  const code = dialingCode ?? registration.defaultCountryDialingCode;
  if (!registration.countryDialingCodes.includes(code)) throw invalidFields([fieldError('countryDialingCode')]);
  return `${code}${number.replace(/^0+/, '')}`;
}

async function recordSignIn(
  ctx: MerchantContext,
  memberId: number | null,
  usernameTried: string,
  method: string,
  success: boolean,
): Promise<void> {
  await store.insertSignInEvent(ctx.db, {
    merchantId: ctx.merchant.id,
    memberId,
    usernameTried: usernameTried.slice(0, 64),
    method,
    success,
    ip: ctx.ip,
    device: ctx.device,
    at: ctx.now(),
  });
}

// ── sign-in ────────────────────────────────────────────────────────────────────────────────────

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
  const social = socialSignIn(ctx);
  let claims;
  try {
    claims = await social.verifier.verify(input.firebaseIdToken!);
  } catch (error) {
    if (error instanceof IdTokenError) return null;
    throw error;
  }
  const linked = await store.findSocialMember(ctx.db, merchantId, social.issuer, claims.subject);
  if (linked !== undefined) return (await store.findMemberById(ctx.db, merchantId, linked)) ?? null;
  const byEmail =
    claims.email && claims.emailVerified
      ? await store.findMemberByVerifiedEmail(ctx.db, merchantId, claims.email.toLowerCase())
      : undefined;
  if (!byEmail) return null;
  await store.linkSocialIdentity(ctx.db, {
    merchantId,
    issuer: social.issuer,
    subject: claims.subject,
    memberId: byEmail.id,
  });
  return byEmail;
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

// ── registration ───────────────────────────────────────────────────────────────────────────────

type RegisterInput = z.output<typeof ZRegisterRequest>;

const PROFILE_FIELDS = [
  'idNumber',
  'qqNum',
  'facebook',
  'wechat',
  'line',
  'whatsapp',
  'zalo',
  'recommenderId',
] as const;

function registrationValues(input: RegisterInput): RegistrationValues {
  const values: RegistrationValues = {};
  const fields: RegistrationField[] = [
    'username',
    'password',
    'paymentPassword',
    'idNumber',
    'qqNum',
    'facebook',
    'wechat',
    'line',
    'whatsapp',
    'zalo',
    'email',
    'nickname',
    'payeeName',
    'mobileNum',
    'verificationCode',
    'recommenderId',
    'affiliateCode',
  ];
  for (const field of fields) {
    const value = input[field];
    if (typeof value === 'string' && value !== '')
      values[field] = field === 'username' || field === 'email' ? value.toLowerCase() : value;
  }
  return values;
}

async function uniqueUsernameFromMobile(ctx: MerchantContext, mobileNum: string): Promise<string> {
  const base = `m${mobileNum.replace(/\D/g, '').slice(-10)}`;
  if (!(await store.findMemberByUsername(ctx.db, ctx.merchant.id, base))) return base;
  return `${base}${randomInt(100, 1000)}`;
}

interface SocialIdentity {
  issuer: string;
  claims: IdTokenClaims;
}

/**
 * Verifies a registration's third-party ID token with the sign-in's verifier. A token that is
 * forged, expired, for another application or from another issuer is a 401 naming the field.
 */
async function verifiedSocialIdentity(ctx: MerchantContext, idToken: string): Promise<SocialIdentity> {
  const social = socialSignIn(ctx);
  try {
    return { issuer: social.issuer, claims: await social.verifier.verify(idToken) };
  } catch (error) {
    if (!(error instanceof IdTokenError)) throw error;
    if (error.reason === 'jwks_unavailable') {
      throw new DomainError(
        ERROR_CODES.upstreamUnavailable,
        'Facebook or Google sign-in cannot be checked right now, try again later',
      );
    }
    const message =
      error.reason === 'expired'
        ? 'Your Facebook or Google sign-in has expired, sign in with it again'
        : 'Your Facebook or Google sign-in is not valid, sign in with it again';
    throw new DomainError(ERROR_CODES.invalidCredentials, message, {
      reason: error.reason,
      fields: [{ field: 'firebaseIdToken', i18nKey: ERROR_I18N_KEYS[ERROR_CODES.invalidCredentials], message }],
    });
  }
}

/** E.164 as ID tokens carry it (Firebase: "+639171234567"); separators some issuers add are dropped. */
function normalisePhone(phone: string): string {
  return phone.replace(/[\s().-]/g, '');
}

/**
 * What a verified token proves about the form: the typed number (with its dialing code) when the
 * token carries the same one, and its e-mail when the issuer verified it and the form names no other.
 */
function provenBySocial(
  claims: IdTokenClaims,
  mobile: string | null,
  typedEmail: string | null,
): { mobile: boolean; email: string | null } {
  const tokenEmail = claims.email && claims.emailVerified ? claims.email.toLowerCase() : null;
  return {
    mobile: mobile !== null && claims.phoneNumber !== null && normalisePhone(claims.phoneNumber) === mobile,
    email:
      tokenEmail !== null && isEmail(tokenEmail) && (typedEmail === null || typedEmail === tokenEmail)
        ? tokenEmail
        : null,
  };
}

function socialIdentityTaken(): DomainError {
  const message = 'This Facebook or Google account is already registered, sign in with it instead';
  return new DomainError(ERROR_CODES.usernameTaken, message, {
    fields: [{ field: 'firebaseIdToken', i18nKey: ERROR_I18N_KEYS[ERROR_CODES.usernameTaken], message }],
  });
}

/** Registers and signs in; the device becomes known to the new member (see signIn). */
export async function register(
  ctx: MerchantContext,
  payload: unknown,
  knownDeviceMarker: string | null,
): Promise<IssuedSession> {
  const { limiter } = ctx;
  const ipKey = limitKey(ctx, 'register', 'ip', ctx.ip);
  if ((await limiter.peek(ipKey, WINDOWS.hour)) >= REGISTRATION.perIpPerHour) throw new RateLimitedError(WINDOWS.hour);

  const parsed = ZRegisterRequest.safeParse(payload);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.map(String).join('.') || 'request'))];
    throw invalidFields(fields.map(fieldError));
  }
  const input = parsed.data;
  if (input.method === 'username' ? !flagOn(ctx, 'USERNAMEREG3') : !flagOn(ctx, 'MOBILENUMREG3')) throw featureOff();
  // Checked before anything else is spent or written: a refused token leaves the captcha usable.
  const social = input.firebaseIdToken ? await verifiedSocialIdentity(ctx, input.firebaseIdToken) : null;

  const smsNeeded = input.method === 'mobile' || flagOn(ctx, 'REGMOBVERF3');
  const forced = new Set<RegistrationField>(['password']);
  if (input.method === 'username') forced.add('username');
  if (smsNeeded) forced.add('mobileNum');
  const extra = input.confirmPassword !== input.password ? [fieldError('confirmPassword')] : [];
  const optional = new Set<RegistrationField>(input.method === 'mobile' ? ['username'] : []);
  // A token carrying a phone number may stand in for the SMS code (checked against the number below).
  if (social?.claims.phoneNumber) optional.add('verificationCode');
  const values = applyRegistrationRules(ctx.merchant, registrationValues(input), forced, optional, extra);
  const mobile = values.mobileNum ? toE164(ctx, input.countryDialingCode, values.mobileNum) : null;
  if (values.email && !isEmail(values.email)) throw invalidFields([fieldError('email')]);
  const proven = social ? provenBySocial(social.claims, mobile, values.email ?? null) : { mobile: false, email: null };
  if (smsNeeded && mobile && social?.claims.phoneNumber && !proven.mobile && !input.verificationCode) {
    // The token proves another number: the typed one still needs its SMS code.
    throw invalidFields([
      {
        ...fieldError('mobileNum'),
        message: 'The mobile number is not the one your Facebook or Google sign-in verified',
      },
    ]);
  }
  const email = values.email ?? proven.email;

  await checkCaptcha(ctx, input.captchaId, input.captcha);
  const codeId =
    smsNeeded && mobile && !proven.mobile
      ? await checkCode(ctx, { purpose: 'register', destination: mobile }, input.verificationCode)
      : null;

  let uplineMemberId: number | null = null;
  if (values.affiliateCode) {
    uplineMemberId =
      (await store.findAffiliateUpline(ctx.db, ctx.merchant.id, values.affiliateCode.toUpperCase())) ?? null;
    if (uplineMemberId === null)
      throw new DomainError(ERROR_CODES.affiliateInvalid, 'Invalid invitation code', {
        fields: [fieldError('affiliateCode')],
      });
  }
  const username = values.username ?? (await uniqueUsernameFromMobile(ctx, values.mobileNum!));
  if (await store.findMemberByUsername(ctx.db, ctx.merchant.id, username)) {
    throw new DomainError(ERROR_CODES.usernameTaken, 'Username already exists', { fields: [fieldError('username')] });
  }
  if (mobile && (await store.findMemberByMobile(ctx.db, ctx.merchant.id, mobile))) {
    throw new DomainError(ERROR_CODES.mobileTaken, 'This mobile number is already registered', {
      fields: [fieldError('mobileNum')],
    });
  }
  if (
    social &&
    (await store.findSocialMember(ctx.db, ctx.merchant.id, social.issuer, social.claims.subject)) !== undefined
  ) {
    throw socialIdentityTaken();
  }

  const passwordHash = await hashPassword(values.password!);
  const paymentPasswordHash = values.paymentPassword ? await hashPassword(values.paymentPassword) : null;
  const profile = Object.fromEntries(
    PROFILE_FIELDS.filter((field) => values[field]).map((field) => [field, values[field]!]),
  );
  try {
    const issued = await ctx.db.transaction(async (tx) => {
      if (codeId !== null) await spendCheckedCode(tx, ctx, codeId);
      const member = await store.insertMember(tx, {
        merchantId: ctx.merchant.id,
        username,
        mobile,
        mobileVerified: codeId !== null || proven.mobile,
        email,
        emailVerified: email !== null && email === proven.email,
        passwordHash,
        paymentPasswordHash,
        type: MEMBER_TYPES.member,
        nickname: values.nickname ?? null,
        payeeName: values.payeeName ?? null,
        profile,
        affiliateCode: values.affiliateCode?.toUpperCase() ?? null,
        uplineMemberId,
        registerMethod: input.registerMethod,
        registerUrl: input.registerUrl ?? null,
        domain: input.domain ?? null,
        registerIp: ctx.ip,
        createdAt: ctx.now(),
      });
      if (social) {
        // The same linking the social sign-in does; a link that went to someone else meanwhile
        // (two registrations racing with one token) rolls this one back.
        const link = { merchantId: ctx.merchant.id, issuer: social.issuer, subject: social.claims.subject };
        await store.linkSocialIdentity(tx, { ...link, memberId: member.id });
        if ((await store.findSocialMember(tx, link.merchantId, link.issuer, link.subject)) !== member.id)
          throw socialIdentityTaken();
      }
      return { member, session: await openSession(tx, ctx, member, false) };
    });
    await limiter.hit(ipKey, REGISTRATION.perIpPerHour, WINDOWS.hour);
    await recordSignIn(ctx, issued.member.id, username, social ? 'firebase' : 'username', true);
    return { ...issued.session, knownDeviceMarker: await rememberDevice(ctx, issued.member, knownDeviceMarker) };
  } catch (error) {
    // Two registrations racing for one name or number: the unique index decides.
    if (
      (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (error as { cause?: { code?: string } }).cause?.code === '23505'
    ) {
      throw new DomainError(ERROR_CODES.usernameTaken, 'Username already exists', { fields: [fieldError('username')] });
    }
    throw error;
  }
}

export async function checkAffiliate(
  ctx: MerchantContext,
  input: z.output<typeof ZAffiliateCheck>,
): Promise<{ valid: boolean }> {
  const limit = await ctx.limiter.hit(
    limitKey(ctx, 'affiliate', 'ip', ctx.ip),
    AFFILIATE_CHECKS.perIpPerMinute,
    WINDOWS.minute,
  );
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds);
  const upline = await store.findAffiliateUpline(ctx.db, ctx.merchant.id, input.code.toUpperCase());
  return { valid: upline !== undefined };
}

// ── trial ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Gives a new trial account its play money, in the transaction that opens it. The wallet does it;
 * the module list (modules/index.ts) hands it in, so accounts never imports the wallet.
 */
export type TrialFunding = (tx: Tx, merchantId: number, memberId: number) => Promise<void>;

/** A type-4 trial member with a generated name; it has no password and can only use this session. */
export async function startTrial(
  ctx: MerchantContext,
  fundTrial: TrialFunding,
): Promise<IssuedSession & { trialName: string }> {
  const limit = await ctx.limiter.hit(limitKey(ctx, 'trial', 'ip', ctx.ip), TRIAL.perIpPerHour, WINDOWS.hour);
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds);
  return ctx.db.transaction(async (tx) => {
    let member: MemberRow | undefined;
    while (!member) {
      const username = `try${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
      if (await store.findMemberByUsername(tx, ctx.merchant.id, username)) continue;
      member = await store.insertMember(tx, {
        merchantId: ctx.merchant.id,
        username,
        type: MEMBER_TYPES.trial,
        registerMethod: 'TRIAL',
        registerIp: ctx.ip,
        createdAt: ctx.now(),
      });
    }
    await fundTrial(tx, ctx.merchant.id, member.id);
    const issued = await openSession(tx, ctx, member, false);
    return { ...issued, trialName: member.username };
  });
}

// ── verification codes ─────────────────────────────────────────────────────────────────────────

type SendCodeInput = z.output<typeof ZSendCodeRequest>;

function maskDestination(destination: string): string {
  const at = destination.indexOf('@');
  if (at > 0) return `${destination[0]}•••${destination.slice(at)}`;
  return `${destination.slice(0, 4)}${'•'.repeat(Math.max(0, destination.length - 8))}${destination.slice(-4)}`;
}

function requireMobile(ctx: MerchantContext, input: SendCodeInput): string {
  if (!input.mobileNum) throw invalidFields([fieldError('mobileNum')]);
  return toE164(ctx, input.countryDialingCode, input.mobileNum);
}

/**
 * Sends a code for a purpose. For sign-in and reset the answer is the same whether or not the
 * number belongs to someone (nothing is sent when it does not); a member with a verified e-mail
 * may ask for the code there instead (SMS to Philippine numbers often fails to arrive).
 */
export async function sendCode(
  ctx: MerchantContext,
  input: SendCodeInput,
  sessionMember: MemberRow | null,
): Promise<TSendCodeResult> {
  let destination: string;
  let channel: 'sms' | 'email' = 'sms';
  let recipient: string | null;
  let emailFallbackAvailable = false;
  const merchantId = ctx.merchant.id;

  if (input.purpose === 'register') {
    destination = requireMobile(ctx, input);
    if (await store.findMemberByMobile(ctx.db, merchantId, destination)) {
      throw new DomainError(ERROR_CODES.mobileTaken, 'This mobile number is already registered', {
        fields: [fieldError('mobileNum')],
      });
    }
    recipient = destination;
  } else if (input.purpose === 'login' || input.purpose === 'reset') {
    if (input.purpose === 'login' ? !flagOn(ctx, 'MOBILEVERFLOGIN3') : !flagOn(ctx, 'CHNGPASSVERIF3'))
      throw featureOff();
    destination = requireMobile(ctx, input);
    const member = await store.findMemberByMobile(ctx.db, merchantId, destination);
    emailFallbackAvailable = Boolean(member?.email && member.emailVerified);
    if (input.channel === 'email' && emailFallbackAvailable) {
      channel = 'email';
      recipient = member!.email;
    } else {
      recipient = member ? destination : null;
    }
  } else {
    if (!sessionMember) throw new DomainError(ERROR_CODES.unauthorised, 'Not logged in, please login first');
    assertNotTrial(sessionMember);
    if (input.purpose === 'bindMobile') {
      destination = requireMobile(ctx, input);
      if (await store.mobileTakenByOther(ctx.db, merchantId, destination, sessionMember.id)) {
        throw new DomainError(ERROR_CODES.mobileTaken, 'This mobile number is already registered', {
          fields: [fieldError('mobileNum')],
        });
      }
      recipient = destination;
    } else {
      const email = input.email?.toLowerCase();
      if (!email || !isEmail(email))
        throw new DomainError(ERROR_CODES.emailInvalid, 'E-mail format incorrect', { fields: [fieldError('email')] });
      destination = `${sessionMember.id}:${email}`;
      channel = 'email';
      recipient = email;
    }
  }

  await reserveSend(ctx, { purpose: input.purpose, destination });
  if (recipient !== null) {
    const code = await createCode(ctx, { purpose: input.purpose, destination }, channel);
    const text = `${ctx.merchant.name}: ${code} is your verification code. It expires in ${CODES.expiredMinutes} minutes. Never share it.`;
    try {
      if (channel === 'sms') await ctx.messaging.sms(ctx.merchant.id).send({ to: recipient, text });
      else
        await ctx.messaging
          .email(ctx.merchant.id)
          .send({ to: recipient, subject: `${ctx.merchant.name} verification code`, text });
    } catch (error) {
      if (error instanceof MessageDeliveryError)
        throw new DomainError(ERROR_CODES.internal, 'The message could not be sent, try again later');
      throw error;
    }
  }
  return {
    expiredMinutes: CODES.expiredMinutes,
    resendAfterSeconds: CODES.resendAfterSeconds,
    channel,
    destination: maskDestination(channel === 'email' && recipient ? recipient : destination.replace(/^\d+:/, '')),
    emailFallbackAvailable,
  };
}

// ── passwords ──────────────────────────────────────────────────────────────────────────────────

function checkNewPassword(
  ctx: MerchantContext,
  field: 'newPassword' | 'password',
  password: string,
  confirm: string,
  confirmField: string,
): void {
  const errors = [];
  const rule = ruleFor(ctx.merchant, 'password');
  if (password === '' || !matchesRule(rule, password)) errors.push(fieldError(field));
  if (confirm !== password) errors.push(fieldError(confirmField));
  if (errors.length > 0) throw invalidFields(errors);
}

/** Wrong old/login passwords in a member's own security actions are limited per member. */
async function verifyOwnPassword(
  ctx: MerchantContext,
  member: MemberRow,
  plain: string | undefined,
  hash: string | null,
  field: string,
): Promise<void> {
  const key = limitKey(ctx, 'own-password', String(member.id));
  if ((await ctx.limiter.peek(key, WINDOWS.hour)) >= PASSWORD_CHECKS.failuresPerHour)
    throw new RateLimitedError(WINDOWS.hour);
  if (!plain || !hash || !(await verifyPassword(hash, plain))) {
    if (plain) await ctx.limiter.hit(key, PASSWORD_CHECKS.failuresPerHour, WINDOWS.hour);
    throw invalidFields([fieldError(field)]);
  }
}

async function replacePassword(
  q: Queryable,
  ctx: MerchantContext,
  member: MemberRow,
  passwordHash: string,
): Promise<MemberRow> {
  const updated = await store.updateMember(q, ctx.merchant.id, member.id, { passwordHash, firstTimeLogin: false });
  await endMemberCredentials(q, ctx.merchant.id, member.id, ctx.now());
  return updated;
}

async function assertDiffersFromOld(member: MemberRow, newPassword: string): Promise<void> {
  if (member.passwordHash && (await verifyPassword(member.passwordHash, newPassword))) {
    throw new DomainError(
      ERROR_CODES.newPasswordSameAsOld,
      'The new password and the old password cannot be the same',
      { fields: [fieldError('newPassword')] },
    );
  }
}

/** Change password: every session ends, and this device gets a new one. */
export async function changePassword(
  ctx: MerchantContext,
  member: MemberRow,
  input: z.output<typeof ZChangePasswordRequest>,
): Promise<IssuedSession> {
  assertNotTrial(member);
  checkNewPassword(ctx, 'newPassword', input.newPassword, input.confirmNewPassword, 'confirmNewPassword');
  if (!member.firstTimeLogin)
    await verifyOwnPassword(ctx, member, input.oldPassword, member.passwordHash, 'oldPassword');
  await assertDiffersFromOld(member, input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  return transactionAnnouncing(ctx.db, async (tx) => {
    const updated = await replacePassword(tx, ctx, member, passwordHash);
    return openSession(tx, ctx, updated, false);
  });
}

export async function forgotByEmail(
  ctx: MerchantContext,
  input: z.output<typeof ZForgotByEmailRequest>,
  origin: string,
): Promise<void> {
  const email = input.email.toLowerCase();
  if (!isEmail(email))
    throw new DomainError(ERROR_CODES.emailInvalid, 'E-mail format incorrect', { fields: [fieldError('email')] });
  const username = input.username.toLowerCase();
  const { limiter } = ctx;
  const ipKey = limitKey(ctx, 'forgot', 'ip', ctx.ip);
  const accountKey = limitKey(ctx, 'forgot', 'account', username);
  if (
    (await limiter.peek(ipKey, WINDOWS.hour)) >= RESET_LINK.perIpPerHour ||
    (await limiter.peek(accountKey, WINDOWS.hour)) >= RESET_LINK.perAccountPerHour
  ) {
    throw new RateLimitedError(WINDOWS.hour);
  }
  await limiter.hit(ipKey, RESET_LINK.perIpPerHour, WINDOWS.hour);
  await limiter.hit(accountKey, RESET_LINK.perAccountPerHour, WINDOWS.hour);
  const member = await store.findMemberByUsername(ctx.db, ctx.merchant.id, username);
  // The same answer either way: whether an account exists is not the caller's business.
  if (!member || member.disabled || member.type === MEMBER_TYPES.trial || member.email !== email) return;
  const token = generateToken();
  const now = ctx.now();
  await store.insertResetToken(ctx.db, {
    tokenHash: sha256Hex(token),
    merchantId: ctx.merchant.id,
    memberId: member.id,
    now,
    expiresAt: secondsFrom(now, RESET_LINK.ttlMinutes * 60),
  });
  const link = `${origin}/m/forget?resetToken=${token}`;
  await ctx.messaging.email(ctx.merchant.id).send({
    to: email,
    subject: `${ctx.merchant.name} password reset`,
    text: `Open this link within ${RESET_LINK.ttlMinutes} minutes to choose a new password for ${member.username}: ${link}\nIf you did not ask for it, ignore this e-mail.`,
  });
}

/** Counts a reset link presented from the caller's address; over the cap it is 429 and nothing is looked up. */
async function countResetLinkUse(ctx: MerchantContext): Promise<void> {
  const limit = await ctx.limiter.hit(
    limitKey(ctx, 'reset-link', 'ip', ctx.ip),
    RESET_LINK.usesPerIpPerHour,
    WINDOWS.hour,
  );
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds);
}

/** Whether an e-mailed link of this merchant is unused and unexpired; it is not spent. */
export async function checkResetLink(
  ctx: MerchantContext,
  input: z.output<typeof ZResetLinkCheckRequest>,
): Promise<{ valid: boolean }> {
  await countResetLinkUse(ctx);
  return { valid: await store.isResetTokenLive(ctx.db, ctx.merchant.id, sha256Hex(input.token), ctx.now()) };
}

export async function resetByEmail(ctx: MerchantContext, input: z.output<typeof ZResetByEmailRequest>): Promise<void> {
  checkNewPassword(ctx, 'newPassword', input.newPassword, input.newPassword, 'newPassword');
  await countResetLinkUse(ctx);
  const passwordHash = await hashPassword(input.newPassword);
  const member = await transactionAnnouncing(ctx.db, async (tx) => {
    const memberId = await store.spendResetToken(tx, ctx.merchant.id, sha256Hex(input.token), ctx.now());
    const owner = memberId === undefined ? undefined : await store.findMemberById(tx, ctx.merchant.id, memberId);
    if (!owner) throw new DomainError(ERROR_CODES.resetLinkInvalid, 'This link has expired or was already used');
    return replacePassword(tx, ctx, owner, passwordHash);
  });
  await forgetPasswordFailures(ctx, member);
}

/** Set password by phone (spec §3): the client then signs in with the number and the new password. */
export async function resetByPhone(ctx: MerchantContext, input: z.output<typeof ZResetByPhoneRequest>): Promise<void> {
  if (!flagOn(ctx, 'CHNGPASSVERIF3')) throw featureOff();
  checkNewPassword(ctx, 'newPassword', input.newPassword, input.newPassword, 'newPassword');
  const mobile = toE164(ctx, input.countryDialingCode, input.mobileNum);
  const codeId = await checkCode(ctx, { purpose: 'reset', destination: mobile }, input.verificationCode);
  const member = await store.findMemberByMobile(ctx.db, ctx.merchant.id, mobile);
  if (!member) throw new DomainError(ERROR_CODES.codeInvalid, 'Verification code error');
  await assertDiffersFromOld(member, input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await transactionAnnouncing(ctx.db, async (tx) => {
    await spendCheckedCode(tx, ctx, codeId);
    await replacePassword(tx, ctx, member, passwordHash);
  });
  await forgetPasswordFailures(ctx, member);
}

// ── security centre ────────────────────────────────────────────────────────────────────────────

export async function bindMobile(
  ctx: MerchantContext,
  member: MemberRow,
  input: z.output<typeof ZBindMobileRequest>,
): Promise<TMemberInfo> {
  assertNotTrial(member);
  const mobile = toE164(ctx, input.countryDialingCode, input.mobileNum);
  const codeId = await checkCode(ctx, { purpose: 'bindMobile', destination: mobile }, input.verificationCode);
  if (await store.mobileTakenByOther(ctx.db, ctx.merchant.id, mobile, member.id)) {
    throw new DomainError(ERROR_CODES.mobileTaken, 'This mobile number is already registered', {
      fields: [fieldError('mobileNum')],
    });
  }
  const updated = await transactionAnnouncing(ctx.db, async (tx) => {
    await spendCheckedCode(tx, ctx, codeId);
    return store.updateMember(tx, ctx.merchant.id, member.id, { mobile, mobileVerified: true });
  });
  return toMemberInfo(updated);
}

export async function bindEmail(
  ctx: MerchantContext,
  member: MemberRow,
  input: z.output<typeof ZBindEmailRequest>,
): Promise<TMemberInfo> {
  assertNotTrial(member);
  const email = input.email.toLowerCase();
  if (!isEmail(email))
    throw new DomainError(ERROR_CODES.emailInvalid, 'E-mail format incorrect', { fields: [fieldError('email')] });
  const codeId = await checkCode(
    ctx,
    { purpose: 'bindEmail', destination: `${member.id}:${email}` },
    input.verificationCode,
  );
  const updated = await transactionAnnouncing(ctx.db, async (tx) => {
    await spendCheckedCode(tx, ctx, codeId);
    return store.updateMember(tx, ctx.merchant.id, member.id, { email, emailVerified: true });
  });
  return toMemberInfo(updated);
}

export async function setPaymentPassword(
  ctx: MerchantContext,
  member: MemberRow,
  input: z.output<typeof ZPaymentPasswordRequest>,
): Promise<TMemberInfo> {
  assertNotTrial(member);
  if (input.confirmPaymentPassword !== input.paymentPassword)
    throw invalidFields([fieldError('confirmPaymentPassword')]);
  await verifyOwnPassword(ctx, member, input.loginPassword, member.passwordHash, 'loginPassword');
  if (member.paymentPasswordHash)
    await verifyOwnPassword(ctx, member, input.oldPaymentPassword, member.paymentPasswordHash, 'oldPaymentPassword');
  const updated = await store.updateMember(ctx.db, ctx.merchant.id, member.id, {
    paymentPasswordHash: await hashPassword(input.paymentPassword),
  });
  return toMemberInfo(updated);
}

export async function signInHistory(ctx: MerchantContext, member: MemberRow): Promise<{ list: TSignInRecord[] }> {
  assertNotTrial(member);
  const rows = await store.latestSignIns(ctx.db, ctx.merchant.id, member.id, SIGN_IN_HISTORY_SIZE);
  return {
    list: rows.map((row) => ({
      time: row.createdAt.toISOString(),
      ip: row.ip,
      device: row.device,
      method: row.method as TSignInRecord['method'],
      success: row.success,
    })),
  };
}
