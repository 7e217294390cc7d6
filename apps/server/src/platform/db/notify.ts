import { sql } from 'drizzle-orm';
import type { Db, Queryable } from './database';

/** Sends each payload on `channel`, in one statement; PostgreSQL delivers them only if `q`'s transaction commits. */
export async function notifyEach(q: Queryable, channel: string, payloads: readonly string[]): Promise<void> {
  await q.execute(sql`select pg_notify(${channel}, payload) from unnest(${sql.param(payloads)}::text[]) as payload`);
}

/**
 * notifyEach as one statement in a transaction of its own, which does not wait for its commit to
 * reach the disk: synchronous_commit is set for that transaction alone. For what moves nothing.
 */
export async function notifyEachWithoutFlushWait(db: Db, channel: string, payloads: readonly string[]): Promise<void> {
  await db.execute(sql`select set_config('synchronous_commit', 'off', true), pg_notify(${channel}, payload)
          from unnest(${sql.param(payloads)}::text[]) as payload`);
}
