import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export type Schema = typeof schema;
/** The query builder both drivers share, so stores never know which one runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: stores take this so callers decide the transaction. */
export type Queryable = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

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
   * this process); answers the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** How long a lost LISTEN connection waits before reconnecting. */
const LISTEN_RETRY_MS = 1000;

/** An arbitrary constant naming Palaro's start-up advisory lock. */
const STARTUP_LOCK_KEY = 7_241_505;

export function fromPglite(client: PGlite, onClose: () => Promise<void> = () => client.close()): Database {
  const db = drizzlePglite({ client, schema });
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

export function fromPool(pool: pg.Pool, onClose: () => Promise<void> = () => pool.end()): Database {
  // An idle connection dropped by the server (a restart, a failover, an administrator) must not
  // crash the process: the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL closed an idle connection: ${error.message}`));
  const db = drizzlePostgres({ client: pool, schema });
  const listeners = new Set<() => Promise<void>>();
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
    listen: async (channel, onPayload) => {
      const stop = await listenOnPool(pool, channel, onPayload);
      const stopOnce = async () => {
        listeners.delete(stopOnce);
        await stop();
      };
      listeners.add(stopOnce);
      return stopOnce;
    },
    // A listening connection is never idle: ending the pool would wait for it forever.
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await onClose();
    },
  };
}

/**
 * LISTEN holds one connection of the pool for as long as it listens; a dropped connection is
 * replaced (notices sent while it was down are lost, so listeners must treat a notice as a hint to
 * re-read, never as the data).
 */
async function listenOnPool(pool: pg.Pool, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  let stopped = false;
  let current: { client: pg.PoolClient; release: (destroy: boolean) => void } | null = null;
  let retry: NodeJS.Timeout | null = null;
  const onNotification = (message: pg.Notification) => {
    if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
  };
  const scheduleReconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((error: unknown) => {
        console.error(`LISTEN ${channel} could not reconnect: ${error instanceof Error ? error.message : String(error)}`);
        scheduleReconnect();
      });
    }, LISTEN_RETRY_MS);
  };
  const connect = async (): Promise<void> => {
    const client = await pool.connect();
    let released = false;
    // Once only, whoever asks first: the pool may already have dropped a dead connection.
    // `on`, not `once`: a dying connection can report more than one error.
    const onError = (error: Error) => {
      if (current?.client !== client) return;
      console.error(`LISTEN ${channel} lost its connection: ${error.message}`);
      current = null;
      release(true);
      scheduleReconnect();
    };
    const release = (destroy: boolean) => {
      if (released) return;
      released = true;
      client.removeListener('notification', onNotification);
      // A destroyed connection may still report errors: keep listening to them, quietly.
      if (!destroy) client.removeListener('error', onError);
      try {
        client.release(destroy);
      } catch {
        // already gone from the pool
      }
    };
    client.on('notification', onNotification);
    client.on('error', onError);
    try {
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      release(true);
      throw error;
    }
    if (stopped) {
      release(false);
      return;
    }
    current = { client, release };
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const listening = current;
    current = null;
    if (!listening) return;
    await listening.client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    listening.release(false);
  };
}

/** A real PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite kept in the data folder. */
export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    await pool.query('select 1');
    return fromPool(pool);
  }
  const pgliteDir = path.join(options.dataDir, 'pglite');
  mkdirSync(pgliteDir, { recursive: true });
  const client = new PGlite(pgliteDir);
  await client.waitReady;
  return fromPglite(client);
}
