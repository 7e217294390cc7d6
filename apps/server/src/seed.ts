import type { Db } from './platform/db/database';
import { seedDemoMerchant } from './modules/site/seed';
import { seedDemoAnnouncements } from './modules/content/seed';
import { seedDemoAgent } from './modules/accounts/seed';
import { seedWalletSettings } from './modules/wallet/settings';
import { seedDemoPaymentChannels } from './modules/deposits/seed';

/**
 * Puts the demo merchant in place on first start. Idempotent: it only adds what is missing, so a
 * restart never undoes an operator's change.
 */
export async function seedDemoData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const merchant = await seedDemoMerchant(tx);
    await seedDemoAnnouncements(tx, merchant.id);
    await seedDemoAgent(tx, merchant.id);
    await seedWalletSettings(tx, merchant.id);
    await seedDemoPaymentChannels(tx, merchant.id);
  });
}
