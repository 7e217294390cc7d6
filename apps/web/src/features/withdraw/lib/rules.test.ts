import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type TTurnoverItem, type TWithdrawInfo } from '@palaro/contract';
import { ApiError } from '../../../shared/api/client';
import { isUncertain } from '../../../shared/api/idempotency';
import {
  availableHint,
  validatePaymentPassword,
  validatePayoutNumber,
  validateWithdrawAmount,
  withdrawErrorMessage,
  withdrawVerdict,
} from './rules';

const info = (over: Partial<TWithdrawInfo> = {}): TWithdrawInfo => ({
  balance: 500_000,
  minAmount: 10_000,
  maxAmount: 5_000_000,
  dailyCount: 3,
  dailyAmount: 10_000_000,
  usedCountToday: 0,
  usedAmountToday: 0,
  availableNow: 500_000,
  turnoverLeft: 0,
  hasPaymentPassword: true,
  payoutAccounts: [
    {
      id: 1,
      kind: 'gcash',
      bankName: null,
      accountName: 'Juan Cruz',
      accountNumber: '••••\u00a04567',
      createdAt: '2026-01-01T00:00:00Z',
    },
  ],
  ...over,
});

describe('withdraw validations', () => {
  it('amount: required, format, min, max, what is available now', () => {
    expect(validateWithdrawAmount('', info()).error?.key).toBe('wd_amount_required');
    expect(validateWithdrawAmount('12.345', info()).error?.key).toBe('wd_amount_invalid');
    expect(validateWithdrawAmount('-5', info()).error?.key).toBe('wd_amount_invalid');
    expect(validateWithdrawAmount('0', info()).error?.key).toBe('wd_amount_invalid');
    expect(validateWithdrawAmount('99.99', info()).error).toEqual({ key: 'wd_amount_min', amounts: { min: 10_000 } });
    expect(validateWithdrawAmount('60,000', info({ balance: 9_000_000, availableNow: 9_000_000 })).error?.key).toBe(
      'wd_amount_max',
    );
    expect(validateWithdrawAmount('5000.01', info()).error).toEqual({
      key: 'wd_amount_available',
      amounts: { available: 500_000 },
    });
    expect(validateWithdrawAmount('1,250.50', info())).toEqual({ minor: 125_050, error: null });
  });

  it('amount: when nothing can be withdrawn, says why instead of "at most 0.00"', () => {
    expect(validateWithdrawAmount('200', info({ availableNow: 0, turnoverLeft: 50_000 })).error).toEqual({
      key: 'wd_amount_turnover',
      amounts: { left: 50_000 },
    });
    expect(validateWithdrawAmount('200', info({ availableNow: 0, usedCountToday: 3 })).error).toEqual({
      key: 'wd_why_daily_count',
      values: { n: 3 },
    });
    expect(validateWithdrawAmount('200', info({ availableNow: 0, balance: 5_000 })).error).toEqual({
      key: 'wd_amount_available',
      amounts: { available: 0 },
    });
    expect(availableHint(info({ availableNow: 0, turnoverLeft: 50_000 }))).toEqual({
      key: 'wd_available_locked',
      amounts: { left: 50_000 },
    });
    expect(availableHint(info())).toEqual({ key: 'wd_available_now', amounts: { amount: 500_000 } });
  });

  it('payment password is exactly 6 digits', () => {
    expect(validatePaymentPassword('')?.key).toBe('wd_password_required');
    expect(validatePaymentPassword('12345')?.key).toBe('wd_password_format');
    expect(validatePaymentPassword('12345a')?.key).toBe('wd_password_format');
    expect(validatePaymentPassword('123456')).toBeNull();
  });

  it('server errors land on their field in the player language keys', () => {
    const err = (code: string) => new ApiError(code, 'x', 400);
    const ctx = { turnoverLeft: 12_300, dailyCount: 3 };
    expect(withdrawErrorMessage(err(ERROR_CODES.insufficientBalance), ctx)).toEqual({
      field: 'amount',
      message: { key: 'wd_err_insufficient' },
    });
    expect(withdrawErrorMessage(err(ERROR_CODES.turnoverIncomplete), ctx)).toEqual({
      field: 'form',
      message: { key: 'wd_err_turnover', amounts: { left: 12_300 } },
    });
    expect(withdrawErrorMessage(err(ERROR_CODES.withdrawDailyLimit), ctx)).toEqual({
      field: 'form',
      message: { key: 'wd_err_daily', values: { n: 3 } },
    });
    expect(withdrawErrorMessage(err(ERROR_CODES.paymentPasswordInvalid), ctx)).toEqual({
      field: 'paymentPassword',
      message: { key: 'wd_err_password' },
    });
    expect(withdrawErrorMessage(err('system.error'), ctx)).toBeNull();
    expect(withdrawErrorMessage(new Error('x'), ctx)).toBeNull();
  });

  it('a lost connection or a server failure leaves the outcome uncertain (the retry keeps the key)', () => {
    expect(isUncertain(new ApiError('network', 'No Internet', 0))).toBe(true);
    expect(isUncertain(new ApiError('system.error', 'x', 500))).toBe(true);
    expect(isUncertain(new ApiError('http', 'HTTP 502', 502))).toBe(true);
    expect(isUncertain(new ApiError(ERROR_CODES.paymentPasswordInvalid, 'x', 400))).toBe(false);
  });
});

describe('turnover verdict', () => {
  it('turnover left comes first, then account, password, daily count, minimum', () => {
    expect(withdrawVerdict(info({ turnoverLeft: 5000 }), { left: 5000, canWithdraw: false })).toEqual({
      ok: false,
      message: { key: 'wd_why_turnover', amounts: { left: 5000 } },
    });
    expect(withdrawVerdict(info({ payoutAccounts: [] }), { left: 0, canWithdraw: true }).message.key).toBe(
      'wd_why_no_account',
    );
    expect(withdrawVerdict(info({ hasPaymentPassword: false }), { left: 0, canWithdraw: true }).message.key).toBe(
      'wd_why_no_password',
    );
    expect(withdrawVerdict(info({ usedCountToday: 3 }), { left: 0, canWithdraw: true }).message.key).toBe(
      'wd_why_daily_count',
    );
    expect(
      withdrawVerdict(info({ balance: 5000, availableNow: 5000 }), { left: 0, canWithdraw: true }).message.key,
    ).toBe('wd_why_low_balance');
    expect(withdrawVerdict(info(), { left: 0, canWithdraw: true })).toEqual({
      ok: true,
      message: { key: 'wd_why_ok', amounts: { available: 500_000 } },
    });
  });

  it('names what the turnover comes from: the one open deposit or bonus, or how many', () => {
    const item = (over: Partial<TTurnoverItem>): TTurnoverItem => ({
      id: '1',
      source: 'deposit',
      reference: 'D1',
      baseAmount: 50_000,
      required: 50_000,
      originalRequired: 50_000,
      done: 0,
      left: 50_000,
      createdAt: '2026-11-20T00:00:00Z',
      completedAt: null,
      change: null,
      ...over,
    });
    const done = item({ id: '9', left: 0, completedAt: '2026-11-21T00:00:00Z' });
    expect(
      withdrawVerdict(info({ turnoverLeft: 50_000 }), { left: 50_000, canWithdraw: false, items: [item({}), done] })
        .message,
    ).toEqual({
      key: 'wd_why_turnover_one',
      amounts: { left: 50_000 },
      parts: { source: { key: 'wd_source_deposit', amounts: { amount: 50_000 }, values: { reference: 'D1' } } },
    });
    expect(
      withdrawVerdict(info({ turnoverLeft: 70_000 }), {
        left: 70_000,
        canWithdraw: false,
        items: [item({}), item({ id: '2', source: 'bonus', left: 20_000 })],
      }).message,
    ).toEqual({ key: 'wd_why_turnover_many', amounts: { left: 70_000 }, values: { n: 2 } });
  });
});

describe('payout account numbers', () => {
  it('GCash and Maya take 09 and 9 more digits; banks 6 to 30 digits', () => {
    expect(validatePayoutNumber('gcash', '09171234567')).toBeNull();
    expect(validatePayoutNumber('maya', '09991234567')).toBeNull();
    expect(validatePayoutNumber('gcash', '9171234567')?.key).toBe('payout_number_wallet');
    expect(validatePayoutNumber('maya', '091712345678')?.key).toBe('payout_number_wallet');
    expect(validatePayoutNumber('gcash', '08171234567')?.key).toBe('payout_number_wallet');
    expect(validatePayoutNumber('bank', '12345')?.key).toBe('payout_number_bank');
    expect(validatePayoutNumber('bank', '123456')).toBeNull();
    expect(validatePayoutNumber('bank', '1'.repeat(31))?.key).toBe('payout_number_bank');
    expect(validatePayoutNumber('bank', '')?.key).toBe('payout_number_required');
  });
});
