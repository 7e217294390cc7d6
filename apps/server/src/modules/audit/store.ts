import { eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database';
import { auditLog, type AuditRow } from './schema';

export async function insertAuditRow(q: Queryable, row: typeof auditLog.$inferInsert): Promise<void> {
  await q.insert(auditLog).values(row);
}

/** A merchant's audit rows, oldest first. */
export function auditRowsOf(q: Queryable, merchantId: number): Promise<AuditRow[]> {
  return q.select().from(auditLog).where(eq(auditLog.merchantId, merchantId)).orderBy(auditLog.id);
}
