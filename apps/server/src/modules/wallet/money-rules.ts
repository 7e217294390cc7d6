import { randomInt } from 'node:crypto';
import { ERROR_CODES, amountOutsideLimits, fieldError, formatMoney } from '@palaro/contract';
import { DomainError } from '../../platform/http/errors';

/** Refuses an amount outside the merchant's range for this kind of request (both ends allowed). */
export function assertAmountInRange(amount: bigint, min: bigint, max: bigint): void {
  if (amountOutsideLimits(amount, { minAmount: min, maxAmount: max }) !== null) {
    throw new DomainError(
      ERROR_CODES.amountOutOfRange,
      `The amount must be between ${formatMoney(Number(min))} and ${formatMoney(Number(max))}`,
      {
        fields: [fieldError('amount')],
        minAmount: Number(min),
        maxAmount: Number(max),
      },
    );
  }
}

const ORDER_NO_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ORDER_NO_RANDOM_LENGTH = 12;

/**
 * A business row's number: a letter naming its kind then 12 random upper-case letters or digits
 * (36^12 ≈ 4.7e18, so numbers are not guessable and collisions are left to the unique index).
 */
export function newOrderNo(prefix: string): string {
  let random = '';
  for (let index = 0; index < ORDER_NO_RANDOM_LENGTH; index += 1)
    random += ORDER_NO_ALPHABET[randomInt(ORDER_NO_ALPHABET.length)];
  return `${prefix}${random}`;
}
