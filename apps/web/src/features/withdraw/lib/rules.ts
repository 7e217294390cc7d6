import {
  ERROR_CODES,
  amountOutsideLimits,
  parseMoney,
  type AmountLimits,
  type PayoutKind,
  type TTurnover,
  type TTurnoverItem,
  type TWithdrawInfo,
} from '@palaro/contract';
import { ApiError } from '../../../shared/api/client';
import type { TextKey } from '../../../shared/i18n';

/** A message of the text table with its values; amounts are minor units, formatted when shown. */
export interface Message {
  key: TextKey;
  amounts?: Record<string, number>;
  values?: Record<string, string | number>;
  /** Values that are messages themselves, shown in the same language. */
  parts?: Record<string, Message>;
}

export const PAYMENT_PASSWORD = /^\d{6}$/;
/** A GCash or Maya wallet is its 11-digit Philippine mobile number. */
export const WALLET_NUMBER = /^09\d{9}$/;
export const BANK_NUMBER = /^\d{6,30}$/;

export function validatePaymentPassword(value: string): Message | null {
  if (!value) return { key: 'wd_password_required' };
  return PAYMENT_PASSWORD.test(value) ? null : { key: 'wd_password_format' };
}

type AmountRules = Pick<
  TWithdrawInfo,
  'minAmount' | 'maxAmount' | 'availableNow' | 'turnoverLeft' | 'dailyCount' | 'usedCountToday'
>;

/**
 * Why nothing at all can be withdrawn now, when the reason is not the balance: the turnover still
 * to bet, or today's withdrawals used up. "At most ₱0.00" would not tell the player what to do.
 */
function nothingAvailable(info: AmountRules): Message | null {
  if (info.turnoverLeft > 0) return { key: 'wd_amount_turnover', amounts: { left: info.turnoverLeft } };
  if (info.dailyCount > 0 && info.usedCountToday >= info.dailyCount)
    return { key: 'wd_why_daily_count', values: { n: info.dailyCount } };
  return null;
}

export interface CheckedAmount {
  minor: number | null;
  error: Message | null;
}

/** The typed amount in minor units, or why it is no amount or outside the limits (the contract's rule, as the server applies it). */
export function checkTypedAmount(typed: string, limits: AmountLimits<number>): CheckedAmount {
  if (!typed.trim()) return { minor: null, error: { key: 'wd_amount_required' } };
  const minor = parseMoney(typed);
  if (minor === null || minor <= 0) return { minor: null, error: { key: 'wd_amount_invalid' } };
  const outside = amountOutsideLimits(minor, limits);
  if (outside === 'below') return { minor, error: { key: 'wd_amount_min', amounts: { min: limits.minAmount } } };
  if (outside === 'above') return { minor, error: { key: 'wd_amount_max', amounts: { max: limits.maxAmount } } };
  return { minor, error: null };
}

/** The typed amount in minor units, or why it cannot be withdrawn. */
export function validateWithdrawAmount(typed: string, info: AmountRules): CheckedAmount {
  const checked = checkTypedAmount(typed, info);
  const { minor } = checked;
  if (checked.error || minor === null) return checked;
  if (minor > info.availableNow) {
    const blocked = info.availableNow <= 0 ? nothingAvailable(info) : null;
    return { minor, error: blocked ?? { key: 'wd_amount_available', amounts: { available: info.availableNow } } };
  }
  return { minor, error: null };
}

/** The line under the amount: how much can be withdrawn now, or that the turnover locks it all. */
export function availableHint(info: Pick<TWithdrawInfo, 'availableNow' | 'turnoverLeft'>): Message {
  if (info.turnoverLeft > 0) return { key: 'wd_available_locked', amounts: { left: info.turnoverLeft } };
  return { key: 'wd_available_now', amounts: { amount: info.availableNow } };
}

/** Account number rules of a payout account: 09XXXXXXXXX for GCash and Maya, 6–30 digits for a bank. */
export function validatePayoutNumber(kind: PayoutKind, number: string): Message | null {
  const value = number.trim();
  if (!value) return { key: 'payout_number_required' };
  if (kind === 'bank') return BANK_NUMBER.test(value) ? null : { key: 'payout_number_bank' };
  return WALLET_NUMBER.test(value) ? null : { key: 'payout_number_wallet' };
}

export function validatePayoutName(name: string): Message | null {
  const value = name.trim();
  if (value.length < 2 || value.length > 128) return { key: 'payout_name_required' };
  return null;
}

export function validateBankName(kind: PayoutKind, bankName: string): Message | null {
  if (kind !== 'bank') return null;
  return bankName.trim() ? null : { key: 'payout_bank_required' };
}

export type WithdrawErrorField = 'amount' | 'paymentPassword' | 'form';

/** Where a failed withdrawal's answer is shown, in the player's own words. */
export function withdrawErrorMessage(
  error: unknown,
  context: { turnoverLeft: number; dailyCount: number },
): { field: WithdrawErrorField; message: Message } | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.code) {
    case ERROR_CODES.insufficientBalance:
      return { field: 'amount', message: { key: 'wd_err_insufficient' } };
    case ERROR_CODES.amountOutOfRange:
      return { field: 'amount', message: { key: 'wd_err_range' } };
    case ERROR_CODES.turnoverIncomplete:
      return { field: 'form', message: { key: 'wd_err_turnover', amounts: { left: context.turnoverLeft } } };
    case ERROR_CODES.withdrawDailyLimit:
      return { field: 'form', message: { key: 'wd_err_daily', values: { n: context.dailyCount } } };
    case ERROR_CODES.paymentPasswordInvalid:
      return { field: 'paymentPassword', message: { key: 'wd_err_password' } };
    case ERROR_CODES.paymentPasswordNotSet:
      return { field: 'form', message: { key: 'wd_no_password' } };
    case ERROR_CODES.payoutAccountInvalid:
      return { field: 'form', message: { key: 'wd_err_account' } };
    case ERROR_CODES.trialRefused:
      return { field: 'form', message: { key: 'free_reject' } };
    default:
      return null;
  }
}

const SOURCE_PHRASES = {
  deposit: 'wd_source_deposit',
  bonus: 'wd_source_bonus',
  adjustment: 'wd_source_adjustment',
} as const;

/** A requirement's source as a phrase inside a sentence ("your deposit of ₱500.00 (D…)"). */
export function sourcePhrase(item: Pick<TTurnoverItem, 'source' | 'baseAmount' | 'reference'>): Message {
  return {
    key: SOURCE_PHRASES[item.source],
    amounts: { amount: item.baseAmount },
    values: { reference: item.reference },
  };
}

/** How much turnover is left and what it comes from: the one deposit or bonus, or how many. */
function turnoverReason(left: number, items: readonly TTurnoverItem[]): Message {
  const open = items.filter((item) => item.completedAt === null);
  if (open.length === 1)
    return { key: 'wd_why_turnover_one', amounts: { left }, parts: { source: sourcePhrase(open[0]!) } };
  if (open.length > 1) return { key: 'wd_why_turnover_many', amounts: { left }, values: { n: open.length } };
  return { key: 'wd_why_turnover', amounts: { left } };
}

/** The plain sentence under the turnover tracker: why withdrawing is or is not allowed now. */
export function withdrawVerdict(
  info: TWithdrawInfo,
  turnover: Pick<TTurnover, 'left' | 'canWithdraw'> & { items?: readonly TTurnoverItem[] },
): { ok: boolean; message: Message } {
  if (!turnover.canWithdraw || turnover.left > 0)
    return { ok: false, message: turnoverReason(Math.max(turnover.left, info.turnoverLeft), turnover.items ?? []) };
  if (info.payoutAccounts.length === 0) return { ok: false, message: { key: 'wd_why_no_account' } };
  if (!info.hasPaymentPassword) return { ok: false, message: { key: 'wd_why_no_password' } };
  if (info.dailyCount > 0 && info.usedCountToday >= info.dailyCount)
    return { ok: false, message: { key: 'wd_why_daily_count', values: { n: info.dailyCount } } };
  if (info.availableNow < info.minAmount) {
    if (info.balance < info.minAmount)
      return { ok: false, message: { key: 'wd_why_low_balance', amounts: { min: info.minAmount } } };
    return { ok: false, message: { key: 'wd_why_daily_amount' } };
  }
  return { ok: true, message: { key: 'wd_why_ok', amounts: { available: info.availableNow } } };
}
