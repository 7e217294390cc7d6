import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { announceChange, transactionAnnouncing } from '../../platform/cache/change-feed';
import type { Db } from '../../platform/db/database';
import { merchants } from './schema';
import { demoMerchant } from './seed';
import { insertDomainsIfAbsent, insertMerchantIfAbsent, merchantTopic } from './store';

/** A merchant row as an installation made by the first migrations had it (id 1), for upgrade tests. */
export async function insertEarlyMerchant(client: PGlite): Promise<void> {
  await client.exec(`
    insert into merchants (code, name, trial_merchant_code, whitelabel, promotions, mobile_template, registration, downloads,
      site_resources, customer_service, image_cdns, languages, theme, logo_url, main_domain, domain_route, paths)
    values ('OLD', 'Old', 'OLDTRIAL', '{}', '{}', '{}', '{}', '[]', '[]', '{}', '[]', '["TY","EN"]', '{}', '/logo.svg', 'old.example', '/m/home', '{}');`);
}

/**
 * Changes a merchant's row directly (for settings the operator API does not offer, or to set up a
 * state quickly) and tells the merchant cache, as every real write does: a bare update would leave
 * this replica serving the old merchant from memory.
 */
export async function changeMerchantRow(
  db: Db,
  merchantId: number,
  changes: Partial<typeof merchants.$inferInsert>,
): Promise<void> {
  await transactionAnnouncing(db, async (tx) => {
    await tx.update(merchants).set(changes).where(eq(merchants.id, merchantId));
    await announceChange(tx, merchantTopic(merchantId));
  });
}

/**
 * A merchant besides the demo one, on a domain of its own, added while the app runs (every replica
 * hears of it when the transaction commits, this one at once); answers its id.
 */
export async function addMerchantOnHost(
  db: Db,
  merchant: { code: string; name: string; host: string },
): Promise<number> {
  return transactionAnnouncing(db, async (tx) => {
    const added = await insertMerchantIfAbsent(tx, {
      ...demoMerchant(),
      code: merchant.code,
      name: merchant.name,
      isDefault: false,
    });
    await insertDomainsIfAbsent(tx, added.id, [merchant.host]);
    return added.id;
  });
}
