import { ERROR_CODES, ERROR_I18N_KEYS } from '@palaro/contract';
import { DomainError } from '../../platform/http/errors';
import { IdTokenError, type IdTokenClaims, type SocialSignIn } from '../../platform/identity-token';
import type { MerchantContext } from '../site/request-context';
import { featureOff, flagOn } from './feature-flags';
import type { MemberRow } from './schema';
import * as store from './store';
import { isEmail } from './validation';

/** Facebook and Google sign-in and registration: the merchant's ID-token verifier, what a verified token proves, its link to a member. */

/**
 * The configured ID-token issuer, when the merchant offers Facebook or Google sign-in (spec §2:
 * FACEBOOKLOGIN3, GOOGLELOGIN3) and a verifier is configured; 403 otherwise. Sign-in and
 * registration both go through it.
 */
export function socialSignIn(ctx: MerchantContext): SocialSignIn {
  if (!flagOn(ctx, 'FACEBOOKLOGIN3') && !flagOn(ctx, 'GOOGLELOGIN3')) throw featureOff();
  if (!ctx.idTokens) throw featureOff();
  return ctx.idTokens;
}

/**
 * The member a third-party ID token proves: the one linked to its subject, else the member whose
 * verified e-mail the issuer verified too (linked from then on); null for a token that does not verify.
 */
export async function memberProvenBySocialToken(ctx: MerchantContext, idToken: string): Promise<MemberRow | null> {
  const merchantId = ctx.merchant.id;
  const social = socialSignIn(ctx);
  let claims;
  try {
    claims = await social.verifier.verify(idToken);
  } catch (error) {
    if (error instanceof IdTokenError) return null;
    throw error;
  }
  const linked = await store.findSocialMember(ctx.db, merchantId, social.issuer, claims.subject);
  if (linked !== undefined) return (await store.findMemberById(ctx.db, merchantId, linked)) ?? null;
  const byEmail =
    claims.email && claims.emailVerified
      ? await store.findMemberByVerifiedEmail(ctx.db, merchantId, claims.email.toLowerCase())
      : undefined;
  if (!byEmail) return null;
  await store.linkSocialIdentity(ctx.db, {
    merchantId,
    issuer: social.issuer,
    subject: claims.subject,
    memberId: byEmail.id,
  });
  return byEmail;
}

export interface SocialIdentity {
  issuer: string;
  claims: IdTokenClaims;
}

/**
 * Verifies a registration's third-party ID token with the sign-in's verifier. A token that is
 * forged, expired, for another application or from another issuer is a 401 naming the field.
 */
export async function verifiedSocialIdentity(ctx: MerchantContext, idToken: string): Promise<SocialIdentity> {
  const social = socialSignIn(ctx);
  try {
    return { issuer: social.issuer, claims: await social.verifier.verify(idToken) };
  } catch (error) {
    if (!(error instanceof IdTokenError)) throw error;
    if (error.reason === 'jwks_unavailable') {
      throw new DomainError(
        ERROR_CODES.upstreamUnavailable,
        'Facebook or Google sign-in cannot be checked right now, try again later',
      );
    }
    const message =
      error.reason === 'expired'
        ? 'Your Facebook or Google sign-in has expired, sign in with it again'
        : 'Your Facebook or Google sign-in is not valid, sign in with it again';
    throw new DomainError(ERROR_CODES.invalidCredentials, message, {
      reason: error.reason,
      fields: [{ field: 'firebaseIdToken', i18nKey: ERROR_I18N_KEYS[ERROR_CODES.invalidCredentials], message }],
    });
  }
}

/** E.164 as ID tokens carry it (Firebase: "+639171234567"); separators some issuers add are dropped. */
function normalisePhone(phone: string): string {
  return phone.replace(/[\s().-]/g, '');
}

/**
 * What a verified token proves about the form: the typed number (with its dialing code) when the
 * token carries the same one, and its e-mail when the issuer verified it and the form names no other.
 */
export function provenBySocial(
  claims: IdTokenClaims,
  mobile: string | null,
  typedEmail: string | null,
): { mobile: boolean; email: string | null } {
  const tokenEmail = claims.email && claims.emailVerified ? claims.email.toLowerCase() : null;
  return {
    mobile: mobile !== null && claims.phoneNumber !== null && normalisePhone(claims.phoneNumber) === mobile,
    email:
      tokenEmail !== null && isEmail(tokenEmail) && (typedEmail === null || typedEmail === tokenEmail)
        ? tokenEmail
        : null,
  };
}

export function socialIdentityTaken(): DomainError {
  const message = 'This Facebook or Google account is already registered, sign in with it instead';
  return new DomainError(ERROR_CODES.usernameTaken, message, {
    fields: [{ field: 'firebaseIdToken', i18nKey: ERROR_I18N_KEYS[ERROR_CODES.usernameTaken], message }],
  });
}
