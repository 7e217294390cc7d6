import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const operatorCredentials = pgTable('operator_credentials', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Hex SHA-256 of the token; the token itself is never stored. */
  tokenHash: text('token_hash').notNull().unique(),
  /** The operator's public name (in the audit log and on a draw's verify page): given at creation, else "Operator <id>". */
  label: text('label').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
