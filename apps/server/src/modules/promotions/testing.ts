import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { paymentChannels } from '../deposits/schema';
import { memberCashAccount, postEntry, systemAccount } from '../wallet/ledger';
import { addTurnoverRequirement } from '../wallet/turnover';
import { DEMO_MERCHANT_ID } from '../wallet/testing';

/**
 * A deposit credited to a member as the deposits module credits one (creditDeposit): the channel's
 * clearing account gives it, the wallet gets it, its turnover requirement (once, 100 %) is added.
 */
export async function creditDeposit(database: Database, memberId: number, amount: bigint, turnoverPercent = 100) {
  const orderNo = `DT${randomBytes(6).toString('hex').toUpperCase()}`;
  await database.db.transaction(async (tx) => {
    const [channel] = await tx
      .select({ id: paymentChannels.id })
      .from(paymentChannels)
      .where(eq(paymentChannels.merchantId, DEMO_MERCHANT_ID))
      .limit(1);
    const wallet = await memberCashAccount(tx, DEMO_MERCHANT_ID, memberId);
    const clearing = await systemAccount(tx, DEMO_MERCHANT_ID, 'gateway_clearing', channel!.id);
    await postEntry(tx, {
      merchantId: DEMO_MERCHANT_ID,
      kind: 'deposit',
      reference: orderNo,
      memo: 'test deposit',
      lines: [
        { accountId: wallet.id, amount },
        { accountId: clearing.id, amount: -amount },
      ],
    });
    await addTurnoverRequirement(tx, {
      merchantId: DEMO_MERCHANT_ID,
      memberId,
      source: 'deposit',
      reference: orderNo,
      baseAmount: amount,
      percent: turnoverPercent,
    });
  });
  return orderNo;
}
