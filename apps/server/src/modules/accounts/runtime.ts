import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { createIdTokenVerifier, type IdTokenVerifier } from '../../platform/identity-token';
import { createEmailProvider, createSmsProvider, type EmailProvider, type SmsProvider } from '../../platform/messaging';
import { createRateLimiter, type RateLimiter } from '../../platform/rate-limit';
import { OutboxEmailProvider, OutboxSmsProvider } from './outbox';


/** The configured ID-token issuer: identities are linked by (issuer, subject). */
export interface SocialSignIn {
  issuer: string;
  verifier: IdTokenVerifier;
}

/** What the accounts module needs besides the database: counters, messengers, a clock. */
export interface AccountsRuntime {
  limiter: RateLimiter;
  /** The SMS provider for one merchant's messages: the outbox records the merchant, the HTTP gateway ignores it. */
  sms: (merchantId: number) => SmsProvider;
  /** The e-mail provider for one merchant's messages (the outbox). */
  email: (merchantId: number) => EmailProvider;
  /** Verifies Facebook/Google (Firebase) ID tokens; null when no issuer is configured. */
  idTokens: SocialSignIn | null;
  now: () => Date;
}

export interface AccountsOptions {
  /** Prefix of every rate-limit key (tests use a fresh one so runs never share counters). */
  keyPrefix?: string;
  overrides?: Partial<AccountsRuntime>;
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

/**
 * Builds the runtime from the configuration: Redis counters when REDIS_URL is set, the HTTP SMS
 * gateway when SMS_HTTP_URL is set (the outbox otherwise), e-mail to the outbox. Anything in
 * `options.overrides` replaces the configured part (tests inject a clock or a provider).
 */
export function createAccountsRuntime(
  db: Db,
  config: AppConfig,
  log: FastifyBaseLogger,
  options: AccountsOptions = {},
): AccountsRuntime {
  const revealCodesInLog = config.nodeEnv !== 'production';
  const overrides = options.overrides ?? {};
  return {
    limiter:
      overrides.limiter ??
      createRateLimiter({ redisUrl: config.redisUrl, keyPrefix: options.keyPrefix ?? 'palaro:rl:' }),
    // Built per message (providers hold no state): the outbox needs the merchant, a gateway does not.
    sms: overrides.sms ?? ((merchantId) => createSmsProvider(config, new OutboxSmsProvider(db, log, revealCodesInLog, merchantId))),
    email: overrides.email ?? ((merchantId) => createEmailProvider(config, new OutboxEmailProvider(db, log, revealCodesInLog, merchantId))),
    idTokens: overrides.idTokens !== undefined ? overrides.idTokens : socialSignInFromEnv(process.env),
    now: overrides.now ?? (() => new Date()),
  };
}

/** A key prefix no other test run shares. */
export function uniqueKeyPrefix(): string {
  return `palaro-test:${randomBytes(6).toString('hex')}:`;
}
