import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/database';
import { runMigrations, splitMigrationsAt } from '../../platform/testing/migrations';
import { depositSettings } from '../deposits/settings';
import { transferSettings } from '../transfers/settings';
import { insertEarlyMerchant } from '../site/testing';
import { walletSettings } from '../wallet/settings';
import { withdrawalSettings } from '../withdrawals/settings';
import { settingsOf } from './service';

const SETTINGS_PER_AREA = '0009_merchant_settings';

describe('upgrading an installation whose money rules were one wallet_settings row', () => {
  it('keeps every rule the operator set, each in its area’s document', async () => {
    const { before, from } = splitMigrationsAt(SETTINGS_PER_AREA);
    const client = new PGlite();
    try {
      await runMigrations(client, before);
      await insertEarlyMerchant(client);
      await client.exec(`
        insert into wallet_settings (merchant_id, trial_balance, withdraw_min, withdraw_max, withdraw_daily_count, withdraw_daily_amount,
          max_payout_accounts, deposit_turnover_percent, deposit_expiry_minutes, transfer_min, transfer_max)
        values (1, 0, 250, 9000000000, 3, 12345600, 2, 0, 45, 100, 700000);`);
      await runMigrations(client, from);

      const db = drizzle({ client }) as unknown as Db;
      expect(await settingsOf(db, 1, walletSettings)).toEqual({ trialBalance: 0n });
      expect(await settingsOf(db, 1, depositSettings)).toEqual({ depositTurnoverPercent: 0, depositExpiryMinutes: 45 });
      expect(await settingsOf(db, 1, withdrawalSettings)).toEqual({
        withdrawMin: 250n,
        withdrawMax: 9_000_000_000n,
        withdrawDailyCount: 3,
        withdrawDailyAmount: 12_345_600n,
        maxPayoutAccounts: 2,
      });
      expect(await settingsOf(db, 1, transferSettings)).toEqual({ transferMin: 100n, transferMax: 700_000n });
      expect((await client.query(`select to_regclass('wallet_settings') as still_there`)).rows).toEqual([
        { still_there: null },
      ]);
    } finally {
      await client.close();
    }
  }, 120_000);
});
