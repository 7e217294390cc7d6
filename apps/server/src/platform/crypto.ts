import { hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 bits of randomness, URL-safe, for tokens a person may have to paste. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(text: string): string {
  // The one-shot hash: a third of createHash's cost, and every signed-in request hashes its token.
  return hash('sha256', text, 'hex');
}

/** Compares two hex digests without leaking through timing where they first differ. */
export function digestsEqual(leftHex: string, rightHex: string): boolean {
  const left = Buffer.from(leftHex, 'hex');
  const right = Buffer.from(rightHex, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const PRINTABLE_ASCII_FIRST = 0x21;
const PRINTABLE_ASCII_LAST = 0x7e;

/** A key of printable ASCII characters, as the customer-service link encoding requires. */
export function randomPrintableKey(length: number): string {
  return Array.from({ length }, () =>
    String.fromCharCode(randomInt(PRINTABLE_ASCII_FIRST, PRINTABLE_ASCII_LAST + 1)),
  ).join('');
}
