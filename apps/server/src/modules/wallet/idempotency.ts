import { createHash } from 'node:crypto';
import { ERROR_CODES } from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { assertIdempotencyKey } from '../../platform/http/idempotency-key';
import * as store from './store/idempotency-keys';

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

/** What a key is checked against: the operation and its request (a repeat under the key must be the same request). */
export function requestHash(operation: string, request: unknown): string {
  return createHash('sha256')
    .update(operation)
    .update('\n')
    .update(JSON.stringify(request) ?? '')
    .digest('hex');
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
export async function idempotent<T>(
  db: Transactor,
  call: MoneyCall,
  work: (tx: Tx, finish: (step: LastStep) => void) => Promise<T>,
): Promise<T> {
  const key = assertIdempotencyKey(call.key);
  const hash = requestHash(call.operation, call.request);
  const owner = { merchantId: call.merchantId, memberId: call.memberId, key };
  return db.transaction(async (tx) => {
    if (!(await store.claimKey(tx, owner, { operation: call.operation, requestHash: hash }))) {
      const prior = await store.findKey(tx, owner);
      if (!prior || prior.requestHash !== hash) throw keyReused();
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

function keyReused(): DomainError {
  return new DomainError(ERROR_CODES.idempotencyKeyReused, 'This Idempotency-Key was already used for another request');
}

const ownerOf = (owner: Pick<MoneyCall, 'merchantId' | 'memberId' | 'key'>) =>
  `${owner.merchantId}:${owner.memberId}:${owner.key}`;

/** A call of a group whose key was claimed (`claimed`), or its earlier answer, or its refusal (the key used for another request). */
export type KeyClaim = { claimed: true } | { claimed: false; answer: unknown } | { claimed: false; error: DomainError };

/**
 * `idempotent()`'s first statement for a group of calls in one transaction (lottery slip groups):
 * every key claimed by one statement. A key claimed before — committed, or by a transaction the
 * claim waited for — answers its stored answer when the request is the same, else is refused. The
 * calls must name distinct keys (a repeat within a group waits for the next). Answers in the
 * calls' order.
 */
export async function claimKeys(tx: Tx, calls: readonly (MoneyCall & { requestHash: string })[]): Promise<KeyClaim[]> {
  const claimed = new Set(
    (
      await store.claimEachKey(
        tx,
        calls.map((call) => ({
          merchantId: call.merchantId,
          memberId: call.memberId,
          key: assertIdempotencyKey(call.key),
          operation: call.operation,
          requestHash: call.requestHash,
        })),
      )
    ).map(ownerOf),
  );
  const repeats = calls.filter((call) => !claimed.has(ownerOf(call)));
  const priors = repeats.length === 0 ? [] : await store.findKeys(tx, repeats);
  const priorOf = new Map(priors.map((prior) => [ownerOf(prior), prior]));
  return calls.map((call): KeyClaim => {
    if (claimed.has(ownerOf(call))) return { claimed: true };
    const prior = priorOf.get(ownerOf(call));
    return prior && prior.requestHash === call.requestHash
      ? { claimed: false, answer: prior.response }
      : { claimed: false, error: keyReused() };
  });
}

/** Releases claimed keys of calls refused in a group (their transaction commits for the others): a retry runs again, as after a rollback. */
export function releaseKeys(
  tx: Tx,
  owners: readonly Pick<MoneyCall, 'merchantId' | 'memberId' | 'key'>[],
): Promise<void> {
  return store.deleteKeys(tx, owners);
}

/** Stores the answers of a group's claimed calls, in one statement. */
export function storeAnswers(
  tx: Tx,
  answers: readonly { owner: Pick<MoneyCall, 'merchantId' | 'memberId' | 'key'>; answer: unknown }[],
): Promise<void> {
  return store.storeEachAnswer(tx, answers);
}

/** How long a key answers its retry: far longer than any client retries a request. */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 30;

/** Forgets keys older than the retention (the movements stay in the journal); answers how many. */
export async function purgeExpiredIdempotencyKeys(q: Queryable, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_DAYS * 86_400_000);
  return store.deleteKeysBefore(q, cutoff);
}
