import { ERROR_CODES, fieldError, type TSendCodeResult } from '@palaro/contract';
import type { ZSendCodeRequest } from '@palaro/contract/schemas';
import type { z } from 'zod';
import { DomainError } from '../../platform/http/errors';
import { MessageDeliveryError } from '../../platform/messaging';
import type { MerchantContext } from '../site/request-context';
import { createCode, reserveSend } from './codes';
import { featureOff, flagOn } from './feature-flags';
import { toE164 } from './phone-numbers';
import { CODES } from './policy';
import type { MemberRow } from './schema';
import { assertNotTrial } from './sessions';
import * as store from './store';
import { invalidFields, isEmail } from './validation';

/** Verification codes sent by SMS or e-mail for registration, sign-in, a password reset or binding a number or e-mail. */

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
