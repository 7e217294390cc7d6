import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  ERROR_CODES,
  GATEWAY_HEADERS,
  IDEMPOTENCY_HEADER,
  operatorPath,
  type ChannelMethod,
  type TDepositOrder,
  type TGatewayCallback,
} from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { AccountsClient, changeMemberRow } from '../accounts/testing';
import { auditTrail } from '../audit/service';
import { changeMerchantRow } from '../site/testing';
import { memberBalance, systemAccount } from '../wallet/ledger';
import { memberNotices } from '../inbox/service';
import { turnoverRequirements } from '../wallet/schema';
import { DEMO_MERCHANT_ID, newKey, registeredMember } from '../wallet/testing';
import { verifyLedger } from '../wallet/verify';
import { callbackSignature } from './gateway';
import { expireDueOrders, MAX_PENDING_ORDERS } from './service';
import { depositOrders, gatewayEvents, paymentChannels } from './schema';

let testApp: TestApp;
/** The app listens for real: the sandbox gateway calls back over HTTP. */
let origin: string;
beforeAll(async () => {
  testApp = await createTestApp();
  origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await testApp?.close();
});
afterEach(async () => {
  expect((await verifyLedger(testApp.db.db)).problems).toEqual([]);
});

const db = () => testApp.db.db;
type Client = AccountsClient;

async function channel(method: ChannelMethod) {
  const [row] = await db()
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.merchantId, DEMO_MERCHANT_ID), eq(paymentChannels.method, method)));
  return row!;
}

async function deposit(client: Client, body: Record<string, unknown>, key = newKey()) {
  return client.request('POST', API_PATHS.depositOrders, body, { [IDEMPOTENCY_HEADER]: key });
}

async function openOrder(
  client: Client,
  method: ChannelMethod,
  amount: number,
  extra: Record<string, unknown> = {},
): Promise<TDepositOrder> {
  const response = await deposit(client, { channelId: (await channel(method)).id, amount, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value;
}

interface CallbackOptions {
  secret?: string;
  timestamp?: string;
  signature?: string;
  gateway?: string;
  app?: TestApp;
}

/** A gateway notice for an order, signed with its channel's secret unless told otherwise. */
async function notify(
  order: TDepositOrder,
  status: 'paid' | 'declined',
  options: CallbackOptions & { eventId?: string; amount?: number } = {},
) {
  const [row] = await db()
    .select({ secret: paymentChannels.callbackSecret })
    .from(depositOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.id, depositOrders.channelId))
    .where(eq(depositOrders.orderNo, order.orderNo));
  const notice: TGatewayCallback = {
    eventId: options.eventId ?? `evt_${randomBytes(8).toString('hex')}`,
    orderNo: order.orderNo,
    gatewayReference: 'GW-REF-1',
    status,
    amount: options.amount ?? order.amount,
  };
  return sendCallback(notice, { secret: row!.secret!, ...options });
}

async function sendCallback(notice: TGatewayCallback, options: CallbackOptions & { secret: string }) {
  const body = JSON.stringify(notice);
  const timestamp = options.timestamp ?? String(Math.floor(Date.now() / 1000));
  return (options.app ?? testApp).app.inject({
    method: 'POST',
    url: API_PATHS.gatewayCallback.replace(':gateway', options.gateway ?? 'sandbox'),
    headers: {
      'content-type': 'application/json; charset=utf-8',
      [GATEWAY_HEADERS.timestamp]: timestamp,
      [GATEWAY_HEADERS.signature]: options.signature ?? callbackSignature(options.secret, timestamp, body),
    },
    payload: body,
  });
}

async function storedOrder(orderNo: string) {
  const [row] = await db().select().from(depositOrders).where(eq(depositOrders.orderNo, orderNo));
  return row!;
}

const balanceOf = (memberId: number) => memberBalance(db(), DEMO_MERCHANT_ID, memberId);

function operator(method: 'GET' | 'POST', template: string, orderNo?: string, payload?: object) {
  const url = operatorPath(template, 'PALARO').replace(':orderNo', orderNo ?? '');
  return testApp.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    ...(payload ? { payload } : {}),
  });
}

describe('deposit channels', () => {
  it('lists the enabled channels the member’s VIP level reaches, in order, without their secrets', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const response = await client.request('GET', API_PATHS.depositChannels);
    expect(response.statusCode).toBe(200);
    const { list, turnoverMultiplierPercent } = response.json().value;
    expect(list.map((item: { method: string }) => item.method)).toEqual([
      'GCASH',
      'MAYA',
      'ONLINE_BANKING',
      'BANK_TRANSFER',
    ]);
    expect(turnoverMultiplierPercent).toBe(100);
    expect(list[2]).toMatchObject({ feeBasisPoints: 150, minAmount: 50_000, maxAmount: 5_000_000 });
    expect(list[3].instructions).toMatchObject({ bankName: expect.any(String), accountNumber: expect.any(String) });
    const secret = (await channel('GCASH')).callbackSecret!;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain('callbackSecret');

    await changeMemberRow(db(), memberId, { vipLevel: 1 });
    const vip = (await client.request('GET', API_PATHS.depositChannels)).json().value.list;
    expect(vip.map((item: { method: string }) => item.method)).toContain('USDT_TRC20');
  });

  it('are documented in the OpenAPI description, the sandbox pages are not', async () => {
    const document = (await testApp.app.inject({ url: '/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/wps/deposit/channels',
        '/wps/deposit/orders',
        '/wps/deposit/orders/{orderNo}',
        '/wps/deposit/callback/{gateway}',
        '/ops/merchants/{merchantCode}/deposits',
        '/ops/merchants/{merchantCode}/deposits/{orderNo}/approve',
      ]),
    );
    expect(Object.keys(document.paths).some((path) => path.startsWith('/sandbox-gateway'))).toBe(false);
  });

  it('gives each online channel its own secret and seeds only once', async () => {
    const rows = await db().select().from(paymentChannels).where(eq(paymentChannels.merchantId, DEMO_MERCHANT_ID));
    expect(rows).toHaveLength(5);
    const secrets = rows.filter((row) => row.kind === 'online').map((row) => row.callbackSecret);
    expect(new Set(secrets).size).toBe(4);
    expect(rows.find((row) => row.kind === 'bank_transfer')!.callbackSecret).toBeNull();
  });
});

describe('online deposits', () => {
  it('goes from the order through the sandbox page and its real HTTP callback to a credited wallet', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const order = await openOrder(client, 'GCASH', 50_000);
    expect(order).toMatchObject({
      status: 'pending',
      amount: 50_000,
      fee: 0,
      creditAmount: 50_000,
      method: 'GCASH',
      channelName: 'GCash',
    });
    expect(order.orderNo).toMatch(/^D[A-Z0-9]{12}$/);
    expect(order.paymentUrl).toBe(`/sandbox-gateway/checkout/${order.orderNo}`);
    expect(Date.parse(order.expiresAt!) - Date.parse(order.createdAt)).toBe(30 * 60_000);

    const page = await fetch(`${origin}${order.paymentUrl}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('Palaro Sandbox Pay');
    expect(html).toContain(order.orderNo);
    expect(html).toContain('₱500.00');

    const approved = await fetch(`${origin}${order.paymentUrl}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(`/m/vouReport?order=${order.orderNo}`);

    const paid = (await client.request('GET', API_PATHS.depositOrder.replace(':orderNo', order.orderNo))).json().value;
    expect(paid).toMatchObject({ status: 'paid', paymentUrl: null });
    expect(await balanceOf(memberId)).toBe(50_000n);
    const [turnover] = await db()
      .select()
      .from(turnoverRequirements)
      .where(eq(turnoverRequirements.reference, order.orderNo));
    expect(turnover).toMatchObject({ source: 'deposit', baseAmount: 50_000n, required: 50_000n, memberId });
    const notices = await memberNotices(db(), DEMO_MERCHANT_ID, memberId);
    expect(notices.map((notice) => notice.kind)).toEqual(['deposit.credited']);
    const records = (await client.request('GET', `${API_PATHS.accountRecords}?types=deposit`)).json().value;
    expect(records.list).toEqual([
      expect.objectContaining({ type: 'deposit', amount: 50_000, reference: order.orderNo }),
    ]);

    const again = await fetch(`${origin}${order.paymentUrl}`);
    expect(await again.text()).toContain('This order is paid');
  });

  it('declines through the sandbox page without moving money', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const order = await openOrder(client, 'MAYA', 20_000);
    const declined = await fetch(`${origin}${order.paymentUrl}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=decline',
    });
    expect(declined.status).toBe(303);
    expect((await storedOrder(order.orderNo)).status).toBe('declined');
    expect(await balanceOf(memberId)).toBe(0n);
    const notices = await memberNotices(db(), DEMO_MERCHANT_ID, memberId);
    expect(notices.map((notice) => notice.kind)).toEqual(['deposit.declined']);
  });

  it('takes the fee for the house and credits the rest', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const house = await systemAccount(db(), DEMO_MERCHANT_ID, 'house');
    const order = await openOrder(client, 'ONLINE_BANKING', 100_000);
    expect(order).toMatchObject({ fee: 1_500, creditAmount: 98_500 });
    expect((await notify(order, 'paid')).json().value).toEqual({
      orderNo: order.orderNo,
      status: 'paid',
      outcome: 'credited',
    });
    expect(await balanceOf(memberId)).toBe(98_500n);
    expect((await systemAccount(db(), DEMO_MERCHANT_ID, 'house')).balance - house.balance).toBe(1_500n);
    const online = await channel('ONLINE_BANKING');
    expect((await systemAccount(db(), DEMO_MERCHANT_ID, 'gateway_clearing', online.id)).balance).toBeLessThanOrEqual(
      -100_000n,
    );
  });

  it('credits a duplicated notice once: the same event is refused, a new event is answered as already paid', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const order = await openOrder(client, 'GCASH', 30_000);
    const first = await notify(order, 'paid', { eventId: 'evt_duplicate_1' });
    expect(first.statusCode).toBe(200);
    const replay = await notify(order, 'paid', { eventId: 'evt_duplicate_1' });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().errorCode).toBe(ERROR_CODES.gatewayEventReplayed);
    const retry = await notify(order, 'paid');
    expect(retry.json().value.outcome).toBe('already_paid');
    expect(await balanceOf(memberId)).toBe(30_000n);
  });

  it('credits once when the same payment is notified concurrently', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const order = await openOrder(client, 'GCASH', 40_000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => notify(order, 'paid')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    const outcomes = answers.map((answer) => answer.json().value.outcome).sort();
    expect(outcomes).toEqual([
      'already_paid',
      'already_paid',
      'already_paid',
      'already_paid',
      'already_paid',
      'credited',
    ]);
    expect(await balanceOf(memberId)).toBe(40_000n);
    expect(
      await db().select().from(turnoverRequirements).where(eq(turnoverRequirements.reference, order.orderNo)),
    ).toHaveLength(1);
  });

  it('credits a payment that arrives after the decline, and ignores a decline after the payment', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const late = await openOrder(client, 'GCASH', 10_000);
    expect((await notify(late, 'declined')).json().value).toMatchObject({ status: 'declined', outcome: 'declined' });
    expect((await notify(late, 'paid')).json().value).toMatchObject({ status: 'paid', outcome: 'credited_late' });
    expect((await storedOrder(late.orderNo)).note).toMatch(/after the order was declined/);

    const early = await openOrder(client, 'MAYA', 15_000);
    expect((await notify(early, 'paid')).json().value.outcome).toBe('credited');
    expect((await notify(early, 'declined')).json().value).toMatchObject({ status: 'paid', outcome: 'ignored' });
    expect(await balanceOf(memberId)).toBe(25_000n);
  });

  it('refuses forged, wrongly keyed, stale and malformed notices and changes nothing', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const order = await openOrder(client, 'GCASH', 10_000);
    const stale = String(Math.floor(Date.now() / 1000) - 301);
    const refused = [
      await notify(order, 'paid', { signature: 'f'.repeat(64) }),
      await notify(order, 'paid', { secret: (await channel('MAYA')).callbackSecret! }),
      await notify(order, 'paid', { timestamp: stale }),
      await notify(order, 'paid', { signature: '' }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(401);
      expect(response.json().errorCode).toBe(ERROR_CODES.gatewaySignatureInvalid);
    }
    expect((await notify(order, 'paid', { gateway: 'paymongo' })).statusCode).toBe(404);
    const secret = (await channel('GCASH')).callbackSecret!;
    const unknownOrder = {
      eventId: 'evt_unknown_order',
      orderNo: 'DNOSUCHORDER1',
      gatewayReference: 'G',
      status: 'paid',
      amount: 10_000,
    } as const;
    expect((await sendCallback(unknownOrder, { secret })).statusCode).toBe(404);
    const mismatch = await notify(order, 'paid', { amount: 99_999 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().value.fields[0].field).toBe('amount');
    const garbage = await testApp.app.inject({
      method: 'POST',
      url: '/wps/deposit/callback/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{"not":',
    });
    expect(garbage.statusCode).toBe(400);
    const noBody = await testApp.app.inject({ method: 'POST', url: '/wps/deposit/callback/sandbox' });
    expect(noBody.statusCode).toBe(400);

    expect((await storedOrder(order.orderNo)).status).toBe('pending');
    expect(await db().select().from(gatewayEvents).where(eq(gatewayEvents.orderNo, order.orderNo))).toHaveLength(0);
    expect(await balanceOf(memberId)).toBe(0n);
  });

  it('reaches the platform during maintenance', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const order = await openOrder(client, 'GCASH', 10_000);
    await changeMerchantRow(db(), DEMO_MERCHANT_ID, { maintenanceEnabled: true });
    try {
      expect((await client.request('GET', API_PATHS.depositChannels)).statusCode).toBe(503);
      expect((await notify(order, 'paid')).statusCode).toBe(200);
    } finally {
      await changeMerchantRow(db(), DEMO_MERCHANT_ID, { maintenanceEnabled: false });
    }
    expect(await balanceOf(memberId)).toBe(10_000n);
  });
});

describe('opening an order', () => {
  it('keeps the amount within the channel’s range, naming the field', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    const gcash = await channel('GCASH');
    for (const amount of [9_999, 5_000_001]) {
      const response = await deposit(client, { channelId: gcash.id, amount });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errorCode: ERROR_CODES.amountOutOfRange,
        value: { fields: [{ field: 'amount' }], minAmount: 10_000, maxAmount: 5_000_000 },
      });
    }
  });

  it('answers bad input with a 400 naming the fields, never a 500', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    const gcash = await channel('GCASH');
    for (const body of [
      { channelId: gcash.id, amount: '500' },
      { channelId: gcash.id, amount: 10.5 },
      { amount: 10_000 },
      { channelId: gcash.id, amount: -1 },
    ]) {
      const response = await deposit(client, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().value.fields.length).toBeGreaterThan(0);
    }
    const bank = await channel('BANK_TRANSFER');
    const receipt = await deposit(client, {
      channelId: bank.id,
      amount: 100_000,
      senderName: 'Juan',
      senderReference: 'R1',
      receiptImage: 'data:text/html;base64,AAAA',
    });
    expect(receipt.statusCode).toBe(400);
    expect(receipt.json().value.fields[0].field).toBe('receiptImage');
    const noKey = await client.request('POST', API_PATHS.depositOrders, { channelId: gcash.id, amount: 10_000 });
    expect(noKey.json().errorCode).toBe(ERROR_CODES.idempotencyKeyRequired);
    const unknownChannel = await deposit(client, { channelId: 999_999, amount: 10_000 });
    expect(unknownChannel.json().errorCode).toBe(ERROR_CODES.channelUnavailable);
    const aboveLevel = await deposit(client, { channelId: (await channel('USDT_TRC20')).id, amount: 100_000 });
    expect(aboveLevel.json().errorCode).toBe(ERROR_CODES.channelUnavailable);
    expect(
      (await testApp.app.inject({ url: API_PATHS.depositOrder.replace(':orderNo', 'lower-case') })).statusCode,
    ).toBe(400);
  });

  it('refuses trial accounts and guests', async () => {
    const trial = new AccountsClient(testApp.app, '198.51.100.201');
    expect((await trial.request('POST', API_PATHS.trial)).statusCode).toBe(200);
    const response = await deposit(trial, { channelId: (await channel('GCASH')).id, amount: 10_000 });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe(ERROR_CODES.trialRefused);
    expect((await testApp.app.inject({ url: API_PATHS.depositChannels })).statusCode).toBe(401);
  });

  it('answers a repeated Idempotency-Key with the same order', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const key = newKey();
    const body = { channelId: (await channel('GCASH')).id, amount: 12_300 };
    const first = (await deposit(client, body, key)).json().value;
    const second = (await deposit(client, body, key)).json().value;
    expect(second).toEqual(first);
    expect(await db().select().from(depositOrders).where(eq(depositOrders.memberId, memberId))).toHaveLength(1);
    expect((await deposit(client, { ...body, amount: 45_600 }, key)).json().errorCode).toBe(
      ERROR_CODES.idempotencyKeyReused,
    );
  });

  it(`allows ${MAX_PENDING_ORDERS} pending orders at a time`, async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    for (let index = 0; index < MAX_PENDING_ORDERS; index += 1) await openOrder(client, 'GCASH', 10_000);
    const fourth = await deposit(client, { channelId: (await channel('MAYA')).id, amount: 10_000 });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().errorCode).toBe(ERROR_CODES.depositPending);
  });

  it('shows a member only their own orders', async () => {
    const owner = await registeredMember(testApp.app, testApp.db);
    const other = await registeredMember(testApp.app, testApp.db);
    const order = await openOrder(owner.client, 'GCASH', 10_000);
    const response = await other.client.request('GET', API_PATHS.depositOrder.replace(':orderNo', order.orderNo));
    expect(response.statusCode).toBe(404);
  });
});

describe('bank transfers', () => {
  const receiptImage = 'data:image/png;base64,iVBORw0KGgo=';

  it('need the sender’s name and reference', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    const response = await deposit(client, { channelId: (await channel('BANK_TRANSFER')).id, amount: 100_000 });
    expect(response.statusCode).toBe(400);
    expect(response.json().value.fields.map((field: { field: string }) => field.field)).toEqual([
      'senderName',
      'senderReference',
    ]);
  });

  it('take a receipt photo far larger than the app’s default body limit', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    const photo = `data:image/jpeg;base64,${randomBytes(600_000).toString('base64')}`;
    const order = await openOrder(client, 'BANK_TRANSFER', 100_000, {
      senderName: 'Juan',
      senderReference: 'REF-2',
      receiptImage: photo,
    });
    expect((await storedOrder(order.orderNo)).receiptImage).toBe(photo);
  });

  it('wait for an operator, who approves one (credit) and rejects another (no money)', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const details = { senderName: 'Juan Dela Cruz', senderReference: 'BDO-778812' };
    const approved = await openOrder(client, 'BANK_TRANSFER', 200_000, { ...details, receiptImage });
    expect(approved).toMatchObject({ status: 'pending', expiresAt: null, paymentUrl: null });
    const rejected = await openOrder(client, 'BANK_TRANSFER', 150_000, details);

    const queue = await operator('GET', `${API_PATHS.operatorDeposits}?status=pending&kind=bank_transfer`);
    expect(queue.statusCode).toBe(200);
    const mine = queue.json().value.list.filter((item: { memberId: number }) => item.memberId === memberId);
    expect(mine.map((item: { orderNo: string }) => item.orderNo)).toEqual([approved.orderNo, rejected.orderNo]);
    expect(mine[0]).toMatchObject({
      kind: 'bank_transfer',
      senderName: 'Juan Dela Cruz',
      senderReference: 'BDO-778812',
      receiptImage,
    });

    const approval = await operator('POST', API_PATHS.operatorDepositApprove, approved.orderNo, {
      note: 'Seen on the statement',
    });
    expect(approval.statusCode, approval.body).toBe(200);
    expect(approval.json().value).toMatchObject({ status: 'paid', receiptImage: null });
    expect(approval.json().value.note).toMatch(/^Approved by .+: Seen on the statement$/);
    expect(await balanceOf(memberId)).toBe(200_000n);
    const bank = await channel('BANK_TRANSFER');
    expect((await systemAccount(db(), DEMO_MERCHANT_ID, 'gateway_clearing', bank.id)).balance).toBeLessThanOrEqual(
      -200_000n,
    );

    const rejection = await operator('POST', API_PATHS.operatorDepositReject, rejected.orderNo);
    expect(rejection.statusCode, rejection.body).toBe(200);
    expect(rejection.json().value.status).toBe('rejected');
    expect(await balanceOf(memberId)).toBe(200_000n);
    const notices = await memberNotices(db(), DEMO_MERCHANT_ID, memberId);
    expect(notices.map((notice) => notice.kind).sort()).toEqual(['deposit.credited', 'deposit.rejected']);
    const audit = (await auditTrail(db(), DEMO_MERCHANT_ID)).filter((entry) =>
      (entry.details as { orderNo?: string }).orderNo?.startsWith('D'),
    );
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['deposit.approve', 'deposit.reject']));

    for (const [path, orderNo] of [
      [API_PATHS.operatorDepositApprove, approved.orderNo],
      [API_PATHS.operatorDepositReject, approved.orderNo],
      [API_PATHS.operatorDepositApprove, rejected.orderNo],
    ] as const) {
      const again = await operator('POST', path, orderNo);
      expect(again.statusCode).toBe(409);
      expect(again.json().errorCode).toBe(ERROR_CODES.orderClosed);
    }
    expect(await balanceOf(memberId)).toBe(200_000n);
  });

  it('cannot be decided without the operator token, and online orders are left to their gateway', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    const online = await openOrder(client, 'GCASH', 10_000);
    const unauthenticated = await testApp.app.inject({
      method: 'POST',
      url: operatorPath(API_PATHS.operatorDepositApprove, 'PALARO').replace(':orderNo', online.orderNo),
    });
    expect(unauthenticated.statusCode).toBe(401);
    const approval = await operator('POST', API_PATHS.operatorDepositApprove, online.orderNo);
    expect(approval.statusCode).toBe(409);
    expect((await operator('POST', API_PATHS.operatorDepositApprove, 'DNOSUCHORDER1')).statusCode).toBe(404);
    expect((await storedOrder(online.orderNo)).status).toBe('pending');
  });
});

describe('expiry', () => {
  it('expires unpaid online orders when read after their time, and by the sweep; a late payment still credits', async () => {
    let clock = new Date();
    const later = await createTestApp({}, { database: testApp.db, platform: { overrides: { now: () => clock } } });
    try {
      const { client, memberId } = await registeredMember(later.app, later.db);
      const read = await openOrder(client, 'GCASH', 10_000);
      const swept = await openOrder(client, 'MAYA', 10_000);
      const bank = await openOrder(client, 'BANK_TRANSFER', 100_000, { senderName: 'Juan', senderReference: 'REF-1' });

      clock = new Date(clock.getTime() + 29 * 60_000);
      expect(
        (await client.request('GET', API_PATHS.depositOrder.replace(':orderNo', read.orderNo))).json().value.status,
      ).toBe('pending');
      clock = new Date(clock.getTime() + 2 * 60_000);
      expect(
        (await client.request('GET', API_PATHS.depositOrder.replace(':orderNo', read.orderNo))).json().value,
      ).toMatchObject({ status: 'expired', paymentUrl: null });
      expect((await storedOrder(swept.orderNo)).status).toBe('expired');

      const another = await openOrder(client, 'GCASH', 10_000);
      expect(await expireDueOrders(db(), new Date(clock.getTime() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
      expect((await storedOrder(another.orderNo)).status).toBe('expired');
      expect((await storedOrder(bank.orderNo)).status).toBe('pending');

      expect((await notify(another, 'paid')).json().value.outcome).toBe('credited_late');
      expect(await balanceOf(memberId)).toBe(10_000n);
    } finally {
      await later.close();
    }
  });
});

describe('deposit records', () => {
  it('filter by status and day range, page, and total what was paid', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    const paidA = await openOrder(client, 'GCASH', 10_000);
    const paidB = await openOrder(client, 'ONLINE_BANKING', 60_000);
    const declined = await openOrder(client, 'MAYA', 20_000);
    await notify(paidA, 'paid');
    await notify(paidB, 'paid');
    await notify(declined, 'declined');
    await openOrder(client, 'GCASH', 30_000);

    const all = (await client.request('GET', `${API_PATHS.depositOrders}?pageSize=2`)).json().value;
    expect(all).toMatchObject({
      total: 4,
      page: 1,
      pageSize: 2,
      totals: { paidAmount: 70_000, paidCount: 2 },
      timeZone: 'Asia/Manila',
    });
    expect(all.list).toHaveLength(2);
    expect(all.list[0].amount).toBe(30_000);
    const second = (await client.request('GET', `${API_PATHS.depositOrders}?pageSize=2&page=2`)).json().value;
    expect(second.list.map((order: TDepositOrder) => order.orderNo)).toEqual([paidB.orderNo, paidA.orderNo]);

    const paid = (await client.request('GET', `${API_PATHS.depositOrders}?status=paid`)).json().value;
    expect(paid.list.map((order: TDepositOrder) => order.orderNo).sort()).toEqual(
      [paidA.orderNo, paidB.orderNo].sort(),
    );
    const pending = (await client.request('GET', `${API_PATHS.depositOrders}?status=pending`)).json().value;
    expect(pending).toMatchObject({ total: 1, totals: { paidAmount: 0, paidCount: 0 } });
    expect(pending.list[0].paymentUrl).toMatch(/^\/sandbox-gateway\/checkout\//);
    const old = (await client.request('GET', `${API_PATHS.depositOrders}?from=2020-01-01&to=2020-01-31`)).json().value;
    expect(old.total).toBe(0);

    for (const query of ['status=lost', 'from=2020-13-01', 'from=2020-02-01&to=2020-01-01', 'pageSize=0']) {
      const response = await client.request('GET', `${API_PATHS.depositOrders}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().value.fields.length, query).toBeGreaterThan(0);
    }
  });

  it('are listed for the operator, pending first', async () => {
    const response = await operator('GET', `${API_PATHS.operatorDeposits}?pageSize=100`);
    expect(response.statusCode).toBe(200);
    const statuses: string[] = response.json().value.list.map((item: { status: string }) => item.status);
    const firstDecided = statuses.findIndex((status) => status !== 'pending');
    expect(statuses.slice(firstDecided).includes('pending')).toBe(false);
    const [counted] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(depositOrders);
    expect(response.json().value.total).toBe(counted!.count);
  });
});
