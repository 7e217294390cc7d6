import { and, asc, count, eq, isNull, like, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database';
import { operatorCredentials } from './schema';

export type OperatorCredentialRow = typeof operatorCredentials.$inferSelect;

export function activeCredentials(q: Queryable): Promise<Pick<OperatorCredentialRow, 'id' | 'tokenHash'>[]> {
  return q
    .select({ id: operatorCredentials.id, tokenHash: operatorCredentials.tokenHash })
    .from(operatorCredentials)
    .where(isNull(operatorCredentials.revokedAt));
}

export function listCredentials(q: Queryable): Promise<OperatorCredentialRow[]> {
  return q.select().from(operatorCredentials).orderBy(asc(operatorCredentials.id));
}

export async function countCredentials(q: Queryable): Promise<number> {
  const totals = await q.select({ value: count() }).from(operatorCredentials);
  return totals[0]?.value ?? 0;
}

/** Adds the credential unless its hash is known; without a label it is named "Operator <id>". */
export async function insertCredentialIfAbsent(
  q: Queryable,
  tokenHash: string,
  label?: string,
): Promise<OperatorCredentialRow | undefined> {
  const [row] = await q
    .insert(operatorCredentials)
    .values({ tokenHash, label: label ?? '' })
    .onConflictDoNothing({ target: operatorCredentials.tokenHash })
    .returning();
  if (!row || label !== undefined) return row;
  const [named] = await q
    .update(operatorCredentials)
    .set({ label: sql`'Operator ' || ${operatorCredentials.id}` })
    .where(eq(operatorCredentials.id, row.id))
    .returning();
  return named;
}

/** Revokes the credential (once: a revoked one keeps its first revocation time). */
export async function revokeCredential(
  q: Queryable,
  id: number,
  now: Date,
): Promise<OperatorCredentialRow | undefined> {
  await q
    .update(operatorCredentials)
    .set({ revokedAt: now })
    .where(and(eq(operatorCredentials.id, id), isNull(operatorCredentials.revokedAt)));
  const [row] = await q.select().from(operatorCredentials).where(eq(operatorCredentials.id, id));
  return row;
}

/**
 * The credentials audit actors name: `operator:<id>`, and before ids were used the first 12 hex
 * digits of the token's hash (older rows of the audit log and of lottery draws).
 */
export function credentialsNamed(
  q: Queryable,
  ids: readonly number[],
  hashPrefixes: readonly string[],
): Promise<OperatorCredentialRow[]> {
  const conditions = [
    ...ids.map((id) => eq(operatorCredentials.id, id)),
    ...hashPrefixes.map((prefix) => like(operatorCredentials.tokenHash, `${prefix}%`)),
  ];
  if (conditions.length === 0) return Promise.resolve([]);
  return q
    .select()
    .from(operatorCredentials)
    .where(or(...conditions));
}
