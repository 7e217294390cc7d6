import type { Queryable } from '../../platform/db/database';
import type { AuditRow } from './schema';
import * as store from './store';

export interface AuditEntry {
  /** Who: `operator:<credential id>` for an operator call (its label is in `npm run admin operators list`), `system:<what>` for scheduled work. */
  actor: string;
  /** What, `<area>.<verb>`: `withdrawal.approve`, `wallet.settings.update`… */
  action: string;
  merchantId: number | null;
  details: Record<string, unknown>;
}

/**
 * The one way any module writes the audit log. Called inside the transaction of the change it
 * records, so the change and its audit row commit together or not at all.
 */
export async function recordAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  await store.insertAuditRow(q, entry);
}

/** A merchant's audit trail, oldest first. */
export async function auditTrail(q: Queryable, merchantId: number): Promise<AuditRow[]> {
  return store.auditRowsOf(q, merchantId);
}
