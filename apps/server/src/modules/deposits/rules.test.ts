import { describe, expect, it } from 'vitest';
import { ERROR_CODES, GATEWAY_HEADERS } from '@palaro/contract';
import { callbackSignature, parseStandardCallback, verifyHmacCallback } from './gateway';
import { gatewayOutcome, statusAfter } from './rules';
import { checkoutPage, escapeHtml, ownOrigin } from './sandbox-gateway';

describe('the deposit state machine', () => {
  it('credits every paid notice the order has not been credited for, and never twice', () => {
    expect(gatewayOutcome('pending', 'paid')).toBe('credited');
    expect(gatewayOutcome('declined', 'paid')).toBe('credited_late');
    expect(gatewayOutcome('expired', 'paid')).toBe('credited_late');
    expect(gatewayOutcome('paid', 'paid')).toBe('already_paid');
  });

  it('declines only a pending order', () => {
    expect(gatewayOutcome('pending', 'declined')).toBe('declined');
    expect(gatewayOutcome('paid', 'declined')).toBe('ignored');
    expect(gatewayOutcome('expired', 'declined')).toBe('ignored');
  });

  it('names the status each outcome leaves', () => {
    expect(statusAfter('expired', 'credited_late')).toBe('paid');
    expect(statusAfter('pending', 'declined')).toBe('declined');
    expect(statusAfter('paid', 'ignored')).toBe('paid');
  });
});

describe('callback signatures', () => {
  const secret = 'a'.repeat(64);
  const now = new Date('2026-01-01T10:00:00Z');
  const timestamp = String(now.getTime() / 1000);
  const rawBody = '{"eventId":"evt_12345678","orderNo":"DABC","gatewayReference":"G1","status":"paid","amount":100}';
  const signed = (headers: Record<string, string>) => ({ rawBody, headers });
  const valid = {
    [GATEWAY_HEADERS.timestamp]: timestamp,
    [GATEWAY_HEADERS.signature]: callbackSignature(secret, timestamp, rawBody),
  };

  it('accepts the exact bytes signed with the secret within five minutes', () => {
    expect(() => verifyHmacCallback(signed(valid), secret, now)).not.toThrow();
    expect(() => verifyHmacCallback(signed(valid), secret, new Date(now.getTime() + 299_000))).not.toThrow();
  });

  it('refuses another secret, other bytes, a stale or future timestamp and missing headers', () => {
    const refused = { code: ERROR_CODES.gatewaySignatureInvalid };
    expect(() => verifyHmacCallback(signed(valid), 'b'.repeat(64), now)).toThrow(expect.objectContaining(refused));
    expect(() => verifyHmacCallback({ rawBody: rawBody.replace('100', '900'), headers: valid }, secret, now)).toThrow(
      expect.objectContaining(refused),
    );
    expect(() => verifyHmacCallback(signed(valid), secret, new Date(now.getTime() + 301_000))).toThrow(/stale/);
    expect(() => verifyHmacCallback(signed(valid), secret, new Date(now.getTime() - 301_000))).toThrow(/stale/);
    expect(() => verifyHmacCallback(signed({ [GATEWAY_HEADERS.timestamp]: timestamp }), secret, now)).toThrow(
      /signature/,
    );
    expect(() => verifyHmacCallback(signed({ ...valid, [GATEWAY_HEADERS.signature]: 'zz' }), secret, now)).toThrow(
      /malformed/,
    );
    expect(() =>
      verifyHmacCallback(signed({ [GATEWAY_HEADERS.signature]: valid[GATEWAY_HEADERS.signature]! }), secret, now),
    ).toThrow(/timestamp/);
  });

  it('reads a callback body, and answers bad ones with a 400 naming the field', () => {
    expect(parseStandardCallback({ rawBody, headers: {} })).toMatchObject({
      orderNo: 'DABC',
      status: 'paid',
      amount: 100,
    });
    expect(() => parseStandardCallback({ rawBody: 'not json', headers: {} })).toThrow(
      expect.objectContaining({ code: ERROR_CODES.validation }),
    );
    try {
      parseStandardCallback({ rawBody: '{"eventId":"x"}', headers: {} });
      expect.unreachable();
    } catch (error) {
      expect(
        (error as { details: { fields: { field: string }[] } }).details.fields.map((field) => field.field),
      ).toContain('orderNo');
    }
  });
});

describe('the sandbox page', () => {
  it('escapes every value it shows', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = checkoutPage({
      merchantName: '<script>alert(1)</script>',
      orderNo: 'DABC123456789',
      channelName: 'GCash',
      amountText: '₱500.00',
      status: 'pending',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('Palaro Sandbox Pay');
    expect(html).toContain('value="approve"');
  });

  it('shows a decided order without the buttons', () => {
    const html = checkoutPage({
      merchantName: 'Palaro',
      orderNo: 'DABC123456789',
      channelName: 'GCash',
      amountText: '₱500.00',
      status: 'paid',
    });
    expect(html).not.toContain('value="approve"');
    expect(html).toContain('/m/vouReport?order=DABC123456789');
  });

  it('calls back on the server’s own socket', () => {
    expect(ownOrigin({ address: '0.0.0.0', family: 'IPv4', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(ownOrigin({ address: '::', family: 'IPv6', port: 3000 })).toBe('http://[::1]:3000');
    expect(ownOrigin({ address: '127.0.0.1', family: 'IPv4', port: 4321 })).toBe('http://127.0.0.1:4321');
    expect(ownOrigin(null)).toBeNull();
  });
});
