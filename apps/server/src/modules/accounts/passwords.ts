import { ERROR_CODES, fieldError, MEMBER_TYPES } from '@palaro/contract';
import type {
  ZChangePasswordRequest,
  ZForgotByEmailRequest,
  ZResetByEmailRequest,
  ZResetByPhoneRequest,
  ZResetLinkCheckRequest,
} from '@palaro/contract/schemas';
import type { z } from 'zod';
import { transactionAnnouncing } from '../../platform/cache/change-feed';
import { limitKey } from '../../platform/context';
import { generateToken, sha256Hex } from '../../platform/crypto';
import type { Queryable } from '../../platform/db/database';
import { DomainError, RateLimitedError } from '../../platform/http/errors';
import { hashPassword, verifyPassword } from '../../platform/password-hashing';
import type { MerchantContext } from '../site/request-context';
import { checkCode, spendCheckedCode } from './codes';
import { featureOff, flagOn } from './feature-flags';
import { endMemberCredentials } from './members';
import { toE164 } from './phone-numbers';
import { PASSWORD_CHECKS, RESET_LINK, secondsFrom, WINDOWS } from './policy';
import type { MemberRow } from './schema';
import { assertNotTrial, openSession, type IssuedSession } from './sessions';
import { forgetPasswordFailures } from './sign-in-throttle';
import * as store from './store';
import { invalidFields, isEmail, matchesRule, ruleFor } from './validation';

/** The login password: changed by the member, or set again by an e-mailed link or an SMS code (every session ends). */

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
export async function verifyOwnPassword(
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
