import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, IDEMPOTENCY_HEADER } from '@palaro/contract';
import { createTestApp, type TestApp } from '../../test-app';
import type { AccountsClient } from '../accounts/testing';
import { creditMember, newKey, registeredMember } from './testing';
import { verifyLedger } from './verify';

/**
 * Whatever a client sends to the money endpoints — wrong types, missing fields, huge strings,
 * unicode, SQL and HTML fragments, negative or fractional amounts, bad headers — the answer is a
 * refusal with a message (never a 500) and no money moves.
 */

let testApp: TestApp;
let client: AccountsClient;
beforeAll(async () => {
  testApp = await createTestApp();
  const member = await registeredMember(testApp.app, testApp.db, { withPaymentPassword: true });
  client = member.client;
  await creditMember(testApp.db, member.memberId, 100_000n);
});
afterAll(async () => {
  await testApp?.close();
});

/** Rows that only a successful money-moving request adds. */
async function moneyRows(): Promise<number> {
  const result = await testApp.db.db
    .execute(sql`select (select count(*) from journal_entries) + (select count(*) from deposit_orders)
    + (select count(*) from withdrawals) + (select count(*) from payout_accounts) as count`);
  return Number((result as unknown as { rows: { count: string }[] }).rows[0]!.count);
}

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ minLength: 300, maxLength: 3000 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '"; DROP TABLE journal_lines; --',
    '\u0000',
    '𝕏💥',
    '1e309',
    'NaN',
    '-0',
  ),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 0.5, 2 ** 53, -(2 ** 63), Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);
const fields = [
  'amount',
  'channelId',
  'senderName',
  'senderReference',
  'receiptImage',
  'payoutAccountId',
  'paymentPassword',
  'kind',
  'bankName',
  'accountName',
  'accountNumber',
];
const body = fc.dictionary(fc.constantFrom(...fields), nasty, { maxKeys: 6 });
const key = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('', 'short', 'has spaces in it', 'x'.repeat(65), '<script>'),
  fc.constant('valid').map(() => newKey()),
);
const money = fc.constantFrom(
  API_PATHS.depositOrders,
  API_PATHS.withdrawals,
  API_PATHS.uplineTransfer,
  API_PATHS.payoutAccounts,
);
const query = fc.record({
  path: fc.constantFrom(
    API_PATHS.accountRecords,
    API_PATHS.profitAndLoss,
    API_PATHS.depositOrders,
    API_PATHS.withdrawals,
  ),
  values: fc.dictionary(
    fc.constantFrom('types', 'from', 'to', 'page', 'pageSize', 'status'),
    fc.string({ maxLength: 30 }),
    { maxKeys: 4 },
  ),
});

describe('bad input on the money endpoints', () => {
  it('is refused with a message, never a 500, and moves no money', { timeout: 180_000 }, async () => {
    const before = await moneyRows();
    await fc.assert(
      fc.asyncProperty(money, body, key, async (url, payload, idempotencyKey) => {
        const response = await client.request(
          'POST',
          url,
          payload,
          idempotencyKey === undefined ? {} : { [IDEMPOTENCY_HEADER]: idempotencyKey },
        );
        expect(
          [400, 403, 409, 429],
          `${url} ${JSON.stringify(payload).slice(0, 200)} → ${response.body.slice(0, 300)}`,
        ).toContain(response.statusCode);
        expect(response.json()).toMatchObject({
          success: false,
          errorCode: expect.any(String),
          message: expect.any(String),
        });
      }),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(query, async ({ path, values }) => {
        const response = await client.request('GET', `${path}?${new URLSearchParams(values)}`);
        expect([200, 400], `${path} ${JSON.stringify(values)} → ${response.body.slice(0, 300)}`).toContain(
          response.statusCode,
        );
      }),
      { numRuns: 100 },
    );
    for (const raw of ['{"amount":', '[]', 'null', '"text"']) {
      const response = await client.request('POST', API_PATHS.depositOrders, raw, {
        'content-type': 'application/json',
        [IDEMPOTENCY_HEADER]: newKey(),
      });
      expect(response.statusCode, raw).toBe(400);
    }
    expect(await moneyRows()).toBe(before);
    expect((await verifyLedger(testApp.db.db)).problems).toEqual([]);
  });
});
