import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export interface RateLimitResult {
  /** Whether this hit is within the limit (count <= limit). */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window resets when refused; 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters: the first hit on a key opens a window of windowSeconds, every hit in it
 * counts (refused ones too, so hammering a limited key keeps it limited), and the key starts again
 * from zero once the window ends. A key is meant to be used with one window length; put the window
 * in the key when the same subject is limited over several periods (e.g. `sms:ip:1h:…`, `sms:ip:1d:…`).
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Hits in the key's current window, without counting one. */
  peek(key: string, windowSeconds: number): Promise<number>;
  /**
   * Counts a hit and starts the key's window again from now, so the count is of a run of hits that
   * ends windowSeconds after the last one (a streak of failures rather than failures per hour).
   */
  hitAndExtend(key: string, windowSeconds: number): Promise<number>;
  /** Seconds until the key's current window ends (rounded up), or 0 when it has none. */
  secondsLeft(key: string): Promise<number>;
  /** Forgets the key's window, e.g. after a successful sign-in. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

function checkArguments(limit: number, windowSeconds: number): void {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError('limit must be a non-negative integer');
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1)
    throw new RangeError('windowSeconds must be a positive integer');
}

function resultOf(count: number, limit: number, remainingMs: number): RateLimitResult {
  const allowed = count <= limit;
  return { allowed, count, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(remainingMs / 1000)) };
}

/** Counters in this process: right for one server and for tests; replicas would each count alone. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; startedAtMs: number; endsAtMs: number }>();
  private hitsSinceSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    checkArguments(limit, windowSeconds);
    const now = this.now();
    let window = this.liveWindow(key, windowSeconds, now);
    if (window) window.count += 1;
    else {
      window = { count: 1, startedAtMs: now, endsAtMs: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    this.sweep(now);
    return resultOf(window.count, limit, window.endsAtMs - now);
  }

  async peek(key: string, windowSeconds: number): Promise<number> {
    return this.liveWindow(key, windowSeconds, this.now())?.count ?? 0;
  }

  async hitAndExtend(key: string, windowSeconds: number): Promise<number> {
    checkArguments(0, windowSeconds);
    const now = this.now();
    const count = (this.liveWindow(key, windowSeconds, now)?.count ?? 0) + 1;
    this.windows.set(key, { count, startedAtMs: now, endsAtMs: now + windowSeconds * 1000 });
    this.sweep(now);
    return count;
  }

  async secondsLeft(key: string): Promise<number> {
    const now = this.now();
    const window = this.windows.get(key);
    return window && now < window.endsAtMs ? Math.ceil((window.endsAtMs - now) / 1000) : 0;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  /** A window also ends after the caller's windowSeconds, should a key be reused with a shorter one. */
  private liveWindow(key: string, windowSeconds: number, now: number) {
    const window = this.windows.get(key);
    if (!window) return undefined;
    if (now < Math.min(window.endsAtMs, window.startedAtMs + windowSeconds * 1000)) return window;
    this.windows.delete(key);
    return undefined;
  }

  /** Bounds memory under a flood of distinct keys (IPs, numbers) by dropping ended windows now and then. */
  private sweep(now: number): void {
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep < 1000 && this.windows.size < 10_000) return;
    this.hitsSinceSweep = 0;
    for (const [key, window] of this.windows) {
      if (now >= window.endsAtMs) this.windows.delete(key);
    }
  }
}

/**
 * INCR and the window's expiry in one step, so concurrent hits from any number of replicas count
 * exactly and no key is left without an expiry (which would limit it forever). A key found without
 * one (written by other means) gets the window again rather than living on.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return 0 end
if redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return tonumber(count)
`;

const HIT_AND_EXTEND_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return count
`;

interface RateLimitCommands {
  rateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
  rateLimitPeek(key: string, windowMs: number): Promise<number>;
  rateLimitHitAndExtend(key: string, windowMs: number): Promise<number>;
}

/** Counters in Redis, shared by every replica that uses the same Redis and key prefix. */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis & RateLimitCommands;

  constructor(options: { redisUrl: string; keyPrefix: string; onError?: (error: Error) => void }) {
    this.redis = new Redis(options.redisUrl, {
      keyPrefix: options.keyPrefix,
      // Fail a request quickly while Redis is away rather than queueing sign-ins for a minute.
      maxRetriesPerRequest: 2,
      connectTimeout: 5_000,
    }) as Redis & RateLimitCommands;
    // Commands reject while Redis is away, and that is where callers learn of it; without a listener
    // ioredis would also print "Unhandled error event" on every reconnect attempt.
    this.redis.on('error', options.onError ?? (() => undefined));
    // defineCommand sends the script by SHA and loads it on NOSCRIPT, so a Redis restart is harmless.
    this.redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis.defineCommand('rateLimitPeek', { numberOfKeys: 1, lua: PEEK_SCRIPT });
    this.redis.defineCommand('rateLimitHitAndExtend', { numberOfKeys: 1, lua: HIT_AND_EXTEND_SCRIPT });
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    checkArguments(limit, windowSeconds);
    const [count, remainingMs] = await this.redis.rateLimitHit(key, windowSeconds * 1000);
    return resultOf(count, limit, remainingMs);
  }

  async peek(key: string, windowSeconds: number): Promise<number> {
    checkArguments(0, windowSeconds);
    return this.redis.rateLimitPeek(key, windowSeconds * 1000);
  }

  async hitAndExtend(key: string, windowSeconds: number): Promise<number> {
    checkArguments(0, windowSeconds);
    return this.redis.rateLimitHitAndExtend(key, windowSeconds * 1000);
  }

  async secondsLeft(key: string): Promise<number> {
    const remainingMs = await this.redis.pttl(key);
    return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

/** Redis when REDIS_URL is configured, so replicas share counters; this process's memory otherwise. */
export function createRateLimiter(config: {
  redisUrl?: string;
  keyPrefix: string;
  onError?: (error: Error) => void;
}): RateLimiter {
  if (config.redisUrl)
    return new RedisRateLimiter({ redisUrl: config.redisUrl, keyPrefix: config.keyPrefix, onError: config.onError });
  return new MemoryRateLimiter();
}

/** A key prefix no other test run shares. */
export function uniqueKeyPrefix(): string {
  return `palaro-test:${randomBytes(6).toString('hex')}:`;
}
