import type { Db } from './platform/db/database';
import type { ServerModule } from './platform/module';
import { serverModules } from './modules';
import { seedDemoMerchant } from './modules/site/seed';

/**
 * Puts the demo merchant in place on first start, then what each module needs for it. Idempotent:
 * every step only adds what is missing, so a restart never undoes an operator's change.
 */
export async function seedDemoData(db: Db, modules: readonly ServerModule[] = serverModules): Promise<void> {
  await db.transaction(async (tx) => {
    const merchant = await seedDemoMerchant(tx);
    for (const module of modules) await module.seed?.(tx, merchant);
  });
}
