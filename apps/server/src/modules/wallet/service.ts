import type { TWalletBalance } from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import type { MerchantRow } from '../site/schema';
import { memberAccountCode, memberCashAccount, systemAccount } from './ledger-accounts';
import { postEntry, type PostedEntry } from './posting';
import * as store from './store/balances';
import { membersWithDeposit } from './store/records';
import type { WithdrawalFigures } from './store/withdrawal-figures';
import { settingsOf } from '../settings/service';
import { walletSettings } from './settings';
import { addTurnoverRequirement } from './turnover';

/**
 * The header's figures: the cash wallet and what is held for withdrawals not yet decided, read in
 * one statement (one round trip; read on every screen and after every movement), prepared once
 * (platform/db/prepared.ts). Never cached: a balance kept in memory could be another replica's past.
 */
export async function walletBalance(
  q: Queryable,
  withdrawals: WithdrawalFigures,
  merchant: Pick<MerchantRow, 'id' | 'currencyCode' | 'currencySymbol'>,
  memberId: number,
): Promise<TWalletBalance> {
  const figures = await store.balanceFigures(q, withdrawals, {
    merchantId: merchant.id,
    accountCode: memberAccountCode(memberId),
    memberId,
  });
  return {
    sumBalance: Number(figures?.balance ?? 0),
    pendingWithdrawals: Number(figures?.pending ?? 0),
    currencyCode: merchant.currencyCode,
    currencySymbol: merchant.currencySymbol,
  };
}

/** A new trial account's play money, from the merchant's play-money account (it never leaves the platform). */
export async function grantTrialMoney(tx: Tx, merchantId: number, memberId: number): Promise<void> {
  const { trialBalance } = await settingsOf(tx, merchantId, walletSettings);
  if (trialBalance <= 0n) return;
  const wallet = await memberCashAccount(tx, merchantId, memberId);
  const playMoney = await systemAccount(tx, merchantId, 'play_money');
  await postEntry(tx, {
    merchantId,
    kind: 'trial_grant',
    reference: `TRIAL${memberId}`,
    memo: 'Trial play money',
    lines: [
      { accountId: wallet.id, amount: trialBalance },
      { accountId: playMoney.id, amount: -trialBalance },
    ],
  });
}

export interface Adjustment {
  merchantId: number;
  memberId: number;
  /** Signed: a credit (positive) or a debit (negative) of the member's wallet. */
  amount: bigint;
  reference: string;
  memo: string;
  /** Turnover a credit requires, in percent of it (0 for none). */
  turnoverPercent: number;
}

/** An operator's correction of a member's wallet against the house account. */
export async function postAdjustment(tx: Tx, adjustment: Adjustment): Promise<PostedEntry> {
  const wallet = await memberCashAccount(tx, adjustment.merchantId, adjustment.memberId);
  const house = await systemAccount(tx, adjustment.merchantId, 'house');
  const posted = await postEntry(tx, {
    merchantId: adjustment.merchantId,
    kind: 'adjustment',
    reference: adjustment.reference,
    memo: adjustment.memo,
    lines: [
      { accountId: wallet.id, amount: adjustment.amount },
      { accountId: house.id, amount: -adjustment.amount },
    ],
  });
  if (adjustment.amount > 0n) {
    await addTurnoverRequirement(tx, {
      merchantId: adjustment.merchantId,
      memberId: adjustment.memberId,
      source: 'adjustment',
      reference: adjustment.reference,
      baseAmount: adjustment.amount,
      percent: adjustment.turnoverPercent,
    });
  }
  return posted;
}

/** Which of these members have ever deposited (a deposit credited to their wallet), for a referrer's list of friends. */
export async function membersWhoDeposited(
  q: Queryable,
  merchantId: number,
  memberIds: readonly number[],
): Promise<Set<number>> {
  return new Set(await membersWithDeposit(q, merchantId, memberIds));
}

export { memberMovements, membersMovedSince } from './store/records';
