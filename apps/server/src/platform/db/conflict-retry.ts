import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, Tx } from './database';
import { isTransactionConflict } from './unavailable';

/**
 * Runs of one transaction when PostgreSQL aborts it for a deadlock or a serialization failure
 * (isTransactionConflict). The transaction committed nothing, so running its body again is safe:
 * a money call's idempotency key is claimed inside it and goes with it. Enough for the contention
 * of a burst; what still collides answers 503 with Retry-After (envelope.ts).
 */
export const TRANSACTION_ATTEMPTS = 4;

/** The wait before the second run, doubled for each next one, with jitter so that the two sides of a deadlock do not meet again. */
const FIRST_RETRY_DELAY_MS = 10;

/**
 * Makes `db.transaction` run a transaction that collided with another again, up to
 * TRANSACTION_ATTEMPTS runs in all, so that a deadlock or a serialization failure never reaches the
 * caller while a run would pass. The one place transactions are retried: every top-level
 * transaction goes through here (a savepoint, `tx.transaction`, is part of its transaction and runs
 * again with it). A body must therefore use only its transaction, and start from nothing kept by
 * an earlier run of it.
 */
export function retryConflictingTransactions(db: Db): void {
  const open = db.transaction.bind(db);
  db.transaction = (async (work: (tx: Tx) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await open(work, config);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isTransactionConflict(error)) throw error;
        await sleep(FIRST_RETRY_DELAY_MS * 2 ** (attempt - 1) * (0.5 + Math.random()));
      }
    }
  }) as Db['transaction'];
}
