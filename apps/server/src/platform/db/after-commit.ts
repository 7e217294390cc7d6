import type { Db, Tx } from './database';

type AfterCommit = (db: Db) => void;

/** The callbacks each open transaction will run once committed, by the transaction `db.transaction` gave. */
const callbacksOf = new WeakMap<Tx, AfterCommit[]>();

/**
 * Runs `callback` with the database once `tx` has committed, never when it rolls back. Answers
 * false, registering nothing, when `tx` is not a transaction `db.transaction` opened (a savepoint's,
 * or one of a database not prepared by runAfterCommits): the caller then does its work inside `tx`.
 */
export function afterCommit(tx: Tx, callback: AfterCommit): boolean {
  const callbacks = callbacksOf.get(tx);
  if (!callbacks) return false;
  callbacks.push(callback);
  return true;
}

/**
 * Makes `db.transaction` run the callbacks its transactions register with afterCommit, in order,
 * right after the commit and before it answers. Work that only needs to happen once the
 * transaction's effects are visible (telling other processes about them) can then leave the
 * transaction: a NOTIFY inside it takes a database-wide lock from its commit until the commit's
 * flush to disk, which lines every notifying transaction up behind the one before.
 */
export function runAfterCommits(db: Db): void {
  const open = db.transaction.bind(db);
  db.transaction = (async (work: (tx: Tx) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) => {
    const callbacks: AfterCommit[] = [];
    const answer = await open(async (tx) => {
      callbacksOf.set(tx, callbacks);
      return work(tx);
    }, config);
    for (const callback of callbacks) callback(db);
    return answer;
  }) as Db['transaction'];
}
