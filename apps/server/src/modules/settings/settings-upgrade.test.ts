import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, type Db } from '../../platform/db/database';
import { depositSettings } from '../deposits/settings';
import { transferSettings } from '../transfers/settings';
import { walletSettings } from '../wallet/settings';
import { withdrawalSettings } from '../withdrawals/settings';
import { settingsOf } from './service';

const SETTINGS_PER_AREA = '0009_merchant_settings';

async function migrate(client: PGlite, tags: string[]) {
  // The breakpoint markers are SQL comments: a file runs as it is.
  for (const tag of tags) await client.exec(readFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8'));
}

describe('upgrading an installation whose money rules were one wallet_settings row', () => {
  it('keeps every rule the operator set, each in its area’s document', async () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const tags = journal.entries.map((entry) => entry.tag);
    const upgrade = tags.indexOf(SETTINGS_PER_AREA);
    const client = new PGlite();
    try {
      await migrate(client, tags.slice(0, upgrade));
      await client.exec(`
        insert into merchants (code, name, trial_merchant_code, whitelabel, promotions, mobile_template, registration, downloads,
          site_resources, customer_service, image_cdns, languages, theme, logo_url, main_domain, domain_route, paths)
        values ('OLD', 'Old', 'OLDTRIAL', '{}', '{}', '{}', '{}', '[]', '[]', '{}', '[]', '["TY","EN"]', '{}', '/logo.svg', 'old.example', '/m/home', '{}');
        insert into wallet_settings (merchant_id, trial_balance, withdraw_min, withdraw_max, withdraw_daily_count, withdraw_daily_amount,
          max_payout_accounts, deposit_turnover_percent, deposit_expiry_minutes, transfer_min, transfer_max)
        values (1, 0, 250, 9000000000, 3, 12345600, 2, 0, 45, 100, 700000);`);
      await migrate(client, tags.slice(upgrade));

      const db = drizzle({ client }) as unknown as Db;
      expect(await settingsOf(db, 1, walletSettings)).toEqual({ trialBalance: 0n });
      expect(await settingsOf(db, 1, depositSettings)).toEqual({ depositTurnoverPercent: 0, depositExpiryMinutes: 45 });
      expect(await settingsOf(db, 1, withdrawalSettings)).toEqual({
        withdrawMin: 250n, withdrawMax: 9_000_000_000n, withdrawDailyCount: 3, withdrawDailyAmount: 12_345_600n, maxPayoutAccounts: 2,
      });
      expect(await settingsOf(db, 1, transferSettings)).toEqual({ transferMin: 100n, transferMax: 700_000n });
      expect((await client.query(`select to_regclass('wallet_settings') as still_there`)).rows).toEqual([{ still_there: null }]);
    } finally {
      await client.close();
    }
  }, 120_000);
});
