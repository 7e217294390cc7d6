import { describe, expect, it } from 'vitest';
import { amountOutsideLimits, depositFee, requiredTurnover, wireCentavos } from './rules';

describe('deposit fees', () => {
  it('rounds the proportional part up to the centavo and adds the fixed part', () => {
    expect(depositFee(100_000n, { feeBasisPoints: 150, feeFixed: 0n })).toBe(1_500n);
    expect(depositFee(10_001n, { feeBasisPoints: 150, feeFixed: 0n })).toBe(151n);
    expect(depositFee(10_000n, { feeBasisPoints: 0, feeFixed: 0n })).toBe(0n);
    expect(depositFee(10_000n, { feeBasisPoints: 100, feeFixed: 25n })).toBe(125n);
  });

  it('gives the browser, which counts in numbers, the same fee as the server', () => {
    for (const [amount, feeBasisPoints, feeFixed] of [
      [100_000, 150, 0],
      [10_001, 150, 0],
      [99_999_999_999, 5_000, 10_000],
      [1, 1, 0],
    ] as const) {
      expect(depositFee(amount, { feeBasisPoints, feeFixed })).toBe(
        Number(depositFee(BigInt(amount), { feeBasisPoints, feeFixed: BigInt(feeFixed) })),
      );
    }
    expect(depositFee(10_001, { feeBasisPoints: 150, feeFixed: 0 })).toBe(151);
  });
});

describe('turnover requirements', () => {
  it('asks the percent of the amount, rounded up to the centavo, in either kind of number', () => {
    expect(requiredTurnover(50_000n, 100)).toBe(50_000n);
    expect(requiredTurnover(33_333n, 150)).toBe(50_000n);
    expect(requiredTurnover(1n, 150)).toBe(2n);
    expect(requiredTurnover(333n, 50)).toBe(167n);
    expect(requiredTurnover(333, 50)).toBe(167);
    expect(requiredTurnover(10_000, 0)).toBe(0);
  });
});

describe('amount limits', () => {
  it('includes both ends and names the end an amount is outside of', () => {
    const limits = { minAmount: 10_000n, maxAmount: 5_000_000n };
    expect(amountOutsideLimits(10_000n, limits)).toBeNull();
    expect(amountOutsideLimits(5_000_000n, limits)).toBeNull();
    expect(amountOutsideLimits(9_999n, limits)).toBe('below');
    expect(amountOutsideLimits(5_000_001n, limits)).toBe('above');
    expect(amountOutsideLimits(9_999, { minAmount: 10_000, maxAmount: 5_000_000 })).toBe('below');
  });
});

describe('amounts on the wire', () => {
  it('sends a bigint amount as the number it is, and refuses one a JSON number cannot hold exactly', () => {
    expect(wireCentavos(123_456n)).toBe(123_456);
    expect(wireCentavos(-500n)).toBe(-500);
    expect(wireCentavos(BigInt(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => wireCentavos(2n ** 53n)).toThrow(RangeError);
    expect(() => wireCentavos(-(2n ** 53n))).toThrow(RangeError);
  });
});
