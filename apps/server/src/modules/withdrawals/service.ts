import type { z } from 'zod';
import {
  ERROR_CODES,
  fieldError,
  REPORT_MAX_DAYS,
  type TWithdrawal,
  type TWithdrawInfo,
  type TWithdrawReport,
  type WithdrawStatus,
} from '@palaro/contract';
import type {
  TOperatorWithdrawal,
  TOperatorWithdrawals,
  ZOperatorWithdrawalQuery,
  ZWithdrawReportQuery,
  ZWithdrawRequest,
} from '@palaro/contract/schemas';
import type { Db, Queryable } from '../../platform/db/database';
import { DomainError, NotFoundError } from '../../platform/http/errors';
import { dayRange } from '../../platform/time-zone';
import type { MerchantContext } from '../site/request-context';
import { usernamesOf } from '../accounts/members';
import type { MemberRow } from '../accounts/schema';
import { assertNotTrial } from '../accounts/sessions';
import { recordAudit } from '../audit/service';
import { requireMerchantByCode } from '../site/service';
import type { MerchantRow } from '../site/schema';
import { idempotent } from '../wallet/idempotency';
import { lockMemberWallet, memberBalance, memberCashAccount, postEntry, systemAccount } from '../wallet/ledger';
import { assertAmountInRange, newOrderNo } from '../wallet/money-rules';
import { notifyMember } from '../inbox/service';
import { checkPaymentPassword } from '../wallet/payment-password';
import type { WithdrawalFigures } from '../wallet/records';
import { settingsOf } from '../settings/service';
import { withVipLimits } from '../vip/service';
import { turnoverLeft } from '../wallet/turnover';
import { maskAccountNumber, toPayoutAccount } from './payout-accounts';
import type { WithdrawalRow } from './schema';
import { withdrawalSettings } from './settings';
import * as store from './store';

export type WithdrawLimits = Pick<
  typeof withdrawalSettings.defaults,
  'withdrawMin' | 'withdrawMax' | 'withdrawDailyCount' | 'withdrawDailyAmount'
>;

const DEFAULT_REPORT_DAYS = 7;

// ── rules ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Refuses a withdrawal the merchant's rules do not allow, in the order a player fixes them: the
 * amount, the turnover still to bet, then what is left of today's count and amount.
 */
export function assertWithdrawalAllowed(
  amount: bigint,
  limits: WithdrawLimits,
  usedToday: store.DailyUse,
  turnover: bigint,
): void {
  assertAmountInRange(amount, limits.withdrawMin, limits.withdrawMax);
  if (turnover > 0n) {
    throw new DomainError(ERROR_CODES.turnoverIncomplete, 'Finish the turnover before withdrawing', {
      turnoverLeft: Number(turnover),
    });
  }
  if (usedToday.count >= limits.withdrawDailyCount) {
    throw new DomainError(ERROR_CODES.withdrawDailyLimit, `At most ${limits.withdrawDailyCount} withdrawals a day`, {
      dailyCount: limits.withdrawDailyCount,
      usedCountToday: usedToday.count,
    });
  }
  if (usedToday.amount + amount > limits.withdrawDailyAmount) {
    throw new DomainError(
      ERROR_CODES.withdrawDailyLimit,
      'The amount is over what is left of today’s withdrawal limit',
      {
        fields: [fieldError('amount')],
        dailyAmount: Number(limits.withdrawDailyAmount),
        leftToday: Number(limits.withdrawDailyAmount - usedToday.amount),
      },
    );
  }
}

/** The most the member may withdraw now; 0 when no amount would pass assertWithdrawalAllowed. */
export function availableNow(
  balance: bigint,
  limits: WithdrawLimits,
  usedToday: store.DailyUse,
  turnover: bigint,
): bigint {
  if (turnover > 0n || usedToday.count >= limits.withdrawDailyCount) return 0n;
  const leftToday = limits.withdrawDailyAmount - usedToday.amount;
  const most = [balance, limits.withdrawMax, leftToday].reduce((low, value) => (value < low ? value : low));
  return most >= limits.withdrawMin ? most : 0n;
}

/** Only a pending withdrawal can be decided; the first decision closes it. */
export function assertPending(withdrawal: Pick<WithdrawalRow, 'status' | 'orderNo'>): void {
  if (withdrawal.status !== 'pending') {
    throw new DomainError(ERROR_CODES.orderClosed, `Withdrawal ${withdrawal.orderNo} is already ${withdrawal.status}`, {
      status: withdrawal.status,
    });
  }
}

/** The member is told why their money came back, so a rejection needs a reason. */
export function rejectionNote(note: string | undefined): string {
  const reason = note?.trim();
  if (!reason)
    throw new DomainError(ERROR_CODES.validation, 'Give the reason for the rejection', {
      fields: [fieldError('note')],
    });
  return reason;
}

/** The merchant's calendar day that `now` falls in, as [start, end). */
export function merchantToday(now: Date, timeZone: string): { start: Date; end: Date } {
  const { start, end } = dayRange({}, timeZone, now, 1, 1);
  return { start, end };
}

// ── answers ─────────────────────────────────────────────────────────────────────────────────────

export function toWithdrawal({ withdrawal, payout }: store.WithdrawalWithPayout): TWithdrawal {
  return {
    orderNo: withdrawal.orderNo,
    amount: Number(withdrawal.amount),
    status: withdrawal.status,
    payoutKind: payout.kind,
    payoutName: payout.accountName,
    payoutNumber: maskAccountNumber(payout.accountNumber),
    createdAt: withdrawal.createdAt.toISOString(),
    decidedAt: withdrawal.decidedAt?.toISOString() ?? null,
    note: withdrawal.note,
  };
}

function toOperatorWithdrawal(row: store.WithdrawalWithPayout, username: string): TOperatorWithdrawal {
  return {
    ...toWithdrawal(row),
    memberId: String(row.withdrawal.memberId),
    username,
    payoutBankName: row.payout.bankName,
    payoutAccountNumber: row.payout.accountNumber,
  };
}

// ── member ──────────────────────────────────────────────────────────────────────────────────────

export async function withdrawInfo(
  q: Queryable,
  merchant: MerchantRow,
  member: MemberRow,
  now: Date,
): Promise<TWithdrawInfo> {
  assertNotTrial(member);
  const today = merchantToday(now, merchant.timeZone);
  const [balance, settings, used, turnover, accounts] = await Promise.all([
    memberBalance(q, merchant.id, member.id),
    settingsOf(q, merchant.id, withdrawalSettings).then((limits) =>
      withVipLimits(q, merchant.id, member.vipLevel, limits),
    ),
    store.withdrawalsUsed(q, merchant.id, member.id, today.start, today.end),
    turnoverLeft(q, merchant.id, member.id),
    store.activePayoutAccounts(q, merchant.id, member.id),
  ]);
  return {
    balance: Number(balance),
    minAmount: Number(settings.withdrawMin),
    maxAmount: Number(settings.withdrawMax),
    dailyCount: settings.withdrawDailyCount,
    dailyAmount: Number(settings.withdrawDailyAmount),
    usedCountToday: used.count,
    usedAmountToday: Number(used.amount),
    availableNow: Number(availableNow(balance, settings, used, turnover)),
    turnoverLeft: Number(turnover),
    hasPaymentPassword: member.paymentPasswordHash !== null,
    payoutAccounts: accounts.map(toPayoutAccount),
  };
}

/**
 * Holds the amount for the operator's decision: the withdrawal row and the entry moving the money
 * from the wallet to withdrawals_pending commit together, with the idempotency key, or not at all.
 * The wallet row stays locked from the limit checks to the entry, so concurrent withdrawals of one
 * member see each other.
 */
export async function submitWithdrawal(
  ctx: MerchantContext,
  member: MemberRow,
  input: z.output<typeof ZWithdrawRequest>,
  idempotencyKey: string,
): Promise<TWithdrawal> {
  assertNotTrial(member);
  await checkPaymentPassword(ctx, member, input.paymentPassword);
  const merchant = ctx.merchant;
  const amount = BigInt(input.amount);
  // The password stays out of the stored request hash.
  const request = { amount: input.amount, payoutAccountId: input.payoutAccountId };
  return idempotent(
    ctx.db,
    { merchantId: merchant.id, memberId: member.id, key: idempotencyKey, operation: 'withdraw', request },
    async (tx) => {
      const now = ctx.now();
      const wallet = await lockMemberWallet(tx, merchant.id, member.id);
      const payout = await store.findActivePayoutAccount(tx, merchant.id, member.id, input.payoutAccountId);
      if (!payout) {
        throw new DomainError(ERROR_CODES.payoutAccountInvalid, 'Choose one of your payout accounts', {
          fields: [fieldError('payoutAccountId')],
        });
      }
      const today = merchantToday(now, merchant.timeZone);
      assertWithdrawalAllowed(
        amount,
        await withVipLimits(tx, merchant.id, member.vipLevel, await settingsOf(tx, merchant.id, withdrawalSettings)),
        await store.withdrawalsUsed(tx, merchant.id, member.id, today.start, today.end),
        await turnoverLeft(tx, merchant.id, member.id),
      );
      const withdrawal = await store.insertWithdrawal(tx, {
        merchantId: merchant.id,
        memberId: member.id,
        payoutAccountId: payout.id,
        orderNo: newOrderNo('W'),
        amount,
        createdAt: now,
      });
      const pending = await systemAccount(tx, merchant.id, 'withdrawals_pending');
      await postEntry(tx, {
        merchantId: merchant.id,
        kind: 'withdraw_hold',
        reference: withdrawal.orderNo,
        lines: [
          { accountId: wallet.id, amount: -amount },
          { accountId: pending.id, amount },
        ],
      });
      return toWithdrawal({ withdrawal, payout });
    },
  );
}

export async function withdrawReport(
  q: Queryable,
  merchant: MerchantRow,
  memberId: number,
  query: z.output<typeof ZWithdrawReportQuery>,
  now: Date,
): Promise<TWithdrawReport> {
  const range = dayRange(query, merchant.timeZone, now, DEFAULT_REPORT_DAYS, REPORT_MAX_DAYS);
  const page = await store.memberWithdrawals(
    q,
    merchant.id,
    memberId,
    { status: query.status, start: range.start, end: range.end },
    query,
  );
  return {
    list: page.rows.map(toWithdrawal),
    page: query.page,
    pageSize: query.pageSize,
    total: page.total,
    totals: { paidAmount: Number(page.paidAmount), pendingAmount: Number(page.pendingAmount) },
    timeZone: merchant.timeZone,
  };
}

// ── operator ────────────────────────────────────────────────────────────────────────────────────

export async function operatorWithdrawals(
  db: Db,
  merchantCode: string,
  query: z.output<typeof ZOperatorWithdrawalQuery>,
): Promise<TOperatorWithdrawals> {
  const merchant = await requireMerchantByCode(db, merchantCode);
  const { rows, total } = await store.merchantWithdrawals(db, merchant.id, query.status, query);
  const usernames = await usernamesOf(
    db,
    merchant.id,
    rows.map((row) => row.withdrawal.memberId),
  );
  return {
    list: rows.map((row) => toOperatorWithdrawal(row, usernames.get(row.withdrawal.memberId)!)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export interface Decision {
  merchantCode: string;
  orderNo: string;
  status: Exclude<WithdrawStatus, 'pending'>;
  note: string | null;
  actor: string;
  now: Date;
}

/**
 * Pays out (pending → payouts) or gives the money back (pending → the member's wallet). The row
 * is locked first, so of two decisions racing on one withdrawal the second finds it closed.
 */
export async function decideWithdrawal(db: Db, decision: Decision): Promise<TOperatorWithdrawal> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, decision.merchantCode);
    const withdrawal = await store.lockWithdrawal(tx, merchant.id, decision.orderNo);
    if (!withdrawal) throw new NotFoundError(`No withdrawal ${decision.orderNo}`);
    assertPending(withdrawal);
    await store.recordDecision(tx, withdrawal.id, {
      status: decision.status,
      note: decision.note,
      decidedAt: decision.now,
    });

    const pending = await systemAccount(tx, merchant.id, 'withdrawals_pending');
    const paid = decision.status === 'paid';
    const destination = paid
      ? await systemAccount(tx, merchant.id, 'payouts')
      : await memberCashAccount(tx, merchant.id, withdrawal.memberId);
    await postEntry(tx, {
      merchantId: merchant.id,
      kind: paid ? 'withdraw_paid' : 'withdraw_release',
      reference: withdrawal.orderNo,
      memo: decision.note,
      lines: [
        { accountId: pending.id, amount: -withdrawal.amount },
        { accountId: destination.id, amount: withdrawal.amount },
      ],
    });
    const details = { orderNo: withdrawal.orderNo, amount: Number(withdrawal.amount), note: decision.note };
    await notifyMember(tx, {
      merchantId: merchant.id,
      memberId: withdrawal.memberId,
      kind: paid ? 'withdrawal.paid' : 'withdrawal.rejected',
      payload: details,
    });
    await recordAudit(tx, {
      actor: decision.actor,
      action: paid ? 'withdrawal.approve' : 'withdrawal.reject',
      merchantId: merchant.id,
      details,
    });
    const usernames = await usernamesOf(tx, merchant.id, [withdrawal.memberId]);
    return toOperatorWithdrawal(
      (await store.withdrawalWithPayout(tx, withdrawal.id))!,
      usernames.get(withdrawal.memberId)!,
    );
  });
}

/** What the wallet shows of withdrawals: the amount held for pending ones, the paid ones per day. */
export const withdrawalFigures: WithdrawalFigures = {
  pendingAmountSql: (merchantId, memberId) => store.pendingAmountSql(merchantId, memberId),
  paidPerDay: (q, merchant, memberId, range) => store.paidPerDay(q, merchant.id, memberId, merchant.timeZone, range),
};
