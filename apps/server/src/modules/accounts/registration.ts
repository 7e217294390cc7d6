import { randomInt } from 'node:crypto';
import { ERROR_CODES, fieldError, MEMBER_TYPES, REGISTRATION_FIELDS, type RegistrationField } from '@palaro/contract';
import type { ZAffiliateCheck } from '@palaro/contract/schemas';
import { ZRegisterRequest } from '@palaro/contract/schemas';
import type { z } from 'zod';
import { limitKey } from '../../platform/context';
import { DomainError, RateLimitedError } from '../../platform/http/errors';
import { hashPassword } from '../../platform/password-hashing';
import type { MerchantContext } from '../site/request-context';
import { checkCaptcha, checkCode, spendCheckedCode } from './codes';
import { featureOff, flagOn } from './feature-flags';
import { toE164 } from './phone-numbers';
import { AFFILIATE_CHECKS, REGISTRATION, WINDOWS } from './policy';
import { referrerByCode } from './referral-codes';
import { openSession, type IssuedSession } from './sessions';
import { recordSignIn } from './sign-in-history';
import { rememberDevice } from './sign-in-throttle';
import { provenBySocial, socialIdentityTaken, verifiedSocialIdentity } from './social-sign-in';
import * as store from './store';
import { applyRegistrationRules, invalidFields, isEmail, type RegistrationValues } from './validation';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { agreementVersionAt } from '../content/pages';

/** A new member: the merchant's registration rules, the captcha and SMS code, an invitation code's upline, a referral link's referrer, a third-party sign-in linked. */

type RegisterInput = z.output<typeof ZRegisterRequest>;

const PROFILE_FIELDS = ['idNumber', 'qqNum', 'facebook', 'wechat', 'line', 'whatsapp', 'zalo'] as const;

function registrationValues(input: RegisterInput): RegistrationValues {
  const values: RegistrationValues = {};
  for (const field of REGISTRATION_FIELDS) {
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
  // A member's referral link (spec §3 recommenderId): the friend who invited, not the agent upline.
  let referrerMemberId: number | null = null;
  if (values.recommenderId) {
    referrerMemberId = (await referrerByCode(ctx.db, ctx.merchant.id, values.recommenderId)) ?? null;
    if (referrerMemberId === null)
      throw new DomainError(ERROR_CODES.referrerInvalid, 'Referrer link error', {
        fields: [fieldError('recommenderId')],
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
        referrerMemberId,
        registerMethod: input.registerMethod,
        registerUrl: input.registerUrl ?? null,
        domain: input.domain ?? null,
        registerIp: ctx.ip,
        // Registration asks the player to agree to the terms in force now: that version is theirs.
        agreedTermsVersion: await agreementVersionAt(tx, ctx.merchant.id, ctx.now()),
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
    if (isUniqueViolation(error)) {
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
