import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { fromPglite, fromPool, MIGRATIONS_FOLDER, type Database } from '../db/database';
import { createLogger } from '../logger';

/** Changes whenever a migration changes, so a stale snapshot is never reused. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    if (name.endsWith('.sql') || name.endsWith('.json'))
      hash.update(name).update(readFileSync(path.join(MIGRATIONS_FOLDER, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite data folder as a tarball, made once and shared through the temp folder by
 * every test process: initdb plus migrations costs seconds, loading the snapshot well under one.
 */
async function migratedSnapshot(): Promise<Blob> {
  const snapshotPath = path.join(os.tmpdir(), `palaro-pglite-${migrationsFingerprint()}.tar`);
  try {
    return new Blob([await readFile(snapshotPath)]);
  } catch {
    const client = new PGlite();
    const database = fromPglite(client);
    await database.migrate();
    const snapshot = await client.dumpDataDir('none');
    await client.close();
    const bytes = Buffer.from(await snapshot.arrayBuffer());
    // Written under a unique name then renamed, so a parallel worker never reads half a file.
    const partialPath = `${snapshotPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partialPath, bytes);
    await rename(partialPath, snapshotPath);
    return new Blob([bytes]);
  }
}

/**
 * A fresh, migrated, empty in-memory PGlite, whatever DATABASE_URL says; `queueLimit` bounds the
 * calls that may wait for it (platform/db/admission.ts).
 */
export async function createEmbeddedTestDatabase(options: { queueLimit?: number } = {}): Promise<Database> {
  const client = new PGlite({ loadDataDir: await migratedSnapshot() });
  await client.waitReady;
  return fromPglite(client, () => client.close(), options.queueLimit);
}

/**
 * A fresh, migrated, empty database for one test file. With DATABASE_URL it is a new randomly
 * named database on that server, dropped by close(); otherwise an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return createEmbeddedTestDatabase();
  const databaseName = `palaro_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  // Each handle keeps one LISTEN connection (the balance stream, the job scheduler and the cache
  // changes share it), and tests run up to three apps on one database: room for their queries too.
  const pool = new pg.Pool({ connectionString: url.toString(), max: 12 });
  refuseOverlappingQueries(pool);
  const database = fromPool(pool, {
    log: createLogger({ logLevel: 'silent' }),
    onClose: async () => {
      await pool.end();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${databaseName} with (force)`);
      await dropper.end();
    },
  });
  await database.migrate();
  return database;
}

type QueryArguments = unknown[];

/**
 * Makes each connection of a test pool refuse a query sent while another of its queries runs, as
 * node-postgres 9 will (8 queues it, with a deprecation warning once per process): statements of one
 * transaction sent at once (a Promise.all over `tx`) then fail their test instead of passing.
 */
function refuseOverlappingQueries(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const send = client.query.bind(client) as (...args: QueryArguments) => unknown;
    let running = false;
    client.query = ((...args: QueryArguments) => {
      const callback = typeof args.at(-1) === 'function' ? (args.at(-1) as (...results: unknown[]) => void) : undefined;
      if (running) {
        const error = new Error(
          "client.query() while this connection is already executing a query: one transaction's statements must run one after the other",
        );
        if (!callback) return Promise.reject(error);
        process.nextTick(() => callback(error));
        return undefined;
      }
      running = true;
      if (callback) {
        args[args.length - 1] = (...results: unknown[]) => {
          running = false;
          callback(...results);
        };
        return send(...args);
      }
      const result = send(...args);
      const done = () => {
        running = false;
      };
      // A promise's reactions run in the order they were added: this one before its caller's.
      if (result instanceof Promise) result.then(done, done);
      else done();
      return result;
    }) as typeof client.query;
  });
}

/** The connection URL of a test database made by `createTestDatabase` on DATABASE_URL's server. */
export async function testDatabaseUrl(database: Database): Promise<string> {
  const result = await database.db.execute(sql`select current_database() as name`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]!.name}`;
  return url.toString();
}
