import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Queryable, Tx } from '../db/database';

/** The NOTIFY channel on which writers tell every replica's in-memory caches what changed. */
export const CACHE_CHANGES_CHANNEL = 'palaro_cache_changes';

/**
 * A topic names what changed (`site:merchant:7`); a listener drops what it built from it. `null`
 * means "anything may have changed": notices were lost while the LISTEN connection was down.
 */
export type ChangeListener = (topic: string | null) => void;

/**
 * The one subscription of a database handle to cache changes: one LISTEN connection per process
 * and handle, shared by every cache built on that handle (the site's merchants, the content's
 * announcements…). Caches find it through the handle they are given (`changeFeedOf(db)`), so
 * services keep their `(db, …)` signatures and a handle without a feed (a tool, a transaction)
 * simply reads the database.
 */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  deliver(topic: string | null): void {
    for (const listener of this.listeners) listener(topic);
  }
}

interface Attached {
  feed: ChangeFeed;
  users: number;
  stop: () => Promise<void>;
}

/** Keyed by the query handle (`database.db`), which every store call carries. */
const feeds = new WeakMap<object, Attached>();

/** The feed of this query handle, or none (a transaction, a tool's own handle, an app not started). */
export function changeFeedOf(q: Queryable): ChangeFeed | undefined {
  return feeds.get(q)?.feed;
}

/**
 * Starts (or joins) the feed of `database`: several apps on one handle in one process (tests of
 * replicas sharing an embedded database) share it. Answers the function that leaves it; the last
 * one to leave stops listening.
 */
export async function attachChangeFeed(
  database: Database,
  log: FastifyBaseLogger,
): Promise<{ feed: ChangeFeed; detach: () => Promise<void> }> {
  let attached = feeds.get(database.db);
  if (!attached) {
    const feed = new ChangeFeed();
    const entry: Attached = { feed, users: 0, stop: async () => undefined };
    feeds.set(database.db, entry);
    try {
      entry.stop = await database.listen(
        CACHE_CHANGES_CHANNEL,
        (topic) => feed.deliver(topic),
        () => {
          log.info('cache change notices may have been missed while LISTEN was down: caches start over');
          feed.deliver(null);
        },
      );
    } catch (error) {
      feeds.delete(database.db);
      throw error;
    }
    attached = entry;
  }
  attached.users += 1;
  const entry = attached;
  let left = false;
  return {
    feed: entry.feed,
    detach: async () => {
      if (left) return;
      left = true;
      entry.users -= 1;
      if (entry.users > 0) return;
      feeds.delete(database.db);
      // A database already closed (or gone) has stopped listening by itself.
      await entry.stop().catch(() => undefined);
    },
  };
}

/** Topics announced inside a transaction run by `transactionAnnouncing`, delivered here once it commits. */
const announcedIn = new WeakMap<object, Set<string>>();

/**
 * Tells every replica, when the caller's transaction commits, that `topic` changed (PostgreSQL
 * delivers a NOTIFY only on commit, and never for a rolled-back transaction). Stores call it beside
 * the write, so no writer can forget it. Called on the app's own handle (no transaction), this
 * replica hears it at once; inside `transactionAnnouncing`, once the commit returns; inside a plain
 * transaction, only when its own NOTIFY arrives.
 */
export async function announceChange(q: Queryable, topic: string): Promise<void> {
  await announceChanges(q, [topic]);
}

/** announceChange for many topics in one statement (a job that changed many members' rows). */
export async function announceChanges(q: Queryable, topics: readonly string[]): Promise<void> {
  if (topics.length === 0) return;
  await q.execute(
    topics.length === 1
      ? sql`select pg_notify(${CACHE_CHANGES_CHANNEL}, ${topics[0]})`
      : sql`select pg_notify(${CACHE_CHANGES_CHANNEL}, topic) from unnest(${sql.param(topics)}::text[]) as topic`,
  );
  const announced = announcedIn.get(q);
  // Outside a transaction the write before it has committed already: this replica's caches drop
  // it now rather than when its own NOTIFY comes back (a transaction has no feed of its own).
  const feed = changeFeedOf(q);
  for (const topic of topics) {
    announced?.add(topic);
    feed?.deliver(topic);
  }
}

/**
 * `db.transaction(work)` that also tells this process's caches what the transaction announced as
 * soon as the commit returns, so the writer's next read on this replica never sees the old value
 * while the NOTIFY is still on its way (other replicas hear the NOTIFY).
 */
export async function transactionAnnouncing<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const topics = new Set<string>();
  const result = await db.transaction(async (tx) => {
    topics.clear();
    announcedIn.set(tx, topics);
    return work(tx);
  });
  const feed = changeFeedOf(db);
  for (const topic of topics) feed?.deliver(topic);
  return result;
}
