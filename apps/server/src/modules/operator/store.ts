import { count, isNull } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database';
import { operatorCredentials } from './schema';

export async function activeTokenHashes(q: Queryable): Promise<string[]> {
  const rows = await q
    .select({ tokenHash: operatorCredentials.tokenHash })
    .from(operatorCredentials)
    .where(isNull(operatorCredentials.revokedAt));
  return rows.map((row) => row.tokenHash);
}

export async function countCredentials(q: Queryable): Promise<number> {
  const totals = await q.select({ value: count() }).from(operatorCredentials);
  return totals[0]?.value ?? 0;
}

export async function insertCredentialIfAbsent(q: Queryable, tokenHash: string): Promise<void> {
  await q.insert(operatorCredentials).values({ tokenHash }).onConflictDoNothing({ target: operatorCredentials.tokenHash });
}
