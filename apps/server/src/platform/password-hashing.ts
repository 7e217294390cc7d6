import argon2, { type HashOptions } from 'argon2';

/**
 * Password hashing with argon2id at the OWASP floor (19 MiB, 2 passes, 1 lane). One lane keeps a
 * sign-in to one core, so a burst of sign-ins on a two-core server cannot starve the event loop's
 * thread pool as badly as parallel lanes would. The encoded hash carries its own salt and
 * parameters, so raising these later only needs needsRehash on the next successful sign-in.
 */
export const PASSWORD_HASH_PARAMETERS = {
  algorithm: 'argon2id',
  memoryKiB: 19_456,
  iterations: 2,
  parallelism: 1,
  saltBytes: 16,
  hashBytes: 32,
} as const;

const ARGON2_OPTIONS: HashOptions = {
  type: argon2.argon2id,
  memoryCost: PASSWORD_HASH_PARAMETERS.memoryKiB,
  timeCost: PASSWORD_HASH_PARAMETERS.iterations,
  parallelism: PASSWORD_HASH_PARAMETERS.parallelism,
  hashLength: PASSWORD_HASH_PARAMETERS.hashBytes,
};

/**
 * argon2 takes at most 2^32-1 bytes, but hashing megabytes per request is a cheap way to burn CPU;
 * the contract limits passwords far below this, and this guard holds for any other caller.
 */
const MAX_PASSWORD_BYTES = 1024;

function checkLength(plain: string): void {
  if (Buffer.byteLength(plain, 'utf8') > MAX_PASSWORD_BYTES) throw new RangeError('Password is too long to hash');
}

export async function hashPassword(plain: string): Promise<string> {
  checkLength(plain);
  return argon2.hash(plain, ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash this module cannot read — never throws on bad input. */
export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  if (Buffer.byteLength(plain, 'utf8') > MAX_PASSWORD_BYTES) return false;
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/** True when the hash was made with weaker (or different) parameters than today's. */
export function needsRehash(hash: string): boolean {
  try {
    if (!hash.startsWith('$argon2id$')) return true;
    return argon2.needsRehash(hash, {
      memoryCost: ARGON2_OPTIONS.memoryCost,
      timeCost: ARGON2_OPTIONS.timeCost,
      parallelism: ARGON2_OPTIONS.parallelism,
    });
  } catch {
    return true;
  }
}
