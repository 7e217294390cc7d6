import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { createLogger, OUTAGE_LOG_INTERVAL_MS, ThrottledLog, type Logger } from '../logger';
import { runAfterCommits } from './after-commit';
import { retryConflictingTransactions } from './conflict-retry';
import { PoolListener } from './pool-listener';
import { admitToPool, admittedPglite, DEFAULT_DATABASE_QUEUE_LIMIT } from './admission';
import { serverPath } from '../server-root';

export const MIGRATIONS_FOLDER = serverPath('drizzle');

/**
 * The query builder both drivers share, so stores never know which one runs underneath. It knows
 * no tables: each module's store imports its own, and the platform never imports a module.
 */
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Either the database or an open transaction: stores take this so callers decide the transaction. */
export type Queryable = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

/** One round trip that answers while the database does, and throws the driver's error when it does not. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other server process runs start-up work on the same database, so replicas
   * starting together do not race through migrations and the seed.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel` from any process on this database (for PGlite,
   * this process); answers the function that stops listening. A lost connection is replaced, and
   * `onReconnected` called once it listens again: notices sent while it was down are lost, so the
   * listener re-reads whatever it keeps current.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnected?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** An arbitrary constant naming Palaro's start-up advisory lock. */
const STARTUP_LOCK_KEY = 7_241_505;

export function fromPglite(
  client: PGlite,
  onClose: () => Promise<void> = () => client.close(),
  queueLimit = DEFAULT_DATABASE_QUEUE_LIMIT,
): Database {
  const db = drizzlePglite({ client: admittedPglite(client, queueLimit) });
  runAfterCommits(db as unknown as Db);
  retryConflictingTransactions(db as unknown as Db);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    // An embedded database belongs to one process: nothing else can run start-up work on it.
    exclusively: (work) => work(),
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    close: onClose,
  };
}

/** Where a pool's connection problems are written when its owner names no logger (tools, benches). */
const fallbackLog = (): Logger => createLogger({ logLevel: 'warn' });

export function fromPool(
  pool: pg.Pool,
  options: { log?: Logger; onClose?: () => Promise<void>; queueLimit?: number } = {},
): Database {
  const log = options.log ?? fallbackLog();
  const onClose = options.onClose ?? (() => pool.end());
  // A connection ended by the server (a restart, a failover, an administrator) must not crash the
  // process. node-postgres raises it as an 'error' event on the connection when no query of it is
  // running — idle in the pool, or lent out between two statements of a transaction — and an
  // event nobody listens to is thrown. Every connection gets a listener as it opens: the pool
  // drops the connection (the transaction's next statement fails, and the request answers 503).
  // A restart ends them all at once: one log line stands for many.
  const endedConnections = new ThrottledLog(OUTAGE_LOG_INTERVAL_MS);
  const onConnectionError = (error: Error) =>
    endedConnections.occurred((connections) => log.warn({ err: error, connections }, 'PostgreSQL ended connections'));
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // The pool repeats an idle connection's error: already logged by the connection's listener.
  pool.on('error', () => undefined);
  giveBackDeadConnections(pool);
  admitToPool(pool, options.queueLimit ?? DEFAULT_DATABASE_QUEUE_LIMIT);
  const db = drizzlePostgres({ client: pool });
  runAfterCommits(db as unknown as Db);
  retryConflictingTransactions(db as unknown as Db);
  const listener = new PoolListener(pool, log, OUTAGE_LOG_INTERVAL_MS);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    exclusively: async (work) => {
      const lockHolder = await pool.connect();
      try {
        await lockHolder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        await lockHolder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        lockHolder.release();
      }
    },
    listen: (channel, onPayload, onReconnected) => listener.listen(channel, onPayload, onReconnected),
    // A listening connection is never idle: ending the pool would wait for it forever.
    close: async () => {
      await listener.close();
      await onClose();
    },
  };
}

/**
 * A connection lent out by `pool.connect()` whose connection dies is given back to the pool (and
 * so dropped) by its error event, once; a later release of it by its borrower does nothing.
 * drizzle-orm 0.45's node-postgres transaction sends BEGIN before its try/finally: a connection
 * that dies on BEGIN is never released, and without this every database restart would take
 * connections from the pool for good, until none is left.
 */
function giveBackDeadConnections(pool: pg.Pool): void {
  const lend = pool.connect.bind(pool);
  async function connectGivingBackDead(): Promise<pg.PoolClient> {
    const client = await lend();
    const release = client.release.bind(client);
    let released = false;
    const releaseOnce = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('error', giveBack);
      release(error);
    };
    const giveBack = (error: Error) => releaseOnce(error);
    client.on('error', giveBack);
    client.release = releaseOnce;
    return client;
  }
  // pool.query() borrows with a callback and always releases: only promise borrowers are wrapped.
  pool.connect = ((callback?: Parameters<typeof lend>[0]) =>
    callback ? lend(callback) : connectGivingBackDead()) as typeof pool.connect;
}

/**
 * A connection that cannot be made within this long fails (the request answers 503) instead of
 * waiting for a database that drops packets rather than refusing them.
 */
const CONNECT_TIMEOUT_MS = 5000;

/** A real PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite kept in the data folder. */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  log?: Logger;
  databaseQueueLimit?: number;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    await pool.query('select 1');
    return fromPool(pool, { log: options.log, queueLimit: options.databaseQueueLimit });
  }
  const pgliteDir = path.join(options.dataDir, 'pglite');
  mkdirSync(pgliteDir, { recursive: true });
  const client = new PGlite(pgliteDir);
  await client.waitReady;
  return fromPglite(client, () => client.close(), options.databaseQueueLimit);
}
