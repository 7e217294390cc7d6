import { createPublicKey, verify as verifySignature, type JsonWebKey, type KeyObject } from 'node:crypto';

/**
 * Verifies OpenID Connect ID tokens (Google, Facebook, Firebase…) against the issuer's JWKS, with
 * node:crypto only. Only RS256 and ES256 are accepted, and the algorithm must match the key's
 * type: taking "alg" from the token alone is how alg=none and RS/HS confusion attacks get in.
 */

export interface IdTokenClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  name: string | null;
}

export interface IdTokenVerifier {
  verify(idToken: string): Promise<IdTokenClaims>;
}

export interface IdTokenVerifierOptions {
  issuer: string;
  jwksUrl: string;
  audience: string;
  fetchImpl?: typeof fetch;
  /** How long a fetched JWKS is trusted before it is fetched again. */
  jwksTtlMs?: number;
  now?: () => number;
}

export class IdTokenError extends Error {
  constructor(
    readonly reason:
      | 'malformed'
      | 'unsupported_algorithm'
      | 'unknown_key'
      | 'bad_signature'
      | 'wrong_issuer'
      | 'wrong_audience'
      | 'expired'
      | 'not_yet_valid'
      | 'missing_claim'
      | 'jwks_unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'IdTokenError';
  }
}

const LEEWAY_SECONDS = 60;
const DEFAULT_JWKS_TTL_MS = 60 * 60 * 1000;
/** An unknown kid refetches the JWKS, but at most this often, so forged kids cannot hammer the issuer. */
const MIN_REFETCH_INTERVAL_MS = 30_000;
const JWKS_TIMEOUT_MS = 5_000;
/** Real ID tokens are a few KB; a cap keeps hostile input from costing parsing time. */
const MAX_TOKEN_CHARS = 16_384;
const BASE64URL_PATTERN = /^[A-Za-z0-9_-]*$/;

const ALGORITHMS = {
  RS256: { keyType: 'RSA', hash: 'sha256', dsaEncoding: undefined },
  // JWS carries ECDSA signatures as r||s (IEEE P1363), not DER.
  ES256: { keyType: 'EC', hash: 'sha256', dsaEncoding: 'ieee-p1363' as const },
} as const;
type Algorithm = keyof typeof ALGORITHMS;

interface Jwk extends JsonWebKey {
  kid?: string;
  alg?: string;
  use?: string;
}

function decodeSegment(segment: string, what: string): Buffer {
  if (!BASE64URL_PATTERN.test(segment)) throw new IdTokenError('malformed', `The token's ${what} is not base64url`);
  return Buffer.from(segment, 'base64url');
}

function parseJsonSegment(segment: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(decodeSegment(segment, what).toString('utf8'));
  } catch (error) {
    if (error instanceof IdTokenError) throw error;
    throw new IdTokenError('malformed', `The token's ${what} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new IdTokenError('malformed', `The token's ${what} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function createIdTokenVerifier(options: IdTokenVerifierOptions): IdTokenVerifier {
  const fetchImpl = options.fetchImpl ?? fetch;
  const ttlMs = options.jwksTtlMs ?? DEFAULT_JWKS_TTL_MS;
  const now = options.now ?? Date.now;
  let cache: { keys: Map<string, { key: KeyObject; alg: string | undefined }>; fetchedAtMs: number } | null = null;
  let inflight: Promise<void> | null = null;

  async function fetchKeys(): Promise<void> {
    let body: unknown;
    try {
      const response = await fetchImpl(options.jwksUrl, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(JWKS_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      throw new IdTokenError('jwks_unavailable', 'The issuer keys could not be fetched', { cause: error });
    }
    const list = (body as { keys?: unknown })?.keys;
    if (!Array.isArray(list)) throw new IdTokenError('jwks_unavailable', 'The issuer keys are not a JWKS');
    const keys = new Map<string, { key: KeyObject; alg: string | undefined }>();
    for (const jwk of list as Jwk[]) {
      // Keys for encryption, without an id, or of a type this module cannot use are skipped, not fatal:
      // issuers publish several kinds of keys side by side.
      if (typeof jwk !== 'object' || jwk === null || typeof jwk.kid !== 'string') continue;
      if (jwk.use !== undefined && jwk.use !== 'sig') continue;
      try {
        keys.set(jwk.kid, { key: createPublicKey({ key: jwk, format: 'jwk' }), alg: jwk.alg });
      } catch {
        continue;
      }
    }
    cache = { keys, fetchedAtMs: now() };
  }

  /** One fetch at a time: concurrent sign-ins after the TTL share it instead of each fetching. */
  async function refresh(): Promise<void> {
    inflight ??= fetchKeys().finally(() => {
      inflight = null;
    });
    await inflight;
  }

  async function keyFor(kid: string) {
    if (!cache || now() - cache.fetchedAtMs >= ttlMs) await refresh();
    let entry = cache?.keys.get(kid);
    if (!entry && cache && now() - cache.fetchedAtMs >= MIN_REFETCH_INTERVAL_MS) {
      // The issuer may have rotated its keys since the last fetch.
      await refresh();
      entry = cache?.keys.get(kid);
    }
    if (!entry) throw new IdTokenError('unknown_key', 'The token was signed with a key the issuer does not publish');
    return entry;
  }

  async function verify(idToken: string): Promise<IdTokenClaims> {
    if (typeof idToken !== 'string' || idToken.length > MAX_TOKEN_CHARS) {
      throw new IdTokenError('malformed', 'The token is missing or too long');
    }
    const parts = idToken.split('.');
    if (parts.length !== 3) throw new IdTokenError('malformed', 'The token is not a signed JWT');
    const [headerSegment, payloadSegment, signatureSegment] = parts as [string, string, string];
    const header = parseJsonSegment(headerSegment, 'header');
    const alg = header.alg;
    if (alg !== 'RS256' && alg !== 'ES256') {
      throw new IdTokenError('unsupported_algorithm', `The token's algorithm ${String(alg)} is not accepted`);
    }
    if (typeof header.kid !== 'string' || header.kid === '') throw new IdTokenError('unknown_key', 'The token names no key');
    // Decode everything before the network: a malformed token must not trigger a JWKS fetch.
    const claims = parseJsonSegment(payloadSegment, 'payload');
    const signature = decodeSegment(signatureSegment, 'signature');

    const { key, alg: keyAlg } = await keyFor(header.kid);
    const algorithm = ALGORITHMS[alg as Algorithm];
    if (key.asymmetricKeyType?.toUpperCase() !== algorithm.keyType || (keyAlg !== undefined && keyAlg !== alg)) {
      throw new IdTokenError('unsupported_algorithm', `The key ${header.kid} is not a ${alg} key`);
    }
    if (alg === 'ES256' && key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
      throw new IdTokenError('unsupported_algorithm', 'ES256 requires a P-256 key');
    }
    const signed = Buffer.from(`${headerSegment}.${payloadSegment}`, 'ascii');
    const valid = verifySignature(
      algorithm.hash,
      signed,
      algorithm.dsaEncoding ? { key, dsaEncoding: algorithm.dsaEncoding } : key,
      signature,
    );
    if (!valid) throw new IdTokenError('bad_signature', 'The token signature is not valid');

    if (claims.iss !== options.issuer) throw new IdTokenError('wrong_issuer', 'The token was issued by someone else');
    const audience = claims.aud;
    const audiences = Array.isArray(audience) ? audience : [audience];
    if (!audiences.includes(options.audience)) throw new IdTokenError('wrong_audience', 'The token is meant for another application');

    const nowSeconds = Math.floor(now() / 1000);
    if (typeof claims.exp !== 'number') throw new IdTokenError('missing_claim', 'The token has no expiry');
    if (nowSeconds > claims.exp + LEEWAY_SECONDS) throw new IdTokenError('expired', 'The token has expired');
    if (typeof claims.nbf === 'number' && nowSeconds < claims.nbf - LEEWAY_SECONDS) {
      throw new IdTokenError('not_yet_valid', 'The token is not valid yet');
    }
    if (typeof claims.iat !== 'number') throw new IdTokenError('missing_claim', 'The token has no issue time');
    if (claims.iat > nowSeconds + LEEWAY_SECONDS) throw new IdTokenError('not_yet_valid', 'The token was issued in the future');

    const subject = optionalString(claims.sub);
    if (!subject) throw new IdTokenError('missing_claim', 'The token has no subject');
    return {
      subject,
      email: optionalString(claims.email),
      // Some issuers send "true" as a string.
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      phoneNumber: optionalString(claims.phone_number),
      name: optionalString(claims.name),
    };
  }

  return { verify };
}
