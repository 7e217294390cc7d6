import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { ERROR_CODES, IDEMPOTENCY_KEY_PATTERN } from '@palaro/contract';
import type { Db, Queryable, Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { idempotencyKeys } from './schema';

export interface IdempotencyScope {
  merchantId: number;
  memberId: number;
  /** The request's Idempotency-Key header. */
  key: string | string[] | undefined;
  /** Names the operation, so one key cannot be reused for another kind of request. */
  operation: string;
  /** The validated request body. */
  request: unknown;
}

/** The key, or a 400 when the header is missing or malformed. */
export function requireIdempotencyKey(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new DomainError(ERROR_CODES.idempotencyKeyRequired, 'An Idempotency-Key header (8-64 letters, digits, - or _) is required');
  }
  return key;
}

function requestHash(operation: string, request: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(JSON.stringify(request) ?? '').digest('hex');
}

/**
 * Runs `work` in one transaction with the key claimed first. The key's row and the money movement
 * commit together: a retry after a commit answers the stored result and moves nothing; a retry
 * after a failure (nothing committed) runs again. Two requests racing with one key: the second's
 * claim waits on the first's row and then answers the first's result.
 */
export async function idempotent<T>(db: Db, scope: IdempotencyScope, work: (tx: Tx) => Promise<T>): Promise<T> {
  const key = requireIdempotencyKey(scope.key);
  const hash = requestHash(scope.operation, scope.request);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ merchantId: scope.merchantId, memberId: scope.memberId, key, operation: scope.operation, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [prior] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.merchantId, scope.merchantId), eq(idempotencyKeys.memberId, scope.memberId), eq(idempotencyKeys.key, key)));
      if (!prior || prior.requestHash !== hash) {
        throw new DomainError(ERROR_CODES.idempotencyKeyReused, 'This Idempotency-Key was already used for another request');
      }
      return prior.response as T;
    }
    const result = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ response: result as object })
      .where(and(eq(idempotencyKeys.merchantId, scope.merchantId), eq(idempotencyKeys.memberId, scope.memberId), eq(idempotencyKeys.key, key)));
    return result;
  });
}

/** How long a key answers its retry: far longer than any client retries a request. */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 30;

/** Forgets keys older than the retention (the movements stay in the journal); answers how many. */
export async function purgeExpiredIdempotencyKeys(q: Queryable, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_DAYS * 86_400_000);
  const purged = await q.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).returning({ key: idempotencyKeys.key });
  return purged.length;
}
