import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@palaro/contract';
import { maskAccountNumber, payoutAccountDraft } from './payout-accounts';
import {
  assertPending,
  assertWithdrawalAllowed,
  availableNow,
  merchantToday,
  rejectionNote,
  type WithdrawLimits,
} from './service';

const limits: WithdrawLimits = {
  withdrawMin: 100_00n,
  withdrawMax: 5_000_00n,
  withdrawDailyCount: 3,
  withdrawDailyAmount: 8_000_00n,
};
const nothingUsed = { count: 0, amount: 0n };

describe('payout account rules', () => {
  const gcash = { kind: 'gcash' as const, accountName: 'Juan Dela Cruz', accountNumber: '09171234567' };

  it('shows only the last 4 digits, whatever the length', () => {
    expect(maskAccountNumber('09171234567')).toBe('••••\u00a04567');
    expect(maskAccountNumber('123456789012345678')).toBe('••••\u00a05678');
  });

  it('wants a Philippine mobile number for GCash and Maya', () => {
    expect(payoutAccountDraft(gcash, [], 5)).toEqual({ ...gcash, bankName: null });
    for (const accountNumber of ['9171234567', '08171234567', '091712345678', '639171234567']) {
      expect(() => payoutAccountDraft({ ...gcash, kind: 'maya', accountNumber }, [], 5), accountNumber).toThrow(
        expect.objectContaining({
          code: ERROR_CODES.payoutAccountInvalid,
          details: { fields: [expect.objectContaining({ field: 'accountNumber' })] },
        }),
      );
    }
  });

  it('wants a bank name for a bank, and drops it for an e-wallet', () => {
    const bank = { kind: 'bank' as const, accountName: 'Juan Dela Cruz', accountNumber: '001234567890' };
    expect(() => payoutAccountDraft(bank, [], 5)).toThrow(
      expect.objectContaining({ details: { fields: [expect.objectContaining({ field: 'bankName' })] } }),
    );
    expect(() => payoutAccountDraft({ ...bank, bankName: '  ' }, [], 5)).toThrow(
      expect.objectContaining({ code: ERROR_CODES.payoutAccountInvalid }),
    );
    expect(payoutAccountDraft({ ...bank, bankName: 'BDO' }, [], 5).bankName).toBe('BDO');
    expect(payoutAccountDraft({ ...gcash, bankName: 'BDO' }, [], 5).bankName).toBeNull();
  });

  it('keeps to the limit and refuses the same account twice', () => {
    const bound = { ...gcash, bankName: null };
    expect(() => payoutAccountDraft({ ...gcash, accountNumber: '09170000000' }, [bound], 1)).toThrow(
      expect.objectContaining({ code: ERROR_CODES.payoutAccountLimit }),
    );
    expect(() => payoutAccountDraft(gcash, [bound], 5)).toThrow(
      expect.objectContaining({ code: ERROR_CODES.payoutAccountInvalid }),
    );
    // The same number as another kind of account is another account.
    expect(payoutAccountDraft({ ...gcash, kind: 'maya' }, [bound], 5).kind).toBe('maya');
  });
});

describe('withdrawal rules', () => {
  const refusal = (amount: bigint, used = nothingUsed, turnover = 0n) => {
    try {
      assertWithdrawalAllowed(amount, limits, used, turnover);
      return null;
    } catch (error) {
      return error as { code: string; details: Record<string, unknown> };
    }
  };

  it('keeps the amount within the minimum and maximum, both included', () => {
    expect(refusal(100_00n)).toBeNull();
    expect(refusal(5_000_00n)).toBeNull();
    expect(refusal(99_99n)?.code).toBe(ERROR_CODES.amountOutOfRange);
    expect(refusal(5_000_01n)?.details).toMatchObject({
      minAmount: 100_00,
      maxAmount: 5_000_00,
      fields: [expect.objectContaining({ field: 'amount' })],
    });
  });

  it('waits for the turnover, telling how much is left', () => {
    expect(refusal(100_00n, nothingUsed, 250n)).toMatchObject({
      code: ERROR_CODES.turnoverIncomplete,
      details: { turnoverLeft: 250 },
    });
  });

  it('keeps to the daily count and amount', () => {
    expect(refusal(100_00n, { count: 3, amount: 300_00n })?.code).toBe(ERROR_CODES.withdrawDailyLimit);
    expect(refusal(3_000_00n, { count: 2, amount: 5_000_00n })).toBeNull();
    expect(refusal(3_000_01n, { count: 2, amount: 5_000_00n })).toMatchObject({
      code: ERROR_CODES.withdrawDailyLimit,
      details: { leftToday: 3_000_00 },
    });
  });

  it('tells the most that can be withdrawn now', () => {
    expect(availableNow(1_000_00n, limits, nothingUsed, 0n)).toBe(1_000_00n);
    expect(availableNow(9_000_00n, limits, nothingUsed, 0n)).toBe(5_000_00n);
    expect(availableNow(9_000_00n, limits, { count: 1, amount: 6_000_00n }, 0n)).toBe(2_000_00n);
    // Nothing when no amount would pass: below the minimum, the count used up, turnover left.
    expect(availableNow(99_99n, limits, nothingUsed, 0n)).toBe(0n);
    expect(availableNow(9_000_00n, limits, { count: 3, amount: 0n }, 0n)).toBe(0n);
    expect(availableNow(9_000_00n, limits, nothingUsed, 1n)).toBe(0n);
  });

  it('decides a withdrawal only once', () => {
    expect(() => assertPending({ status: 'pending', orderNo: 'W1' })).not.toThrow();
    expect(() => assertPending({ status: 'paid', orderNo: 'W1' })).toThrow(
      expect.objectContaining({ code: ERROR_CODES.orderClosed }),
    );
    expect(() => assertPending({ status: 'rejected', orderNo: 'W1' })).toThrow(
      expect.objectContaining({ code: ERROR_CODES.orderClosed }),
    );
  });

  it('needs a reason to reject', () => {
    expect(rejectionNote('  Name does not match  ')).toBe('Name does not match');
    expect(() => rejectionNote(undefined)).toThrow(expect.objectContaining({ code: ERROR_CODES.validation }));
    expect(() => rejectionNote('   ')).toThrow(expect.objectContaining({ code: ERROR_CODES.validation }));
  });

  it('counts the day in the merchant’s time zone', () => {
    // 23:30 UTC on 1 March is already 2 March in Manila (UTC+8).
    const today = merchantToday(new Date('2026-03-01T23:30:00Z'), 'Asia/Manila');
    expect(today).toEqual({ start: new Date('2026-03-01T16:00:00Z'), end: new Date('2026-03-02T16:00:00Z') });
  });
});
