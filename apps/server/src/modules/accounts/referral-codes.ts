import { randomInt } from 'node:crypto';
import type { Queryable } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import * as store from './store';

/**
 * A member's referral code: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L), so a
 * friend can type it from a screenshot. 31^8 ≈ 8.5 × 10^11 codes: a guessed code names a member
 * about once in a billion tries at today's member counts, and registration is rate-limited per
 * address; a code only attributes a new member to a referrer, it grants no access.
 */
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;
/** Collisions are ~1e-6 at a million members; a handful of tries is plenty. */
const MAX_CODE_TRIES = 5;

export function newReferralCode(): string {
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1)
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/** The member's referral code, made on first request and the same ever after. */
export async function referralCodeOf(q: Queryable, merchantId: number, memberId: number): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const code = await store.claimReferralCode(q, merchantId, memberId, newReferralCode());
      if (code === null) throw new Error(`member ${memberId} missing while its referral code was made`);
      return code;
    } catch (error) {
      // Another member holds this code: draw again.
      if (!isUniqueViolation(error) || attempt >= MAX_CODE_TRIES) throw error;
    }
  }
}

/** The member a referral code names, if it may invite. Codes are upper-case; a typed one may not be. */
export function referrerByCode(q: Queryable, merchantId: number, code: string): Promise<number | undefined> {
  return store.findReferrer(q, merchantId, code.trim().toUpperCase());
}
