import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from '../site/schema';

/**
 * A merchant's settings, one document per area (`wallet`, `deposits`, `withdrawals`, `transfers`…):
 * a new area or a new setting adds no column. Each module reads only its own area, typed by its
 * definition (settings/service.ts); a setting missing from a document takes its default.
 */
export const merchantSettings = pgTable(
  'merchant_settings',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    area: text('area').notNull(),
    /** Amounts in minor units as JSON integers; bigint in code. */
    document: jsonb('document').$type<Record<string, number>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.area] })],
);
