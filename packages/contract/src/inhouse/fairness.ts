/**
 * Provable fairness of Palaro's in-house games, shared by the game server and the browser's verify
 * screen (WebCrypto only: `globalThis.crypto.subtle` exists in Node 20 and every browser), so both
 * run the very same code. docs/INHOUSE-GAMES.md explains it step by step for checking by hand.
 *
 * - The server seed is 32 bytes from a CSPRNG written as 64 lower-case hex characters. Its
 *   commitment is SHA-256 over those 64 ASCII characters, in hex (`printf %s SEED | sha256sum`).
 * - Round `nonce` (0, 1, 2… per server seed) reads a stream of bytes made of blocks:
 *   block `cursor` = HMAC-SHA256(key = the server seed's 64 ASCII characters,
 *                                message = `${clientSeed}:${nonce}:${cursor}`), cursor = 0, 1, 2…
 * - An integer in [0, n) takes the next 4 bytes as a big-endian unsigned 32-bit x; if
 *   x < 2^32 − (2^32 mod n) the answer is x mod n, otherwise x is thrown away and the next 4 bytes
 *   are tried (rejection sampling: every answer is exactly equally likely, no modulo bias).
 */

/** Every game's rules take their randomness from this: a uniform integer in [0, n), 1 ≤ n ≤ 2^32. */
export type RandomInt = (n: number) => number;

export const SERVER_SEED_BYTES = 32;
export const HMAC_BLOCK_BYTES = 32;
/** A player's client seed: 1–64 printable ASCII characters without ':' (the message's separator). */
export const CLIENT_SEED_PATTERN = /^[\x21-\x39\x3b-\x7e]{1,64}$/;
export const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
export const SEED_HASH_PATTERN = /^[0-9a-f]{64}$/;

const TWO_POW_32 = 2 ** 32;
const encoder = new TextEncoder();

function subtle() {
  const crypto = globalThis.crypto;
  if (!crypto?.subtle) throw new Error('WebCrypto (crypto.subtle) is not available here');
  return crypto.subtle;
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** A new server seed: 32 bytes from the platform's CSPRNG, as hex. */
export function newServerSeed(): string {
  const bytes = new Uint8Array(SERVER_SEED_BYTES);
  globalThis.crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}

/** A default client seed for a new session: 16 random hex characters (the player may replace it). */
export function newClientSeed(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}

/** The commitment shown before any round: SHA-256 of the seed's ASCII text, hex. */
export async function hashServerSeed(serverSeed: string): Promise<string> {
  const digest = await subtle().digest('SHA-256', encoder.encode(serverSeed));
  return bytesToHex(new Uint8Array(digest));
}

/** Blocks 0 … count−1 of round `nonce`'s byte stream, concatenated. */
export async function outcomeBytes(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  blockCount: number,
): Promise<Uint8Array> {
  const key = await subtle().importKey('raw', encoder.encode(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const blocks: ArrayBuffer[] = await Promise.all(
    Array.from({ length: blockCount }, (_, cursor) =>
      subtle().sign('HMAC', key, encoder.encode(`${clientSeed}:${nonce}:${cursor}`)),
    ),
  );
  const bytes = new Uint8Array(blockCount * HMAC_BLOCK_BYTES);
  blocks.forEach((block, cursor) => bytes.set(new Uint8Array(block), cursor * HMAC_BLOCK_BYTES));
  return bytes;
}

/** Thrown by a byte source that has run out: the caller derives more blocks and starts again. */
export class BytesExhausted extends Error {
  constructor() {
    super('the derived outcome bytes ran out');
  }
}

/**
 * Uniform integers in [0, n) from a finite byte string by rejection sampling (see the file's head);
 * `bytesUsed` tells how many bytes were read, rejected ones included.
 */
export function integersFromBytes(bytes: Uint8Array): { int: RandomInt; bytesUsed: () => number } {
  let offset = 0;
  const int: RandomInt = (n) => {
    if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`cannot draw an integer in [0, ${n})`);
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    for (;;) {
      if (offset + 4 > bytes.length) throw new BytesExhausted();
      const x =
        ((bytes[offset]! << 24) >>> 0) + (bytes[offset + 1]! << 16) + (bytes[offset + 2]! << 8) + bytes[offset + 3]!;
      offset += 4;
      if (x < limit) return x % n;
    }
  };
  return { int, bytesUsed: () => offset };
}

/** Blocks derived at first for a round; doubled whenever a round needs more (free-spin chains). */
const FIRST_BLOCK_COUNT = 8;

/**
 * Plays one round's rules on the round's fair byte stream. The rules are synchronous (the same
 * functions the RTP simulation runs with a fast generator), so the bytes are derived ahead: if the
 * rules ask for more than were derived, more are derived and the rules run again from the start —
 * the stream is the same, so the outcome is the one a stream of unlimited length would give.
 */
export async function playFair<T>(
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  rules: (int: RandomInt) => T,
): Promise<T> {
  for (let blockCount = FIRST_BLOCK_COUNT; ; blockCount *= 2) {
    const bytes = await outcomeBytes(seeds.serverSeed, seeds.clientSeed, seeds.nonce, blockCount);
    try {
      return rules(integersFromBytes(bytes).int);
    } catch (error) {
      if (!(error instanceof BytesExhausted)) throw error;
    }
  }
}

/** A fast non-cryptographic generator (sfc32) for simulation only — never for real rounds. */
export function simulationRandom(seed: number): RandomInt {
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88 + seed;
  let c = 0xb7e15162 ^ (seed * 31);
  let d = 1;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const result = (t + d) | 0;
    c = (c + result) | 0;
    return result >>> 0;
  };
  for (let warm = 0; warm < 20; warm += 1) next();
  return (n) => {
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    for (;;) {
      const x = next();
      if (x < limit) return x % n;
    }
  };
}
