import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../platform/db/database';
import { SANDBOX_GATEWAY } from './sandbox-gateway';
import { paymentChannels } from './schema';

type NewChannel = typeof paymentChannels.$inferInsert;

const PESOS = 100n;
const STANDARD_LIMITS = { minAmount: 100n * PESOS, maxAmount: 50_000n * PESOS } as const;
const STANDARD_CHIPS = [100_00, 300_00, 500_00, 1_000_00, 5_000_00, 10_000_00];

/**
 * The demo merchant's ways to deposit, each with the seed key that recognises it on the next start
 * whatever the operator changed (migration 0005 gave the channels seeded before it the same keys).
 * The bank account and the TRC20 address are made up.
 */
export const DEMO_CHANNELS: (Omit<NewChannel, 'merchantId' | 'callbackSecret' | 'seedKey'> & { seedKey: string })[] = [
  {
    seedKey: 'gcash',
    method: 'GCASH',
    kind: 'online',
    gateway: SANDBOX_GATEWAY,
    name: 'GCash',
    ...STANDARD_LIMITS,
    presetAmounts: STANDARD_CHIPS,
    displayOrder: 10,
  },
  {
    seedKey: 'maya',
    method: 'MAYA',
    kind: 'online',
    gateway: SANDBOX_GATEWAY,
    name: 'Maya',
    ...STANDARD_LIMITS,
    presetAmounts: STANDARD_CHIPS,
    displayOrder: 20,
  },
  {
    seedKey: 'online-banking',
    method: 'ONLINE_BANKING',
    kind: 'online',
    gateway: SANDBOX_GATEWAY,
    name: 'Online banking',
    minAmount: 500n * PESOS,
    maxAmount: 50_000n * PESOS,
    feeBasisPoints: 150,
    presetAmounts: [500_00, 1_000_00, 5_000_00, 10_000_00, 20_000_00],
    displayOrder: 30,
  },
  {
    seedKey: 'bank-transfer',
    method: 'BANK_TRANSFER',
    kind: 'bank_transfer',
    gateway: null,
    name: 'Bank transfer',
    minAmount: 1_000n * PESOS,
    maxAmount: 50_000n * PESOS,
    presetAmounts: [1_000_00, 5_000_00, 10_000_00, 20_000_00, 50_000_00],
    displayOrder: 40,
    instructions: {
      bankName: 'Banco Halimbawa ng Pilipinas',
      accountName: 'Palaro Demo Gaming Inc.',
      accountNumber: '0012-3456-7890',
    },
  },
  {
    // For members from VIP 1 up, so the channel list really is filtered by level.
    seedKey: 'usdt-trc20',
    method: 'USDT_TRC20',
    kind: 'online',
    gateway: SANDBOX_GATEWAY,
    name: 'USDT (TRC20)',
    minAmount: 1_000n * PESOS,
    maxAmount: 50_000n * PESOS,
    presetAmounts: [1_000_00, 5_000_00, 10_000_00, 25_000_00],
    displayOrder: 50,
    minVipLevel: 1,
    instructions: { network: 'TRON (TRC20)', address: 'TDemoPa1aroUsdtAddressNotReal0000', rate: '1 USDT = 56.20 PHP' },
  },
];

/** A fresh random callback secret per online channel; it stays in the database and is never sent to a client. */
export const newCallbackSecret = () => randomBytes(32).toString('hex');

/**
 * Adds the demo channels a merchant lacks, recognised by their seed key; a channel already there
 * (and its secret) stays as the operator set it, renamed or not.
 */
export async function seedDemoPaymentChannels(q: Queryable, merchantId: number): Promise<void> {
  await q
    .insert(paymentChannels)
    .values(
      DEMO_CHANNELS.map((channel) => ({
        ...channel,
        merchantId,
        callbackSecret: channel.kind === 'online' ? newCallbackSecret() : null,
      })),
    )
    .onConflictDoNothing({ target: [paymentChannels.merchantId, paymentChannels.seedKey] });
}
