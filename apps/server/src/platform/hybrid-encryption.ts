import {
  constants,
  createDecipheriv,
  createPrivateKey,
  generateKeyPair,
  privateDecrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import { ENCRYPTION_HEADER, ENCRYPTION_IV_BYTES, ERROR_CODES } from '@palaro/contract';
import { DomainError } from './http/errors';
import { assertStorableText } from './http/storable-text';

/**
 * Server side of the encrypted request body (DESIGN.md §6); the client half is the contract's
 * encryptForServer. Every way a body can be wrong answers 400 request.invalid, because all of them
 * are the caller's doing (a stale key, a proxy that rewrote the body, an attacker probing) and none
 * is a server fault.
 */

const RSA_MODULUS_BITS = 3072;
const AES_KEY_BYTES = 32;
const GCM_TAG_BYTES = 16;
/** An RSA-3072 OAEP ciphertext is exactly the modulus size. */
const WRAPPED_KEY_BYTES = RSA_MODULUS_BITS / 8;
/** The contract caps body.data at 64 KiB of base64; this bounds the work before any parsing. */
const MAX_DATA_BASE64_CHARS = 65_536;
const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const BASE64_PATTERN = /^[A-Za-z0-9+/]+={0,2}$/;

export interface EncryptionKeyPair {
  keyId: string;
  /** SPKI, base64 DER — what the client imports. */
  publicKey: string;
  privateKeyPem: string;
}

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * Off the event loop (libuv's thread pool): finding RSA-3072 primes takes 0.3–0.8 s of CPU here,
 * seconds on a busy machine, and would stall every request of the replica meanwhile.
 */
export async function generateEncryptionKeyPair(): Promise<EncryptionKeyPair> {
  const { publicKey, privateKey } = await generateRsaKeyPair('rsa', { modulusLength: RSA_MODULUS_BITS });
  return {
    keyId: randomBytes(12).toString('base64url'),
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

function invalid(reason: string): DomainError {
  return new DomainError(ERROR_CODES.validation, `Encrypted request rejected: ${reason}`, { encryption: reason });
}

/** Strict base64: Buffer.from silently skips bad characters, which would hide tampering. */
function decodeBase64(text: string, what: string): Buffer {
  if (text.length % 4 !== 0 || !BASE64_PATTERN.test(text)) throw invalid(`${what} is not base64`);
  return Buffer.from(text, 'base64');
}

/** Parsing a PEM costs time; keys are few and rotate rarely, so parsed keys are kept by their text. */
const parsedKeys = new Map<string, KeyObject>();
function parsePrivateKey(pem: string): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) {
    key = createPrivateKey(pem);
    if (parsedKeys.size >= 16) parsedKeys.clear();
    parsedKeys.set(pem, key);
  }
  return key;
}

/**
 * Decrypts a body sent with the `Encryption` header and returns the parsed JSON payload.
 * `lookupPrivateKey` answers the PEM for a key id, or null when the id is unknown or retired.
 */
export async function decryptRequest(
  headerValue: string | undefined,
  body: unknown,
  lookupPrivateKey: (keyId: string) => Promise<string | null>,
): Promise<unknown> {
  if (headerValue === undefined || headerValue === '') throw invalid(`the ${ENCRYPTION_HEADER} header is missing`);
  const separator = headerValue.indexOf('.');
  if (separator <= 0) throw invalid(`the ${ENCRYPTION_HEADER} header is not <keyId>.<wrappedKey>`);
  const keyId = headerValue.slice(0, separator);
  if (!KEY_ID_PATTERN.test(keyId)) throw invalid('the key id is malformed');
  const wrappedKey = decodeBase64(headerValue.slice(separator + 1), 'the wrapped key');
  if (wrappedKey.length !== WRAPPED_KEY_BYTES) throw invalid('the wrapped key has the wrong size');

  if (typeof body !== 'object' || body === null || typeof (body as { data?: unknown }).data !== 'string') {
    throw invalid('the body is not { data: string }');
  }
  const dataText = (body as { data: string }).data;
  if (dataText.length > MAX_DATA_BASE64_CHARS) throw invalid('the body is too large');
  const data = decodeBase64(dataText, 'the body');
  if (data.length < ENCRYPTION_IV_BYTES + GCM_TAG_BYTES) throw invalid('the body is too short');

  const privateKeyPem = await lookupPrivateKey(keyId);
  if (!privateKeyPem) throw invalid('the key id is unknown or expired');

  let aesKey: Buffer;
  try {
    aesKey = privateDecrypt(
      { key: parsePrivateKey(privateKeyPem), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      wrappedKey,
    );
  } catch {
    throw invalid('the wrapped key does not decrypt with this key id');
  }
  if (aesKey.length !== AES_KEY_BYTES) throw invalid('the wrapped key is not an AES-256 key');

  const iv = data.subarray(0, ENCRYPTION_IV_BYTES);
  const tag = data.subarray(data.length - GCM_TAG_BYTES);
  const ciphertext = data.subarray(ENCRYPTION_IV_BYTES, data.length - GCM_TAG_BYTES);
  let plaintext: string;
  try {
    const decipher = createDecipheriv('aes-256-gcm', aesKey, iv, { authTagLength: GCM_TAG_BYTES });
    decipher.setAuthTag(tag);
    plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw invalid('the body failed authentication');
  }
  let payload: unknown;
  try {
    payload = JSON.parse(plaintext) as unknown;
  } catch {
    throw invalid('the decrypted body is not JSON');
  }
  // Decrypted here rather than by Fastify's parser, so the request-wide text rule runs here.
  assertStorableText(payload, 'body');
  return payload;
}
