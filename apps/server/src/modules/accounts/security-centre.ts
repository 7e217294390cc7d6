import { ERROR_CODES, fieldError, type TMemberInfo } from '@palaro/contract';
import type { ZBindEmailRequest, ZBindMobileRequest, ZPaymentPasswordRequest } from '@palaro/contract/schemas';
import type { z } from 'zod';
import { transactionAnnouncing } from '../../platform/cache/change-feed';
import { DomainError } from '../../platform/http/errors';
import { hashPassword } from '../../platform/password-hashing';
import type { MerchantContext } from '../site/request-context';
import { checkCode, spendCheckedCode } from './codes';
import { verifyOwnPassword } from './passwords';
import { toE164 } from './phone-numbers';
import type { MemberRow } from './schema';
import { assertNotTrial, toMemberInfo } from './sessions';
import * as store from './store';
import { invalidFields, isEmail } from './validation';

/** The member's security centre: binding a mobile number or an e-mail, the payment password. */

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
