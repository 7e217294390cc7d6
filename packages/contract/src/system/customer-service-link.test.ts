import { describe, expect, it } from 'vitest';
import { decryptCustomerServiceLink, encryptCustomerServiceLink } from './customer-service-link';

describe('customer-service link encryption', () => {
  it('round-trips a link, the key being the last 8 characters', () => {
    const stored = encryptCustomerServiceLink('https://t.me/palaro_support?start=ñ', 'k3Y!9zQp');
    expect(stored.endsWith('k3Y!9zQp')).toBe(true);
    expect(stored).not.toContain('t.me');
    expect(decryptCustomerServiceLink(stored)).toBe('https://t.me/palaro_support?start=ñ');
  });

  it('refuses malformed values instead of returning garbage', () => {
    expect(decryptCustomerServiceLink('short')).toBeNull();
    expect(decryptCustomerServiceLink('@@@not-base64@@@abcdefgh')).toBeNull();
  });

  it('rejects a key that is not 8 printable characters', () => {
    expect(() => encryptCustomerServiceLink('https://x', 'short')).toThrow();
  });
});
