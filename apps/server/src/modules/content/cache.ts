import type { FastifyBaseLogger } from 'fastify';
import { attachChangeFeed, changeFeedOf, type ChangeFeed } from '../../platform/cache/change-feed';
import type { Database, Queryable } from '../../platform/db/database';
import type { CachedBody } from '../../platform/http/cached-body';
import type { AnnouncementRow } from './schema';
import * as store from './store';

/** What `contentTopic` (store.ts) makes. */
const CONTENT_TOPIC = /^content:merchant:(\d+)$/;

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
    const at = now.getTime();
    const kept = this.bodies.get(key);
    if (kept && kept.from <= at && at < kept.until) return kept.body;
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
}

/**
 * Every merchant's active announcements in memory, read once per merchant and kept until a change
 * to them is announced. One read serves every request waiting for it; a change announced during a
 * read makes that read's result unusable.
 */
export class AnnouncementCache {
  private readonly merchants = new Map<number, MerchantAnnouncements>();
  private readonly loading = new Map<number, Promise<MerchantAnnouncements>>();
  private generation = 0;

  constructor(private readonly db: Queryable) {}

  onChange(topic: string | null): void {
    if (topic === null) {
      this.generation += 1;
      this.merchants.clear();
      this.loading.clear();
      return;
    }
    const match = CONTENT_TOPIC.exec(topic);
    if (!match) return;
    this.generation += 1;
    this.merchants.delete(Number(match[1]));
    this.loading.delete(Number(match[1]));
  }

  of(merchantId: number): MerchantAnnouncements | Promise<MerchantAnnouncements> {
    const kept = this.merchants.get(merchantId);
    if (kept) return kept;
    let loading = this.loading.get(merchantId);
    if (!loading) {
      const generation = this.generation;
      const started = store.listActiveAnnouncements(this.db, merchantId).then((rows) => {
        const announcements = new MerchantAnnouncements(rows);
        if (this.generation === generation) this.merchants.set(merchantId, announcements);
        return announcements;
      });
      // A failed read (the database is down) is not remembered: the next request tries again.
      started.catch(() => undefined).finally(() => {
        if (this.loading.get(merchantId) === started) this.loading.delete(merchantId);
      });
      this.loading.set(merchantId, started);
      loading = started;
    }
    return loading;
  }
}

const caches = new WeakMap<ChangeFeed, AnnouncementCache>();

/** The cache serving reads made through this query handle, if the app started one on it. */
export function announcementCacheOf(q: Queryable): AnnouncementCache | undefined {
  const feed = changeFeedOf(q);
  return feed ? caches.get(feed) : undefined;
}

/** Starts the cache for the app's database (or joins this process's one on the same handle). */
export async function startAnnouncementCache(database: Database, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const { feed, detach } = await attachChangeFeed(database, log);
  if (!caches.has(feed)) {
    const cache = new AnnouncementCache(database.db);
    feed.subscribe((topic) => cache.onChange(topic));
    caches.set(feed, cache);
  }
  return detach;
}
