import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from '../site/schema';

/** Every operator action and every money decision, with who did it: written only through `recordAudit`. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_merchant_time').on(table.merchantId, table.createdAt)],
);

export type AuditRow = typeof auditLog.$inferSelect;
