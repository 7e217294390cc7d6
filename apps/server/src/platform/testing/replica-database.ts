import pg from 'pg';
import { fromPool, type Database } from '../db/database';
import { createLogger } from '../logger';
import { testDatabaseUrl } from './test-database';

/**
 * What a second server replica in a test opens: on the real PostgreSQL its own connection pool on
 * the test's database, so only NOTIFY tells it of another replica's changes; on the embedded
 * database the same handle (one process, one database). Close it with `closeReplicaDatabase`.
 */
export async function openReplicaDatabase(database: Database): Promise<Database> {
  if (database.kind !== 'postgres') return database;
  return fromPool(new pg.Pool({ connectionString: await testDatabaseUrl(database), max: 4 }), {
    log: createLogger({ logLevel: 'silent' }),
  });
}

/** Closes what `openReplicaDatabase` opened (nothing when it handed back the test's own database). */
export async function closeReplicaDatabase(replica: Database | undefined, database: Database): Promise<void> {
  if (replica && replica !== database) await replica.close();
}
