import { ERROR_CODES, fieldError } from '@palaro/contract';
import { verifyPassword } from '../../platform/password-hashing';
import { DomainError, RateLimitedError } from '../../platform/http/errors';
import { limitKey } from '../../platform/context';
import type { MerchantContext } from '../site/request-context';
import type { MemberRow } from '../accounts/schema';
import { WINDOWS } from '../accounts/policy';

/**
 * A payment password is six digits: without a lock it could be guessed in a day. Like sign-in,
 * failures in a row lock it for a while; a correct password starts the count again.
 */
export const PAYMENT_PASSWORD_CHECKS = { lockAfterConsecutiveFailures: 5, lockSeconds: 15 * 60 } as const;

/**
 * Refuses a money-moving request whose payment password is not the member's: 409 when none is set,
 * 429 while locked, 400 (with the attempts left) when wrong.
 */
export async function checkPaymentPassword(ctx: MerchantContext, member: MemberRow, plain: string): Promise<void> {
  if (!member.paymentPasswordHash) {
    throw new DomainError(ERROR_CODES.paymentPasswordNotSet, 'Set a payment password first');
  }
  const { limiter } = ctx;
  const lockKey = limitKey(ctx, 'payment-password', 'lock', String(member.id));
  const failuresKey = limitKey(ctx, 'payment-password', 'failures', String(member.id));
  if ((await limiter.peek(lockKey, PAYMENT_PASSWORD_CHECKS.lockSeconds)) > 0)
    throw new RateLimitedError(PAYMENT_PASSWORD_CHECKS.lockSeconds);

  if (await verifyPassword(member.paymentPasswordHash, plain)) {
    await limiter.reset(failuresKey);
    return;
  }
  const { count } = await limiter.hit(failuresKey, PAYMENT_PASSWORD_CHECKS.lockAfterConsecutiveFailures, WINDOWS.hour);
  if (count >= PAYMENT_PASSWORD_CHECKS.lockAfterConsecutiveFailures) {
    await limiter.hit(lockKey, 1, PAYMENT_PASSWORD_CHECKS.lockSeconds);
    await limiter.reset(failuresKey);
  }
  throw new DomainError(ERROR_CODES.paymentPasswordInvalid, 'The payment password is incorrect', {
    fields: [fieldError('paymentPassword')],
    attemptsLeft: Math.max(0, PAYMENT_PASSWORD_CHECKS.lockAfterConsecutiveFailures - count),
  });
}
