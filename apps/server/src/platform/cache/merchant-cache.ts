import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database';
import { attachChangeFeed, changeFeedOf, type ChangeFeed } from './change-feed';

/**
 * Something built per merchant from one read, kept in memory until a change to it is announced
 * under `<prefix>:merchant:<id>` (by any replica, through the change feed). One read serves every
 * request waiting for it; a change announced during a read makes that read's result unusable; a
 * failed read is not remembered. `null` from the feed (notices may have been lost) drops everything.
 */
export class MerchantCache<T, M extends { id: number } = { id: number }> {
  private readonly kept = new Map<number, T>();
  private readonly loading = new Map<number, Promise<T>>();
  private readonly topic: RegExp;
  private generation = 0;

  constructor(
    topicPrefix: string,
    private readonly load: (merchant: M) => Promise<T>,
  ) {
    this.topic = new RegExp(`^${topicPrefix}:merchant:(\\d+)$`);
  }

  onChange(topic: string | null): void {
    if (topic === null) {
      this.generation += 1;
      this.kept.clear();
      this.loading.clear();
      return;
    }
    const match = this.topic.exec(topic);
    if (!match) return;
    this.generation += 1;
    this.kept.delete(Number(match[1]));
    this.loading.delete(Number(match[1]));
  }

  of(merchant: M): T | Promise<T> {
    const kept = this.kept.get(merchant.id);
    if (kept !== undefined) return kept;
    let loading = this.loading.get(merchant.id);
    if (!loading) {
      const generation = this.generation;
      const started = this.load(merchant).then((value) => {
        if (this.generation === generation) this.kept.set(merchant.id, value);
        return value;
      });
      started
        .catch(() => undefined)
        .finally(() => {
          if (this.loading.get(merchant.id) === started) this.loading.delete(merchant.id);
        });
      this.loading.set(merchant.id, started);
      loading = started;
    }
    return loading;
  }
}

/**
 * One cache of a kind per change feed, found through the query handle the reads are made on (a
 * handle without a feed — a transaction, a tool — has none, and its reader reads the database).
 */
export class MerchantCacheRegistry<T, M extends { id: number } = { id: number }> {
  private readonly caches = new WeakMap<ChangeFeed, MerchantCache<T, M>>();

  constructor(
    private readonly topicPrefix: string,
    private readonly load: (q: Queryable, merchant: M) => Promise<T>,
  ) {}

  of(q: Queryable): MerchantCache<T, M> | undefined {
    const feed = changeFeedOf(q);
    return feed ? this.caches.get(feed) : undefined;
  }

  /** Starts the cache for the app's database (or joins this process's one on the same handle); answers how to leave. */
  async start(database: Database, log: FastifyBaseLogger): Promise<() => Promise<void>> {
    const { feed, detach } = await attachChangeFeed(database, log);
    if (!this.caches.has(feed)) {
      const cache = new MerchantCache<T, M>(this.topicPrefix, (merchant) => this.load(database.db, merchant));
      feed.subscribe((topic) => cache.onChange(topic));
      this.caches.set(feed, cache);
    }
    return detach;
  }
}
