import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@palaro/contract';
import { assertAmountInRange, newOrderNo } from './money-rules';

describe('shared money rules', () => {
  it('numbers orders with their letter and 12 random upper-case letters or digits', () => {
    for (const prefix of ['D', 'W', 'T']) {
      const numbers = new Set(Array.from({ length: 1000 }, () => newOrderNo(prefix)));
      expect(numbers.size).toBe(1000);
      for (const orderNo of numbers) expect(orderNo).toMatch(new RegExp(`^${prefix}[A-Z0-9]{12}$`));
    }
  });

  it('accepts both ends of a range', () => {
    expect(() => assertAmountInRange(10n, 10n, 20n)).not.toThrow();
    expect(() => assertAmountInRange(20n, 10n, 20n)).not.toThrow();
    expect(() => assertAmountInRange(21n, 10n, 20n)).toThrow(
      expect.objectContaining({ code: ERROR_CODES.amountOutOfRange }),
    );
  });
});
