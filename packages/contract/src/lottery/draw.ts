/**
 * Provably fair electronic draws, on the in-house games' byte stream (inhouse/fairness.ts) so there
 * is one implementation of the HMAC blocks and the rejection-sampled integers:
 *
 * 1. When a draw opens, the server takes a fresh 32-byte seed from its CSPRNG and publishes
 *    seedHash = SHA-256 of the seed's 64 hex characters.
 * 2. At lock, the public value is fixed: SHA-256 over the ids of every ticket sold for the draw,
 *    sorted, one per line joined by "\n" (`ticketsDigest`); with no ticket it is SHA-256 of "".
 *    The server cannot choose the tickets, and the players cannot know the seed.
 * 3. The result is the family's rules (families.ts `drawFamilyResult`) fed with integers from the
 *    stream HMAC-SHA256(key = seed, message = `${publicValue}:0:${cursor}`), cursor = 0, 1, 2…, each
 *    4 bytes big-endian, rejected when ≥ 2^32 − (2^32 mod n) (no modulo bias).
 * 4. After the draw the seed is revealed; anyone recomputes 1–3 (`verifyDraw`).
 */
import { bytesToHex, hashServerSeed, playFair, SEED_HASH_PATTERN, SERVER_SEED_PATTERN } from '../inhouse/fairness';
import { drawFamilyResult, isFamilyResult, type LotteryFamily } from './families';

export { newServerSeed as newDrawSeed, hashServerSeed as hashDrawSeed } from '../inhouse/fairness';

/** The byte stream's nonce: a draw's seed serves one draw only, so it is always 0. */
export const DRAW_NONCE = 0;

const encoder = new TextEncoder();

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text));
  return bytesToHex(new Uint8Array(digest));
}

/** The public value fixed at lock: SHA-256 of the sorted ticket ids joined by newlines. */
export function ticketsDigest(ticketIds: readonly string[]): Promise<string> {
  return sha256Hex([...ticketIds].sort().join('\n'));
}

/** A draw's result from its seed and public value. */
export function deriveDrawResult(family: LotteryFamily, serverSeed: string, publicValue: string): Promise<number[]> {
  return playFair({ serverSeed, clientSeed: publicValue, nonce: DRAW_NONCE }, (int) => drawFamilyResult(family, int));
}

export interface DrawProof {
  family: LotteryFamily;
  seedHash: string;
  serverSeed: string;
  publicValue: string;
  result: readonly number[];
}

export interface DrawVerification {
  /** SHA-256 of the revealed seed equals the hash published when the draw opened. */
  seedMatchesHash: boolean;
  /** The result recomputed from the seed and the public value. */
  recomputed: number[];
  /** The recomputed result is the one the draw announced. */
  resultMatches: boolean;
  valid: boolean;
}

/** Recomputes a draw from what it published; `valid` only when the commitment and the result both hold. */
export async function verifyDraw(proof: DrawProof): Promise<DrawVerification> {
  const wellFormed =
    SERVER_SEED_PATTERN.test(proof.serverSeed) &&
    SEED_HASH_PATTERN.test(proof.seedHash) &&
    SEED_HASH_PATTERN.test(proof.publicValue);
  const seedMatchesHash = wellFormed && (await hashServerSeed(proof.serverSeed)) === proof.seedHash;
  const recomputed = await deriveDrawResult(proof.family, proof.serverSeed, proof.publicValue);
  const resultMatches =
    isFamilyResult(proof.family, proof.result) &&
    recomputed.length === proof.result.length &&
    recomputed.every((value, index) => value === proof.result[index]);
  return { seedMatchesHash, recomputed, resultMatches, valid: seedMatchesHash && resultMatches };
}
