import type { FastifyBaseLogger } from 'fastify';
import { attachChangeFeed, changeFeedOf, type ChangeFeed } from '../../platform/cache/change-feed';
import type { Database, Queryable } from '../../platform/db/database';
import { type Recipient, unreadCountOf } from './store';

/** The topic a change to one member's inbox is announced under. */
export function memberInboxTopic(merchantId: number, memberId: number): string {
  return `inbox:merchant:${merchantId}:member:${memberId}`;
}

/** The topic of a broadcast: every member of the merchant may count one more. */
export function merchantInboxTopic(merchantId: number): string {
  return `inbox:merchant:${merchantId}`;
}

const TOPIC = /^inbox:merchant:(\d+)(?::member:(\d+))?$/;

/**
 * A count kept this long at most, even when no change was heard: a change notice lost on its way
 * (sent after the commit, it can fail while the database restarts) is then wrong for a minute, not
 * for the life of the process.
 */
const KEPT_MS = 60_000;
/** Beyond this many members' counts the kept ones start over (about 100 bytes each). */
const MAX_KEPT = 200_000;

interface Kept {
  count: number;
  /** The count holds for this VIP level and member type (a promotion changes what reaches the member). */
  audienceKey: string;
  at: number;
}

type CountListener = () => void;

/**
 * Every member's unread count in memory, read from the database once and kept until a change to
 * their inbox (or a broadcast to their merchant) is announced on the change feed — by any replica.
 * Serves the badge with no query per request, and tells the member's open event streams that
 * their count changed so they push it.
 */
export class UnreadCounts {
  private readonly kept = new Map<string, Kept>();
  /** The read in flight per member; a change drops it, so a read that started before is not kept. */
  private readonly loading = new Map<string, Promise<number>>();
  private readonly listeners = new Map<string, Set<CountListener>>();

  constructor(
    private readonly q: Queryable,
    private readonly clock: () => number,
  ) {}

  onChange(topic: string | null): void {
    if (topic === null) return this.drop(this.keysWhere(() => true));
    const match = TOPIC.exec(topic);
    if (!match) return;
    if (match[2] !== undefined) return this.drop([`${match[1]}:${match[2]}`]);
    // A broadcast: every member of the merchant may count one more.
    const prefix = `${match[1]}:`;
    this.drop(this.keysWhere((key) => key.startsWith(prefix)));
  }

  private keysWhere(test: (key: string) => boolean): Set<string> {
    const keys = new Set<string>();
    for (const map of [this.kept, this.loading, this.listeners])
      for (const key of map.keys()) if (test(key)) keys.add(key);
    return keys;
  }

  private drop(keys: Iterable<string>): void {
    const dropped = [...keys];
    for (const key of dropped) {
      this.kept.delete(key);
      this.loading.delete(key);
    }
    for (const key of dropped) for (const listener of this.listeners.get(key) ?? []) listener();
  }

  /** The member's unread count: kept, or read once for every request waiting on it. */
  count(recipient: Recipient): Promise<number> | number {
    const key = `${recipient.merchantId}:${recipient.memberId}`;
    const audienceKey = `${recipient.vipLevel}:${recipient.memberType}`;
    const kept = this.kept.get(key);
    if (kept && kept.audienceKey === audienceKey && this.clock() - kept.at < KEPT_MS) return kept.count;
    return this.loading.get(key) ?? this.read(key, audienceKey, recipient);
  }

  private read(key: string, audienceKey: string, recipient: Recipient): Promise<number> {
    const started: Promise<number> = unreadCountOf(this.q, recipient).then((count) => {
      if (this.loading.get(key) === started) {
        if (this.kept.size >= MAX_KEPT) this.kept.clear();
        this.kept.set(key, { count, audienceKey, at: this.clock() });
      }
      return count;
    });
    started
      .catch(() => undefined)
      .finally(() => {
        if (this.loading.get(key) === started) this.loading.delete(key);
      });
    this.loading.set(key, started);
    return started;
  }

  /** Calls `listener` whenever the member's count may have changed; answers the unsubscribe function. */
  subscribe(merchantId: number, memberId: number, listener: CountListener): () => void {
    const key = `${merchantId}:${memberId}`;
    const set = this.listeners.get(key) ?? new Set<CountListener>();
    set.add(listener);
    this.listeners.set(key, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }
}

/** One set of counts per change feed (one per app database), found through the query handle. */
const countsByFeed = new WeakMap<ChangeFeed, UnreadCounts>();

export function unreadCountsOf(q: Queryable): UnreadCounts | undefined {
  const feed = changeFeedOf(q);
  return feed ? countsByFeed.get(feed) : undefined;
}

/** Starts the counts for the app's database (or joins this process's on the same handle); answers how to leave. */
export async function startUnreadCounts(
  database: Database,
  log: FastifyBaseLogger,
  clock: () => number,
): Promise<() => Promise<void>> {
  const { feed, detach } = await attachChangeFeed(database, log);
  if (!countsByFeed.has(feed)) {
    const counts = new UnreadCounts(database.db, clock);
    feed.subscribe((topic) => counts.onChange(topic));
    countsByFeed.set(feed, counts);
  }
  return detach;
}
