import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * How many database calls may wait for the database at once (beyond those it is running) before
 * further ones are refused: a bounded queue in front of the database. Past it, a request answers
 * 503 with Retry-After at once instead of joining a queue that would only make every request
 * slower until clients time out. 256 is more than 100 connections' worth of sequential queries.
 */
export const DEFAULT_DATABASE_QUEUE_LIMIT = 256;

/** How long a client refused for a full queue is asked to wait: a burst passes in about that long. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 1;

/** The database's queue is full: this call was refused without waiting (answered 503, Retry-After). */
export class DatabaseBusyError extends Error {
  constructor() {
    super('The database has too many calls waiting');
    this.name = 'DatabaseBusyError';
  }
}

/**
 * The embedded database runs one statement at a time; this counts the calls the app's query
 * builder makes (a statement, or a whole transaction) from the moment they are made until they
 * finish, and refuses one when `queueLimit` are already waiting behind the running one. Only the
 * query builder's calls pass through it (it is handed this object, never the client): PGlite's own
 * inner calls, a transaction's statements and LISTEN are never refused half-way.
 */
export function admittedPglite(client: PGlite, queueLimit: number): PGlite {
  let inFlight = 0;
  const admit = async <T>(work: () => Promise<T>): Promise<T> => {
    if (inFlight > queueLimit) throw new DatabaseBusyError();
    inFlight += 1;
    try {
      return await work();
    } finally {
      inFlight -= 1;
    }
  };
  const admitted = {
    query: (...args: Parameters<PGlite['query']>) => admit(() => client.query(...args)),
    transaction: (...args: Parameters<PGlite['transaction']>) => admit(() => client.transaction(...args)),
  };
  return admitted as unknown as PGlite;
}

/**
 * A pool queues callers once all its connections are lent; this refuses a new caller (a query or
 * a transaction's connection) while `queueLimit` are already queued, instead of queueing it until
 * the connection timeout. Applies to every borrower of the pool.
 */
export function admitToPool(pool: pg.Pool, queueLimit: number): void {
  const connect = pool.connect.bind(pool);
  const query = pool.query.bind(pool);
  const refuse = () => pool.waitingCount >= queueLimit;
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => {
    if (!refuse()) return callback ? connect(callback) : connect();
    if (!callback) return Promise.reject(new DatabaseBusyError());
    callback(new DatabaseBusyError(), undefined as unknown as pg.PoolClient, () => undefined);
    return undefined;
  }) as typeof pool.connect;
  pool.query = ((...args: Parameters<typeof query>) => {
    if (refuse()) return Promise.reject(new DatabaseBusyError());
    return (query as (...values: unknown[]) => unknown)(...args);
  }) as typeof pool.query;
}

/** Whether `error` is, or was caused by, a refusal for a full queue (drizzle wraps the driver's errors). */
export function isDatabaseBusy(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current instanceof DatabaseBusyError) return true;
  }
  return false;
}
