import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, GATEWAY_HEADERS, IDEMPOTENCY_HEADER, operatorPath } from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { DEMO_AFFILIATE_CODE, DEMO_AGENT_USERNAME } from '../accounts/seed';
import { findMemberByUsername } from '../accounts/store';
import { callbackSignature } from '../deposits/gateway';
import { paymentChannels } from '../deposits/schema';
import { MAX_PENDING_ORDERS } from '../deposits/service';
import { bindPayoutAccount, decide, requestWithdrawal } from '../withdrawals/testing';
import { memberBalance } from './ledger-accounts';
import { ledgerAccounts } from './schema';
import { depositSettings } from '../deposits/settings';
import { changeSettings } from '../settings/service';
import { transferSettings } from '../transfers/settings';
import { withdrawalSettings } from '../withdrawals/settings';
import { DEMO_MERCHANT_ID, newKey, registeredMember, TEST_PAYMENT_PASSWORD } from './testing';
import { verifyLedger } from './verify';

/**
 * Random sequences of everything that moves money — deposits, gateway callbacks (duplicated,
 * reordered, declined), withdrawals, approvals, rejections and transfers to the upline — through
 * the HTTP API, checking after every step that the ledger holds: entries sum to zero, balances
 * equal their journal, nothing is negative, each wallet equals what a simple model expects, and the
 * money in the system equals what was deposited minus what was paid out.
 */

let testApp: TestApp;
let channel: { id: number; secret: string };
let uplineId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  const flags = await testApp.app.inject({
    method: 'PATCH',
    url: operatorPath(API_PATHS.operatorFlags, 'PALARO'),
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    payload: { whitelabel: { AGETRANSFERUP3: true } },
  });
  expect(flags.statusCode).toBe(200);
  await changeSettings(testApp.db.db, DEMO_MERCHANT_ID, depositSettings, { depositTurnoverPercent: 0 });
  await changeSettings(testApp.db.db, DEMO_MERCHANT_ID, withdrawalSettings, {
    withdrawMin: 1_00n,
    withdrawMax: 1_000_000_00n,
    withdrawDailyCount: 1000,
    withdrawDailyAmount: 100_000_000_00n,
  });
  await changeSettings(testApp.db.db, DEMO_MERCHANT_ID, transferSettings, {
    transferMin: 1_00n,
    transferMax: 1_000_000_00n,
  });
  const [sandbox] = await testApp.db.db
    .select()
    .from(paymentChannels)
    .where(eq(paymentChannels.gateway, 'sandbox'))
    .orderBy(paymentChannels.displayOrder)
    .limit(1);
  channel = { id: sandbox!.id, secret: sandbox!.callbackSecret! };
  await testApp.db.db
    .update(paymentChannels)
    .set({ feeBasisPoints: 150, feeFixed: 0n, minAmount: 1_00n, maxAmount: 100_000_00n })
    .where(eq(paymentChannels.id, channel.id));
  uplineId = (await findMemberByUsername(testApp.db.db, DEMO_MERCHANT_ID, DEMO_AGENT_USERNAME))!.id;
});
afterAll(async () => {
  await testApp?.close();
});

type Step =
  | { kind: 'deposit'; amount: number }
  | { kind: 'callback'; order: number; status: 'paid' | 'declined'; times: number }
  | { kind: 'withdraw'; amount: number }
  | { kind: 'decide'; withdrawal: number; approve: boolean }
  | { kind: 'transfer'; amount: number };

const amount = fc.integer({ min: 1_00, max: 2_000_00 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount }),
  fc.record({
    kind: fc.constant('callback' as const),
    order: fc.nat(7),
    status: fc.constantFrom('paid' as const, 'paid' as const, 'declined' as const),
    times: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('withdraw' as const), amount }),
  fc.record({ kind: fc.constant('decide' as const), withdrawal: fc.nat(7), approve: fc.boolean() }),
  fc.record({ kind: fc.constant('transfer' as const), amount }),
);

function signedCallback(body: object) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = callbackSignature(channel.secret, timestamp, raw);
  return testApp.app.inject({
    method: 'POST',
    url: API_PATHS.gatewayCallback.replace(':gateway', 'sandbox'),
    payload: raw,
    headers: {
      'content-type': 'application/json',
      [GATEWAY_HEADERS.timestamp]: timestamp,
      [GATEWAY_HEADERS.signature]: signature,
    },
  });
}

async function moneyInSystem(): Promise<bigint> {
  const [row] = await testApp.db.db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)` })
    .from(ledgerAccounts)
    .where(
      sql`${ledgerAccounts.merchantId} = ${DEMO_MERCHANT_ID} and ${ledgerAccounts.kind} in ('member_cash', 'withdrawals_pending', 'house')`,
    );
  return BigInt(row!.total);
}

describe('money invariants', () => {
  it('hold after every step of random deposits, callbacks, withdrawals, decisions and transfers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const { client, memberId } = await registeredMember(testApp.app, testApp.db, {
          withPaymentPassword: true,
          affiliateCode: DEMO_AFFILIATE_CODE,
        });
        const bind = await bindPayoutAccount(client);
        expect(bind.statusCode, bind.body).toBe(200);
        const payoutAccountId = (bind.json().value as { id: number }).id;

        const systemBefore = await moneyInSystem();
        const uplineBefore = await memberBalance(testApp.db.db, DEMO_MERCHANT_ID, uplineId);
        const orders: { orderNo: string; amount: number; fee: number; status: 'pending' | 'paid' | 'declined' }[] = [];
        const pending: { orderNo: string; amount: number; decided: boolean }[] = [];
        let expectedWallet = 0n;
        let expectedUpline = uplineBefore;
        let depositedIn = 0n;
        let paidOut = 0n;

        for (const current of steps) {
          switch (current.kind) {
            case 'deposit': {
              const response = await client.request(
                'POST',
                API_PATHS.depositOrders,
                { channelId: channel.id, amount: current.amount },
                { [IDEMPOTENCY_HEADER]: newKey() },
              );
              // A member may have only a few unpaid orders open at once.
              if (orders.filter((order) => order.status === 'pending').length >= MAX_PENDING_ORDERS) {
                expect(response.statusCode, response.body).toBe(409);
                break;
              }
              expect(response.statusCode, response.body).toBe(200);
              const order = response.json().value as { orderNo: string; amount: number; fee: number };
              orders.push({ orderNo: order.orderNo, amount: order.amount, fee: order.fee, status: 'pending' });
              break;
            }
            case 'callback': {
              const order = orders[current.order % Math.max(orders.length, 1)];
              if (!order) break;
              for (let time = 0; time < current.times; time += 1) {
                const response = await signedCallback({
                  eventId: randomBytes(12).toString('hex'),
                  orderNo: order.orderNo,
                  gatewayReference: `G${order.orderNo}`,
                  status: current.status,
                  amount: order.amount,
                });
                expect(response.statusCode, response.body).toBeLessThan(500);
              }
              // A payment is credited once, whether it comes first, again, or after a decline; a
              // decline after a payment changes nothing.
              if (current.status === 'paid' && order.status !== 'paid') {
                order.status = 'paid';
                expectedWallet += BigInt(order.amount - order.fee);
                depositedIn += BigInt(order.amount);
              } else if (current.status === 'declined' && order.status === 'pending') {
                order.status = 'declined';
              }
              break;
            }
            case 'withdraw': {
              const response = await requestWithdrawal(client, { amount: current.amount, payoutAccountId });
              if (BigInt(current.amount) <= expectedWallet) {
                expect(response.statusCode, response.body).toBe(200);
                expectedWallet -= BigInt(current.amount);
                pending.push({
                  orderNo: (response.json().value as { orderNo: string }).orderNo,
                  amount: current.amount,
                  decided: false,
                });
              } else {
                expect(response.statusCode, response.body).toBe(409);
              }
              break;
            }
            case 'decide': {
              const withdrawal = pending[current.withdrawal % Math.max(pending.length, 1)];
              if (!withdrawal) break;
              const response = await decide(testApp.app, current.approve ? 'approve' : 'reject', withdrawal.orderNo, {
                note: 'property test',
              });
              if (withdrawal.decided) {
                expect(response.statusCode, response.body).toBe(409);
              } else {
                expect(response.statusCode, response.body).toBe(200);
                withdrawal.decided = true;
                if (current.approve) paidOut += BigInt(withdrawal.amount);
                else expectedWallet += BigInt(withdrawal.amount);
              }
              break;
            }
            case 'transfer': {
              const response = await client.request(
                'POST',
                API_PATHS.uplineTransfer,
                { amount: current.amount, paymentPassword: TEST_PAYMENT_PASSWORD },
                { [IDEMPOTENCY_HEADER]: newKey() },
              );
              if (BigInt(current.amount) <= expectedWallet) {
                expect(response.statusCode, response.body).toBe(200);
                expectedWallet -= BigInt(current.amount);
                expectedUpline += BigInt(current.amount);
              } else {
                expect(response.statusCode, response.body).toBe(409);
              }
              break;
            }
          }

          const report = await verifyLedger(testApp.db.db);
          expect(report.problems).toEqual([]);
          expect(await memberBalance(testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(expectedWallet);
          expect(await memberBalance(testApp.db.db, DEMO_MERCHANT_ID, uplineId)).toBe(expectedUpline);
          expect((await moneyInSystem()) - systemBefore).toBe(depositedIn - paidOut);
        }
      }),
      { numRuns: 12 },
    );
  });
});
