import type { FastifyBaseLogger } from 'fastify';
import { MerchantCacheRegistry, type MerchantCache } from '../../platform/cache/merchant-cache';
import type { Database, Queryable } from '../../platform/db/database';
import type { CachedBody } from '../../platform/http/cached-body';
import type { AnnouncementRow, HelpArticleRow, HelpCategoryRow, UserAgreementRow } from './schema';
import * as store from './store';

/** Serialized answers kept per merchant; beyond this many distinct queries they start over. */
const MAX_BODIES_PER_MERCHANT = 256;

interface KeptBody {
  body: CachedBody;
  /** The answer holds for any time in [from, until): no scheduled instant of the merchant falls in between. */
  from: number;
  until: number;
}

/**
 * Answers serialized from one merchant's rows, each kept for the span of time in which it cannot
 * change: between the last scheduled instant (a publication, an expiry) at or before the moment
 * it was made and the next one after. A scheduled row appears, and an expired one goes, on time
 * without any notice and without a timer; a change the operator makes is announced and drops the
 * whole set (the registry below).
 */
class TimedBodies {
  private readonly bodies = new Map<string, KeptBody>();

  /** `instants`: every time at which some answer may change by itself, in ms. */
  constructor(private readonly instants: readonly number[]) {}

  body(key: string, now: Date, make: () => CachedBody): CachedBody {
    const kept = this.keptBody(key, now);
    if (kept) return kept;
    const at = now.getTime();
    let from = -Infinity;
    let until = Infinity;
    for (const instant of this.instants) {
      if (instant <= at) from = Math.max(from, instant);
      else until = Math.min(until, instant);
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

/** A merchant's active announcements, in the home's order, and answers already serialized from them. */
export class MerchantAnnouncements extends TimedBodies {
  constructor(readonly rows: readonly AnnouncementRow[]) {
    super(rows.flatMap((row) => [row.publishedAt.getTime(), ...(row.expiresAt ? [row.expiresAt.getTime()] : [])]));
  }
}

/** A merchant's help centre and user agreements, and answers already serialized from them. */
export class MerchantPages extends TimedBodies {
  constructor(
    readonly categories: readonly HelpCategoryRow[],
    readonly articles: readonly HelpArticleRow[],
    /** Newest version first. */
    readonly agreements: readonly UserAgreementRow[],
  ) {
    super(agreements.map((agreement) => agreement.publishedAt.getTime()));
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

/** A merchant's help centre and terms read now (what the cache keeps, or a read without one). */
export async function loadPages(q: Queryable, merchantId: number): Promise<MerchantPages> {
  const [categories, articles, agreements] = await Promise.all([
    store.listHelpCategories(q, merchantId),
    store.listActiveHelpArticles(q, merchantId),
    store.listAgreements(q, merchantId),
  ]);
  return new MerchantPages(categories, articles, agreements);
}

/** The help centre and agreements likewise, under their own topic (`pagesTopic`, store.ts). */
const pageCaches = new MerchantCacheRegistry<MerchantPages>('content-pages', (q, merchant) =>
  loadPages(q, merchant.id),
);

/** The cache serving reads made through this query handle, if the app started one on it. */
export function announcementCacheOf(q: Queryable): MerchantCache<MerchantAnnouncements> | undefined {
  return announcementCaches.of(q);
}

export function pageCacheOf(q: Queryable): MerchantCache<MerchantPages> | undefined {
  return pageCaches.of(q);
}

/** Starts both caches for the app's database (or joins this process's ones on the same handle). */
export async function startContentCaches(database: Database, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const stops = await Promise.all([announcementCaches.start(database, log), pageCaches.start(database, log)]);
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
