import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database';
import { merchantSettings } from './schema';

/** The stored document of one merchant's area; undefined when none was ever written. */
export async function settingsDocument(
  q: Queryable,
  merchantId: number,
  area: string,
): Promise<Record<string, number> | undefined> {
  const [row] = await q
    .select({ document: merchantSettings.document })
    .from(merchantSettings)
    .where(and(eq(merchantSettings.merchantId, merchantId), eq(merchantSettings.area, area)));
  return row?.document;
}

/** Writes the document unless the merchant has one for the area already. */
export async function insertSettingsDocumentIfAbsent(
  q: Queryable,
  merchantId: number,
  area: string,
  document: Record<string, number>,
): Promise<void> {
  await q.insert(merchantSettings).values({ merchantId, area, document }).onConflictDoNothing();
}

/** Writes the document, replacing the merchant's one for the area. */
export async function upsertSettingsDocument(
  q: Queryable,
  merchantId: number,
  area: string,
  document: Record<string, number>,
): Promise<void> {
  await q
    .insert(merchantSettings)
    .values({ merchantId, area, document })
    .onConflictDoUpdate({
      target: [merchantSettings.merchantId, merchantSettings.area],
      set: { document, updatedAt: sql`now()` },
    });
}
