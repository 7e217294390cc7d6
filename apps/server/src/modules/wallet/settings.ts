import { eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database';
import { walletSettings, type WalletSettingsRow } from './schema';

/** What a merchant starts with until the operator changes it (amounts in centavos). */
export const DEFAULT_WALLET_SETTINGS: Omit<WalletSettingsRow, 'merchantId'> = {
  trialBalance: 2_000_00n,
  withdrawMin: 100_00n,
  withdrawMax: 50_000_00n,
  withdrawDailyCount: 5,
  withdrawDailyAmount: 100_000_00n,
  maxPayoutAccounts: 5,
  depositTurnoverPercent: 100,
  depositExpiryMinutes: 30,
  transferMin: 100_00n,
  transferMax: 50_000_00n,
};

export async function seedWalletSettings(q: Queryable, merchantId: number): Promise<void> {
  await q.insert(walletSettings).values({ merchantId, ...DEFAULT_WALLET_SETTINGS }).onConflictDoNothing();
}

/** The merchant's wallet rules (the defaults for a merchant the seed has not reached). */
export async function walletSettingsOf(q: Queryable, merchantId: number): Promise<WalletSettingsRow> {
  const [row] = await q.select().from(walletSettings).where(eq(walletSettings.merchantId, merchantId));
  return row ?? { merchantId, ...DEFAULT_WALLET_SETTINGS };
}

export async function updateWalletSettings(q: Queryable, merchantId: number, changes: Partial<Omit<WalletSettingsRow, 'merchantId'>>): Promise<void> {
  await seedWalletSettings(q, merchantId);
  await q.update(walletSettings).set(changes).where(eq(walletSettings.merchantId, merchantId));
}
