#!/usr/bin/env node
/**
 * Prepares the database `npm run bench` measures (run.mjs runs it with `node --import tsx` before
 * the platform starts, on the same DATABASE_URL or DATA_DIR): migrations and the demo seed, as the
 * server's own start would, then one merchant per size in CATALOGUE_SIZES, each on a host of its
 * own with that many games (one vendor, the four list categories in turn), so a page of 26 game
 * tiles can be measured at the demo's catalogue and at 1,000 and 100,000 games side by side.
 * Idempotent: a merchant that already has its games is left as it is.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { prepareDatabase } from '../apps/server/src/prepare-database.ts';
import { demoMerchant } from '../apps/server/src/modules/site/seed.ts';
import { insertDomainsIfAbsent, insertMerchantIfAbsent } from '../apps/server/src/modules/site/store.ts';
import { CATALOGUE_SIZES, catalogueHost } from './catalogue-hosts.mjs';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? './data',
  log: createLogger({ logLevel: 'warn' }),
});
try {
  await prepareDatabase(database, process.env.OPERATOR_TOKEN);
  for (const size of CATALOGUE_SIZES) {
    const merchant = await insertMerchantIfAbsent(database.db, {
      ...demoMerchant(),
      code: `BENCH${size}`,
      name: `Bench ${size.toLocaleString('en')} games`,
      isDefault: false,
    });
    await insertDomainsIfAbsent(database.db, merchant.id, [catalogueHost(size)]);
    const started = performance.now();
    await database.db.execute(sql`
      insert into game_vendors (merchant_id, code, name, account_type_name, primary_colour, accent_colour)
      select ${merchant.id}, 'BULK', 'Bulk Studio', 'Bulk', '#1f4e79', '#ffd166'
      where not exists (select 1 from game_vendors where merchant_id = ${merchant.id} and code = 'BULK')`);
    const inserted = await database.db.execute(sql`
      insert into games (merchant_id, vendor_id, code, name, category, min_bet, sort_order)
      select ${merchant.id}, (select id from game_vendors where merchant_id = ${merchant.id} and code = 'BULK'),
        'BULK-' || n, 'Lucky Bulk ' || lpad(n::text, 6, '0'), (array['RNG', 'FISH', 'LIVE', 'PVP'])[1 + n % 4], 100, n
      from generate_series(1, ${size}) as n
      where not exists (select 1 from games where merchant_id = ${merchant.id})`);
    const count = inserted.rowCount ?? inserted.affectedRows ?? 0;
    if (count > 0)
      console.log(
        `  ${count.toLocaleString('en')} games for ${catalogueHost(size)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
  }
  await database.db.execute(sql`analyze games`);
} finally {
  await database.close();
}
