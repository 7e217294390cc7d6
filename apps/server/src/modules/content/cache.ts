import type { FastifyBaseLogger } from 'fastify';
import { MerchantCacheRegistry, type MerchantCache } from '../../platform/cache/merchant-cache';
import type { Database, Queryable } from '../../platform/db/database';
import type { CachedBody } from '../../platform/http/cached-body';
import type { AnnouncementRow } from './schema';
import * as store from './store';

/** Serialized answers kept per merchant; beyond this many distinct queries they start over. */
const MAX_BODIES_PER_MERCHANT = 256;

interface KeptBody {
  body: CachedBody;
  /** The answer holds for any time in [from, until): no row of the merchant is published in between. */
  from: number;
  until: number;
}

/** A merchant's active announcements, in the home's order, and answers already serialized from them. */
export class MerchantAnnouncements {
  private readonly bodies = new Map<string, KeptBody>();

  constructor(readonly rows: readonly AnnouncementRow[]) {}

  /**
   * The answer to `key` at `now`: kept while no row's publication time falls between the moment
   * it was made for and now (a scheduled announcement appears on time without any notice).
   */
  body(key: string, now: Date, make: () => CachedBody): CachedBody {
    const kept = this.keptBody(key, now);
    if (kept) return kept;
    const at = now.getTime();
    let from = -Infinity;
    let until = Infinity;
    for (const row of this.rows) {
      const publishedAt = row.publishedAt.getTime();
      if (publishedAt <= at) from = Math.max(from, publishedAt);
      else until = Math.min(until, publishedAt);
    }
    const body = make();
    if (this.bodies.size >= MAX_BODIES_PER_MERCHANT) this.bodies.clear();
    this.bodies.set(key, { body, from, until });
    return body;
  }

  /** The answer to `key` when one is kept and still holds at `now`. */
  keptBody(key: string, now: Date): CachedBody | undefined {
    const at = now.getTime();
    const kept = this.bodies.get(key);
    return kept && kept.from <= at && at < kept.until ? kept.body : undefined;
  }
}

/**
 * Every merchant's active announcements in memory, read once per merchant and kept until a change
 * to them is announced (`contentTopic`, store.ts), like every per-merchant cache (platform/cache).
 */
const announcementCaches = new MerchantCacheRegistry<MerchantAnnouncements>(
  'content',
  async (q, merchant) => new MerchantAnnouncements(await store.listActiveAnnouncements(q, merchant.id)),
);

/** The cache serving reads made through this query handle, if the app started one on it. */
export function announcementCacheOf(q: Queryable): MerchantCache<MerchantAnnouncements> | undefined {
  return announcementCaches.of(q);
}

/** Starts the cache for the app's database (or joins this process's one on the same handle). */
export function startAnnouncementCache(database: Database, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  return announcementCaches.start(database, log);
}
