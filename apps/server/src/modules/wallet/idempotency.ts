import { createHash } from 'node:crypto';
import { ERROR_CODES } from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { assertIdempotencyKey } from '../../platform/http/idempotency-key';
import * as store from './store';

/**
 * One money-moving call as the idempotency helper sees it, the same shape for every area: who, the
 * client's key (a plain string: the route read it with `idempotencyKeyOf`), what and with what.
 */
export interface MoneyCall {
  merchantId: number;
  memberId: number;
  key: string;
  /** Names the operation, so one key cannot be reused for another kind of request. */
  operation: string;
  /** What the answer depends on (the validated body, secrets such as the payment password left out). */
  request: unknown;
}

function requestHash(operation: string, request: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(JSON.stringify(request) ?? '').digest('hex');
}

/**
 * Whatever runs a transaction body: the database (`db`), or a GroupCommitter, which commits it in a
 * group with other money calls.
 */
export interface Transactor {
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

/**
 * The last step of a money call, run once its answer is stored: a posting to a hot account (a
 * merchant's house), whose row lock is then held only for that statement and the commit.
 */
export type LastStep = (tx: Tx) => Promise<void>;

/**
 * The one place a money call's idempotency is handled: runs `work` in one transaction with the key
 * claimed first. The key's row and the money movement
 * commit together: a retry after a commit answers the stored result and moves nothing; a retry
 * after a failure (nothing committed) runs again. Two requests racing with one key: the second's
 * claim waits on the first's row and then answers the first's result (in one group, the second
 * runs after the first and finds its answer). `work` may hand over a last step (`finish`), run after
 * the answer is stored.
 */
export async function idempotent<T>(db: Transactor, call: MoneyCall, work: (tx: Tx, finish: (step: LastStep) => void) => Promise<T>): Promise<T> {
  const key = assertIdempotencyKey(call.key);
  const hash = requestHash(call.operation, call.request);
  const owner = { merchantId: call.merchantId, memberId: call.memberId, key };
  return db.transaction(async (tx) => {
    if (!(await store.claimKey(tx, owner, { operation: call.operation, requestHash: hash }))) {
      const prior = await store.findKey(tx, owner);
      if (!prior || prior.requestHash !== hash) {
        throw new DomainError(ERROR_CODES.idempotencyKeyReused, 'This Idempotency-Key was already used for another request');
      }
      return prior.response as T;
    }
    let last: LastStep | undefined;
    const result = await work(tx, (step) => {
      last = step;
    });
    await store.storeAnswer(tx, owner, result);
    if (last) await last(tx);
    return result;
  });
}

/** How long a key answers its retry: far longer than any client retries a request. */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 30;

/** Forgets keys older than the retention (the movements stay in the journal); answers how many. */
export async function purgeExpiredIdempotencyKeys(q: Queryable, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_DAYS * 86_400_000);
  return store.deleteKeysBefore(q, cutoff);
}
