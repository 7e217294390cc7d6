import type { FastifyBaseLogger } from 'fastify';
import { devClockOffset } from './dev-clock';
import type { AppConfig } from './config';
import type { Database, Db } from './db/database';
import type { SocialSignIn } from './identity-token';
import type { JobQueue } from './jobs/scheduler';
import { createEmailProvider, createSmsProvider, type EmailProvider, type SmsProvider } from './messaging';
import { createRateLimiter, type RateLimiter } from './rate-limit';

/** Where a merchant's SMS and e-mail go: the configured gateway, or the fallback (the outbox). */
export interface Messaging {
  sms(merchantId: number): SmsProvider;
  email(merchantId: number): EmailProvider;
}

/**
 * What every module is given by the app, once: settings, the database, the clock, the logger, the
 * shared counters, the messengers and the ID-token verifier. Services take it (or the request
 * context built on it) instead of reaching for globals, so a test can replace any part.
 */
export interface PlatformContext {
  config: AppConfig;
  /** The database: migrations, LISTEN, closing. Queries go through `db`. */
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  /** The one clock: services never call `new Date()` for "now". */
  now: () => Date;
  limiter: RateLimiter;
  messaging: Messaging;
  /** Verifies Facebook/Google (Firebase) ID tokens; null when no issuer is configured. */
  idTokens: SocialSignIn | null;
  /**
   * Enqueues work on the one job scheduler (a draw at its time, a settlement once by its unique
   * key); pass the transaction so the job exists only if the business change commits.
   */
  jobs: JobQueue;
}

/** One request's context: the platform plus the merchant it belongs to and who sent it. */
export interface RequestContext<TMerchant extends { id: number } = { id: number }> extends PlatformContext {
  merchant: TMerchant;
  ip: string;
  /** The client's Device header and user agent, shortened; shown in the sign-in history. */
  device: string;
}

/** Rate-limit key scoped to the request's merchant. */
export function limitKey(ctx: Pick<RequestContext, 'merchant'>, ...parts: string[]): string {
  return [`m${ctx.merchant.id}`, ...parts].join(':');
}

export interface PlatformOptions {
  /** Prefix of every rate-limit key (tests use a fresh one so runs never share counters). */
  keyPrefix?: string;
  /** Parts that replace the configured ones (tests inject a clock, counters or a verifier). */
  overrides?: Partial<Pick<PlatformContext, 'now' | 'limiter' | 'messaging' | 'idTokens'>>;
}

export interface PlatformParts {
  config: AppConfig;
  jobs: JobQueue;
  database: Database;
  log: FastifyBaseLogger;
  /** The messengers used when no gateway is configured (the app passes the outbox's). */
  fallbackMessaging: Messaging;
  /** The verifier configured from the environment (SOCIAL_ID_*), null when none is. */
  idTokens: SocialSignIn | null;
}

/**
 * Builds the context from the configuration: Redis counters when REDIS_URL is set, the HTTP SMS and
 * e-mail gateways when configured (the fallback otherwise). `close` releases what it created.
 */
export function createPlatformContext(
  parts: PlatformParts,
  options: PlatformOptions = {},
): PlatformContext & { close(): Promise<void> } {
  const { config, database, log, fallbackMessaging } = parts;
  const overrides = options.overrides ?? {};
  const limiter =
    overrides.limiter ?? createRateLimiter({ redisUrl: config.redisUrl, keyPrefix: options.keyPrefix ?? 'palaro:rl:' });
  return {
    config,
    jobs: parts.jobs,
    database,
    db: database.db,
    log,
    now: overrides.now ?? (() => new Date(Date.now() + devClockOffset())),
    limiter,
    messaging: overrides.messaging ?? {
      sms: (merchantId) => createSmsProvider(config, fallbackMessaging.sms(merchantId)),
      email: (merchantId) => createEmailProvider(config, fallbackMessaging.email(merchantId)),
    },
    idTokens: overrides.idTokens !== undefined ? overrides.idTokens : parts.idTokens,
    // Counters handed in belong to the caller.
    close: async () => {
      if (!overrides.limiter) await limiter.close();
    },
  };
}
