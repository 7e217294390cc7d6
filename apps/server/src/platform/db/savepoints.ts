import { sql } from 'drizzle-orm';
import type { Tx } from './database';

/*
 * Savepoints by name, inside an open transaction. The name is the caller's constant, never input:
 * a savepoint's name cannot travel as a parameter.
 */

export async function setSavepoint(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql.raw(`savepoint ${name}`));
}

export async function rollbackToSavepoint(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql.raw(`rollback to savepoint ${name}`));
}

export async function releaseSavepoint(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql.raw(`release savepoint ${name}`));
}

/**
 * releaseSavepoint then setSavepoint in one round trip. PostgreSQL only: its simple protocol takes
 * several statements in one query, PGlite's query does not.
 */
export async function releaseAndSetSavepoint(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql.raw(`release savepoint ${name}; savepoint ${name}`));
}
