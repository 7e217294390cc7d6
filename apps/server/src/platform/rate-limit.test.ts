import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MemoryRateLimiter, RedisRateLimiter, createRateLimiter, type RateLimiter } from './rate-limit';

const REDIS_URL = process.env.REDIS_URL;

/** The same behaviour is required of both implementations; each suite supplies its own factory. */
function rateLimiterSuite(name: string, make: () => RateLimiter, skip = false) {
  describe.skipIf(skip)(`${name} (shared behaviour)`, () => {
    const opened: RateLimiter[] = [];
    const open = () => {
      const limiter = make();
      opened.push(limiter);
      return limiter;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((limiter) => limiter.close()));
    });
    const key = () => `test:${randomBytes(6).toString('hex')}`;

    it('allows up to the limit, then refuses with a retry time within the window', async () => {
      const limiter = open();
      const subject = key();
      const results = [];
      for (let attempt = 0; attempt < 5; attempt += 1) results.push(await limiter.hit(subject, 3, 60));
      expect(results.map((result) => result.allowed)).toEqual([true, true, true, false, false]);
      expect(results.map((result) => result.count)).toEqual([1, 2, 3, 4, 5]);
      expect(results[0]!.retryAfterSeconds).toBe(0);
      expect(results[3]!.retryAfterSeconds).toBeGreaterThanOrEqual(59);
      expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    });

    it('keeps keys apart', async () => {
      const limiter = open();
      const [first, second] = [key(), key()];
      await limiter.hit(first, 1, 60);
      expect((await limiter.hit(first, 1, 60)).allowed).toBe(false);
      expect((await limiter.hit(second, 1, 60)).allowed).toBe(true);
    });

    it('peeks without counting, and reset forgets the key', async () => {
      const limiter = open();
      const subject = key();
      expect(await limiter.peek(subject, 60)).toBe(0);
      await limiter.hit(subject, 10, 60);
      await limiter.hit(subject, 10, 60);
      expect(await limiter.peek(subject, 60)).toBe(2);
      expect(await limiter.peek(subject, 60)).toBe(2);
      await limiter.reset(subject);
      expect(await limiter.peek(subject, 60)).toBe(0);
      expect((await limiter.hit(subject, 10, 60)).count).toBe(1);
    });

    it('allows exactly the limit out of 100 concurrent hits', async () => {
      const limiter = open();
      const subject = key();
      const results = await Promise.all(Array.from({ length: 100 }, () => limiter.hit(subject, 10, 60)));
      expect(results.filter((result) => result.allowed)).toHaveLength(10);
      expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 100 }, (_, index) => index + 1),
      );
      expect(await limiter.peek(subject, 60)).toBe(100);
    });

    it('starts a fresh window once the window has passed', async () => {
      const limiter = open();
      const subject = key();
      expect((await limiter.hit(subject, 1, 1)).allowed).toBe(true);
      expect((await limiter.hit(subject, 1, 1)).allowed).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await limiter.peek(subject, 1)).toBe(0);
      expect((await limiter.hit(subject, 1, 1)).allowed).toBe(true);
    });

    it('hitAndExtend counts on and starts the window again; secondsLeft says how long a window lasts', async () => {
      const limiter = open();
      const subject = key();
      expect(await limiter.secondsLeft(subject)).toBe(0);
      await limiter.hit(subject, 5, 60);
      expect(await limiter.secondsLeft(subject)).toBeGreaterThanOrEqual(59);
      expect(await limiter.secondsLeft(subject)).toBeLessThanOrEqual(60);
      expect(await limiter.hitAndExtend(subject, 600)).toBe(2);
      expect(await limiter.hitAndExtend(subject, 600)).toBe(3);
      expect(await limiter.secondsLeft(subject)).toBeGreaterThanOrEqual(599);
      expect(await limiter.peek(subject, 600)).toBe(3);
      expect(await limiter.hitAndExtend(key(), 600)).toBe(1);
      await expect(limiter.hitAndExtend(subject, 0)).rejects.toThrow(RangeError);
    });

    it('treats a limit of 0 as "never" and refuses nonsense arguments', async () => {
      const limiter = open();
      expect((await limiter.hit(key(), 0, 60)).allowed).toBe(false);
      await expect(limiter.hit(key(), -1, 60)).rejects.toThrow(RangeError);
      await expect(limiter.hit(key(), 1, 0)).rejects.toThrow(RangeError);
      await expect(limiter.hit(key(), 1.5, 60)).rejects.toThrow(RangeError);
    });
  });
}

rateLimiterSuite('MemoryRateLimiter', () => new MemoryRateLimiter());

describe('MemoryRateLimiter', () => {
  it('follows the clock it is given, window by window', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(() => now);
    expect((await limiter.hit('k', 2, 10)).allowed).toBe(true);
    now += 4_000;
    expect((await limiter.hit('k', 2, 10)).allowed).toBe(true);
    const refused = await limiter.hit('k', 2, 10);
    expect(refused).toEqual({ allowed: false, count: 3, retryAfterSeconds: 6 });
    now += 6_000;
    expect(await limiter.hit('k', 2, 10)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
  });

  it('hitAndExtend: the run ends only once the window passes without a hit', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(() => now);
    expect(await limiter.hitAndExtend('run', 10)).toBe(1);
    now += 8_000;
    expect(await limiter.hitAndExtend('run', 10)).toBe(2);
    now += 8_000;
    expect(await limiter.peek('run', 10)).toBe(2);
    expect(await limiter.secondsLeft('run')).toBe(2);
    expect(await limiter.hitAndExtend('run', 10)).toBe(3);
    now += 10_000;
    expect(await limiter.peek('run', 10)).toBe(0);
    expect(await limiter.secondsLeft('run')).toBe(0);
    expect(await limiter.hitAndExtend('run', 10)).toBe(1);
  });

  it('drops ended windows so a flood of distinct keys does not grow memory forever', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(() => now);
    for (let index = 0; index < 10_000; index += 1) await limiter.hit(`ip:${index}`, 5, 1);
    now += 2_000;
    await limiter.hit('after', 5, 1);
    const size = (limiter as unknown as { windows: Map<string, unknown> }).windows.size;
    expect(size).toBe(1);
  });
});

describe('createRateLimiter', () => {
  it('uses memory without a Redis URL and Redis with one', async () => {
    const memory = createRateLimiter({ keyPrefix: 'x:' });
    expect(memory).toBeInstanceOf(MemoryRateLimiter);
    await memory.close();
    const redis = createRateLimiter({ redisUrl: 'redis://127.0.0.1:1', keyPrefix: 'x:' });
    expect(redis).toBeInstanceOf(RedisRateLimiter);
    // Never connected (nothing listens on port 1): close must still end cleanly.
    await redis.close().catch(() => undefined);
  });
});

// Runs where REDIS_URL is set (CI sets redis://127.0.0.1:6379). Each run has its own prefix and
// deletes its keys afterwards, so runs never see each other's counters.
const prefix = `palaro-test:${randomBytes(6).toString('hex')}:`;
rateLimiterSuite(
  'RedisRateLimiter',
  () => new RedisRateLimiter({ redisUrl: REDIS_URL!, keyPrefix: prefix }),
  !REDIS_URL,
);

describe.skipIf(!REDIS_URL)('RedisRateLimiter across replicas', () => {
  const admin = REDIS_URL ? new Redis(REDIS_URL) : null;

  afterAll(async () => {
    if (!admin) return;
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  it('stores keys under the prefix, each with an expiry', async () => {
    const limiter = new RedisRateLimiter({ redisUrl: REDIS_URL!, keyPrefix: prefix });
    await limiter.hit('sms:ip:203.0.113.9', 5, 120);
    expect(await admin!.get(`${prefix}sms:ip:203.0.113.9`)).toBe('1');
    const ttl = await admin!.pttl(`${prefix}sms:ip:203.0.113.9`);
    expect(ttl).toBeGreaterThan(115_000);
    expect(ttl).toBeLessThanOrEqual(120_000);
    await limiter.close();
  });

  it('shares counts between two instances, as two replicas would', async () => {
    const replicaA = new RedisRateLimiter({ redisUrl: REDIS_URL!, keyPrefix: prefix });
    const replicaB = new RedisRateLimiter({ redisUrl: REDIS_URL!, keyPrefix: prefix });
    const subject = `login:account:${randomBytes(4).toString('hex')}`;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? replicaA : replicaB).hit(subject, 10, 60)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(10);
    expect(await replicaA.peek(subject, 60)).toBe(40);
    await replicaB.reset(subject);
    expect(await replicaA.peek(subject, 60)).toBe(0);
    await Promise.all([replicaA.close(), replicaB.close()]);
  });

  it('gives a key left without an expiry one again instead of limiting it forever', async () => {
    const limiter = new RedisRateLimiter({ redisUrl: REDIS_URL!, keyPrefix: prefix });
    await admin!.set(`${prefix}stuck`, '7');
    expect((await limiter.hit('stuck', 10, 30)).count).toBe(8);
    expect(await admin!.pttl(`${prefix}stuck`)).toBeGreaterThan(25_000);
    await admin!.set(`${prefix}stuck-peek`, '3');
    expect(await limiter.peek('stuck-peek', 30)).toBe(3);
    expect(await admin!.pttl(`${prefix}stuck-peek`)).toBeGreaterThan(25_000);
    await limiter.close();
  });

  it('keeps keys of other prefixes apart', async () => {
    const mine = new RedisRateLimiter({ redisUrl: REDIS_URL!, keyPrefix: prefix });
    const otherPrefix = `${prefix}other:`;
    const theirs = new RedisRateLimiter({ redisUrl: REDIS_URL!, keyPrefix: otherPrefix });
    await mine.hit('same-key', 1, 60);
    expect((await theirs.hit('same-key', 1, 60)).allowed).toBe(true);
    await Promise.all([mine.close(), theirs.close()]);
  });
});
