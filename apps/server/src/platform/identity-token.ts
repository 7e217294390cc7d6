import { z } from 'zod';
import {
  createRemoteJWKSet,
  customFetch,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTVerifyGetKey,
} from 'jose';

/**
 * Verifies OpenID Connect ID tokens (Google, Facebook, Firebase…) against the issuer's JWKS with
 * `jose`. Only RS256 and ES256 are accepted, and the key must be of that algorithm's type (RSA, or
 * EC on P-256) and, when the JWKS names one, of that algorithm: taking "alg" from the token alone
 * is how alg=none and RS/HS confusion attacks get in. jose selects the key by kid, type, curve,
 * "alg" and "use" together, so a kid of the wrong type is no key at all.
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

const ACCEPTED_ALGORITHMS = ['RS256', 'ES256'];
const LEEWAY_SECONDS = 60;
const DEFAULT_JWKS_TTL_MS = 60 * 60 * 1000;
/** An unknown kid refetches the JWKS, but at most this often, so forged kids cannot hammer the issuer. */
const MIN_REFETCH_INTERVAL_MS = 30_000;
const JWKS_TIMEOUT_MS = 5_000;
/** Real ID tokens are a few KB; a cap keeps hostile input from costing parsing time. */
const MAX_TOKEN_CHARS = 16_384;
const BASE64URL_PATTERN = /^[A-Za-z0-9_-]*$/;

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * Everything that can be refused without the issuer's keys is refused before the network: a
 * malformed or unsigned token must not cost a JWKS fetch.
 */
function checkShape(idToken: unknown): void {
  if (typeof idToken !== 'string' || idToken.length > MAX_TOKEN_CHARS) {
    throw new IdTokenError('malformed', 'The token is missing or too long');
  }
  const parts = idToken.split('.');
  if (parts.length !== 3 || !BASE64URL_PATTERN.test(parts[2]!))
    throw new IdTokenError('malformed', 'The token is not a signed JWT');
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(idToken);
    decodeJwt(idToken);
  } catch (error) {
    throw new IdTokenError('malformed', 'The token is not a well-formed JWT', { cause: error });
  }
  if (typeof header.alg !== 'string' || !ACCEPTED_ALGORITHMS.includes(header.alg)) {
    throw new IdTokenError('unsupported_algorithm', `The token's algorithm ${String(header.alg)} is not accepted`);
  }
  if (typeof header.kid !== 'string' || header.kid === '')
    throw new IdTokenError('unknown_key', 'The token names no key');
}

/** jose's refusals in this module's terms (the reasons the accounts service answers by). */
function translate(error: unknown): unknown {
  if (error instanceof IdTokenError) return error;
  if (error instanceof errors.JWTExpired) return new IdTokenError('expired', 'The token has expired', { cause: error });
  if (error instanceof errors.JWTClaimValidationFailed) {
    switch (error.claim) {
      case 'iss':
        return new IdTokenError('wrong_issuer', 'The token was issued by someone else', { cause: error });
      case 'aud':
        return new IdTokenError('wrong_audience', 'The token is meant for another application', { cause: error });
      case 'nbf':
        return new IdTokenError('not_yet_valid', 'The token is not valid yet', { cause: error });
      default:
        return new IdTokenError('missing_claim', `The token's ${error.claim} claim is missing or invalid`, {
          cause: error,
        });
    }
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return new IdTokenError(
      'unknown_key',
      'The token was signed with a key the issuer does not publish for its algorithm',
      { cause: error },
    );
  }
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return new IdTokenError('bad_signature', 'The token signature is not valid', { cause: error });
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
    return new IdTokenError('unsupported_algorithm', 'The token algorithm is not accepted', { cause: error });
  }
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid)
    return new IdTokenError('malformed', 'The token is not a well-formed JWT', { cause: error });
  return error;
}

export function createIdTokenVerifier(options: IdTokenVerifierOptions): IdTokenVerifier {
  const remoteKeys = createRemoteJWKSet(new URL(options.jwksUrl), {
    cacheMaxAge: options.jwksTtlMs ?? DEFAULT_JWKS_TTL_MS,
    cooldownDuration: MIN_REFETCH_INTERVAL_MS,
    timeoutDuration: JWKS_TIMEOUT_MS,
    ...(options.fetchImpl ? { [customFetch]: options.fetchImpl } : {}),
  });
  // A failure to fetch or read the keys is the issuer's outage, not the token's fault: the caller
  // answers it differently (try again later), so it is told apart here.
  const keyFor: JWTVerifyGetKey = async (header, token) => {
    try {
      return await remoteKeys(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      throw new IdTokenError('jwks_unavailable', 'The issuer keys could not be fetched', { cause: error });
    }
  };

  async function verify(idToken: string): Promise<IdTokenClaims> {
    checkShape(idToken);
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(idToken, keyFor, {
        algorithms: ACCEPTED_ALGORITHMS,
        issuer: options.issuer,
        audience: options.audience,
        clockTolerance: LEEWAY_SECONDS,
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch (error) {
      throw translate(error);
    }
    // jose checks "iat" only against a maximum age; a token from the future is refused here.
    if ((claims.iat as number) > Math.floor(Date.now() / 1000) + LEEWAY_SECONDS) {
      throw new IdTokenError('not_yet_valid', 'The token was issued in the future');
    }
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

/** The configured ID-token issuer: identities are linked by (issuer, subject). */
export interface SocialSignIn {
  issuer: string;
  verifier: IdTokenVerifier;
}

const ZSocialEnvironment = z.object({
  SOCIAL_ID_ISSUER: z.string().min(1).optional(),
  SOCIAL_ID_JWKS_URL: z.url({ protocol: /^https?$/ }).optional(),
  SOCIAL_ID_AUDIENCE: z.string().min(1).optional(),
});

/** The ID-token verifier when all three SOCIAL_ID_* variables are set; social sign-in is off otherwise. */
export function socialSignInFromEnv(env: NodeJS.ProcessEnv): SocialSignIn | null {
  const parsed = ZSocialEnvironment.parse(
    Object.fromEntries(Object.entries(env).filter(([name, value]) => name.startsWith('SOCIAL_ID_') && value)),
  );
  if (!parsed.SOCIAL_ID_ISSUER || !parsed.SOCIAL_ID_JWKS_URL || !parsed.SOCIAL_ID_AUDIENCE) return null;
  return {
    issuer: parsed.SOCIAL_ID_ISSUER,
    verifier: createIdTokenVerifier({
      issuer: parsed.SOCIAL_ID_ISSUER,
      jwksUrl: parsed.SOCIAL_ID_JWKS_URL,
      audience: parsed.SOCIAL_ID_AUDIENCE,
    }),
  };
}
