import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_PATHS, ERROR_CODES, operatorPath } from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { AccountsClient } from '../accounts/testing';
import { memberBalance, systemAccount } from '../wallet/ledger';
import { walletBalance } from '../wallet/service';
import { withdrawalFigures } from './service';
import { changeSettings } from '../settings/service';
import { creditMember, DEMO_MERCHANT_ID, newKey, registeredMember } from '../wallet/testing';
import { verifyLedger } from '../wallet/verify';
import { withdrawals } from './schema';
import { withdrawalSettings } from './settings';
import { bindPayoutAccount, decide, notificationsOf, requestWithdrawal } from './testing';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterEach(async () => {
  await changeSettings(testApp.db.db, DEMO_MERCHANT_ID, withdrawalSettings, withdrawalSettings.defaults);
  expect((await verifyLedger(testApp.db.db)).problems).toEqual([]);
});
afterAll(async () => {
  await testApp?.close();
});

const merchant = { id: DEMO_MERCHANT_ID, currencyCode: 'PHP', currencySymbol: '₱' };
const balanceOf = (memberId: number) => walletBalance(testApp.db.db, withdrawalFigures, merchant, memberId);

/** A member with a payment password, a bound GCash account and `credit` in the wallet. */
async function memberReadyToWithdraw(credit: bigint, turnoverPercent = 0) {
  const member = await registeredMember(testApp.app, testApp.db, { withPaymentPassword: true });
  if (credit > 0n) await creditMember(testApp.db, member.memberId, credit, turnoverPercent);
  const bound = await bindPayoutAccount(member.client);
  expect(bound.statusCode, bound.body).toBe(200);
  return { ...member, payoutAccountId: bound.json().value.id as number };
}

describe('payout accounts', () => {
  it('binds with the payment password and shows numbers masked', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db, { withPaymentPassword: true });
    const bound = await bindPayoutAccount(client);
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().value).toMatchObject({
      kind: 'gcash',
      bankName: null,
      accountName: 'Juan Dela Cruz',
      accountNumber: '••••\u00a04567',
    });
    const bank = await bindPayoutAccount(client, { kind: 'bank', bankName: 'BDO', accountNumber: '001234567890' });
    expect(bank.json().value).toMatchObject({ kind: 'bank', bankName: 'BDO', accountNumber: '••••\u00a07890' });
    const listed = (await client.request('GET', API_PATHS.payoutAccounts)).json().value;
    expect(listed.max).toBe(withdrawalSettings.defaults.maxPayoutAccounts);
    expect(listed.list.map((account: { accountNumber: string }) => account.accountNumber)).toEqual([
      '••••\u00a04567',
      '••••\u00a07890',
    ]);
    expect(JSON.stringify(listed)).not.toContain('09171234567');
  });

  it('asks for the payment password: unset, then wrong', async () => {
    const withoutPassword = await registeredMember(testApp.app, testApp.db);
    const unset = await bindPayoutAccount(withoutPassword.client);
    expect(unset.statusCode).toBe(409);
    expect(unset.json().errorCode).toBe(ERROR_CODES.paymentPasswordNotSet);
    const { client } = await registeredMember(testApp.app, testApp.db, { withPaymentPassword: true });
    const wrong = await bindPayoutAccount(client, { paymentPassword: '999999' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      errorCode: ERROR_CODES.paymentPasswordInvalid,
      value: { fields: [{ field: 'paymentPassword' }] },
    });
    expect((await client.request('GET', API_PATHS.payoutAccounts)).json().value.list).toEqual([]);
  });

  it('locks the payment password after 5 wrong ones in a row, even for the right one', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db, { withPaymentPassword: true });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      statuses.push((await bindPayoutAccount(client, { paymentPassword: '999999' })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const locked = await bindPayoutAccount(client);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('checks the number, the bank name, duplicates and the limit', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db, { withPaymentPassword: true });
    const notMobile = await bindPayoutAccount(client, { kind: 'maya', accountNumber: '12345678901' });
    expect(notMobile.statusCode).toBe(400);
    expect(notMobile.json()).toMatchObject({
      errorCode: ERROR_CODES.payoutAccountInvalid,
      value: { fields: [{ field: 'accountNumber' }] },
    });
    const noBank = await bindPayoutAccount(client, { kind: 'bank', accountNumber: '001234567890' });
    expect(noBank.json()).toMatchObject({
      errorCode: ERROR_CODES.payoutAccountInvalid,
      value: { fields: [{ field: 'bankName' }] },
    });
    expect((await bindPayoutAccount(client)).statusCode).toBe(200);
    const twice = await bindPayoutAccount(client);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errorCode).toBe(ERROR_CODES.payoutAccountInvalid);
    await changeSettings(testApp.db.db, DEMO_MERCHANT_ID, withdrawalSettings, { maxPayoutAccounts: 2 });
    expect((await bindPayoutAccount(client, { accountNumber: '09170000001' })).statusCode).toBe(200);
    const over = await bindPayoutAccount(client, { accountNumber: '09170000002' });
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe(ERROR_CODES.payoutAccountLimit);
  });

  it('binds at most the limit when binds race', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db, { withPaymentPassword: true });
    await changeSettings(testApp.db.db, DEMO_MERCHANT_ID, withdrawalSettings, { maxPayoutAccounts: 2 });
    const numbers = ['09170000011', '09170000012', '09170000013', '09170000014', '09170000014'];
    const statuses = (
      await Promise.all(numbers.map((accountNumber) => bindPayoutAccount(client, { accountNumber })))
    ).map((r) => r.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect((await client.request('GET', API_PATHS.payoutAccounts)).json().value.list).toHaveLength(2);
  });

  it('removes an account of the member only', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db, { withPaymentPassword: true });
    const other = await registeredMember(testApp.app, testApp.db, { withPaymentPassword: true });
    const id = (await bindPayoutAccount(client)).json().value.id;
    const path = API_PATHS.payoutAccount.replace(':id', String(id));
    expect((await other.client.request('DELETE', path)).statusCode).toBe(404);
    expect((await client.request('DELETE', path)).statusCode).toBe(200);
    expect((await client.request('DELETE', path)).statusCode).toBe(404);
    expect((await client.request('GET', API_PATHS.payoutAccounts)).json().value.list).toEqual([]);
    // Once removed, the same account can be bound again.
    expect((await bindPayoutAccount(client)).statusCode).toBe(200);
  });

  it('refuses a trial account and a guest', async () => {
    const trial = new AccountsClient(testApp.app, '198.51.100.210');
    expect((await trial.request('POST', API_PATHS.trial)).statusCode).toBe(200);
    for (const response of [
      await trial.request('GET', API_PATHS.payoutAccounts),
      await bindPayoutAccount(trial),
      await trial.request('GET', API_PATHS.withdrawInfo),
      await requestWithdrawal(trial, { amount: 100_00, payoutAccountId: 1 }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().errorCode).toBe(ERROR_CODES.trialRefused);
    }
    expect((await testApp.app.inject({ url: API_PATHS.payoutAccounts })).statusCode).toBe(401);
  });

  it('answers bad input with 400 and the field, never 500', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db, { withPaymentPassword: true });
    for (const [body, field] of [
      [{ kind: 'paypal' }, 'kind'],
      [{ accountNumber: '0917-123-4567' }, 'accountNumber'],
      [{ accountName: 'J' }, 'accountName'],
      [{ paymentPassword: 7 }, 'paymentPassword'],
    ] as const) {
      const response = await bindPayoutAccount(client, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().value.fields.map((error: { field: string }) => error.field)).toContain(field);
    }
    for (const id of ['abc', '0', '-1', '99999999999999999999']) {
      expect((await client.request('DELETE', API_PATHS.payoutAccount.replace(':id', id))).statusCode, id).toBe(400);
    }
  });
});

describe('withdrawals', () => {
  it('holds the amount until an operator decides, and shows it everywhere', async () => {
    const { client, memberId, payoutAccountId } = await memberReadyToWithdraw(1_000_00n);
    const before = (await client.request('GET', API_PATHS.withdrawInfo)).json().value;
    expect(before).toMatchObject({
      balance: 1_000_00,
      minAmount: 100_00,
      maxAmount: 50_000_00,
      dailyCount: 5,
      usedCountToday: 0,
      usedAmountToday: 0,
      availableNow: 1_000_00,
      turnoverLeft: 0,
      hasPaymentPassword: true,
      payoutAccounts: [{ id: payoutAccountId, accountNumber: '••••\u00a04567' }],
    });
    const response = await requestWithdrawal(client, { amount: 300_00, payoutAccountId });
    expect(response.statusCode, response.body).toBe(200);
    const withdrawal = response.json().value;
    expect(withdrawal).toMatchObject({
      amount: 300_00,
      status: 'pending',
      payoutKind: 'gcash',
      payoutName: 'Juan Dela Cruz',
      payoutNumber: '••••\u00a04567',
      decidedAt: null,
    });
    expect(withdrawal.orderNo).toMatch(/^W[A-Z0-9]{12}$/);
    expect(await balanceOf(memberId)).toMatchObject({ sumBalance: 700_00, pendingWithdrawals: 300_00 });
    const after = (await client.request('GET', API_PATHS.withdrawInfo)).json().value;
    expect(after).toMatchObject({ balance: 700_00, usedCountToday: 1, usedAmountToday: 300_00, availableNow: 700_00 });
    const records = (await client.request('GET', `${API_PATHS.accountRecords}?types=withdraw`)).json().value;
    expect(records.list[0]).toMatchObject({ type: 'withdraw', amount: -300_00, reference: withdrawal.orderNo });
  });

  it('checks the payment password before anything else moves', async () => {
    const { client, memberId, payoutAccountId } = await memberReadyToWithdraw(1_000_00n);
    const wrong = await requestWithdrawal(client, { amount: 100_00, payoutAccountId, paymentPassword: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe(ERROR_CODES.paymentPasswordInvalid);
    const unsetMember = await registeredMember(testApp.app, testApp.db);
    const unset = await requestWithdrawal(unsetMember.client, { amount: 100_00, payoutAccountId });
    expect(unset.statusCode).toBe(409);
    expect(unset.json().errorCode).toBe(ERROR_CODES.paymentPasswordNotSet);
    expect(await balanceOf(memberId)).toMatchObject({ sumBalance: 1_000_00, pendingWithdrawals: 0 });
  });

  it('pays only to an active account of the member', async () => {
    const { client, payoutAccountId } = await memberReadyToWithdraw(1_000_00n);
    const other = await memberReadyToWithdraw(1_000_00n);
    const foreign = await requestWithdrawal(client, { amount: 100_00, payoutAccountId: other.payoutAccountId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      errorCode: ERROR_CODES.payoutAccountInvalid,
      value: { fields: [{ field: 'payoutAccountId' }] },
    });
    await client.request('DELETE', API_PATHS.payoutAccount.replace(':id', String(payoutAccountId)));
    const removed = await requestWithdrawal(client, { amount: 100_00, payoutAccountId });
    expect(removed.json().errorCode).toBe(ERROR_CODES.payoutAccountInvalid);
  });

  it('keeps the amount within the merchant’s minimum and maximum', async () => {
    const { client, payoutAccountId } = await memberReadyToWithdraw(100_000_00n);
    for (const amount of [99_99, 50_000_01]) {
      const response = await requestWithdrawal(client, { amount, payoutAccountId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errorCode: ERROR_CODES.amountOutOfRange,
        value: { fields: [{ field: 'amount' }] },
      });
    }
    expect((await requestWithdrawal(client, { amount: 100_00, payoutAccountId })).statusCode).toBe(200);
    expect((await requestWithdrawal(client, { amount: 50_000_00, payoutAccountId })).statusCode).toBe(200);
  });

  it('waits until the turnover is done', async () => {
    const { client, memberId, payoutAccountId } = await memberReadyToWithdraw(500_00n, 100);
    const info = (await client.request('GET', API_PATHS.withdrawInfo)).json().value;
    expect(info).toMatchObject({ turnoverLeft: 500_00, availableNow: 0 });
    const response = await requestWithdrawal(client, { amount: 100_00, payoutAccountId });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      errorCode: ERROR_CODES.turnoverIncomplete,
      value: { turnoverLeft: 500_00 },
    });
    expect(await balanceOf(memberId)).toMatchObject({ sumBalance: 500_00, pendingWithdrawals: 0 });
  });

  it('keeps to the daily count and amount, where rejected withdrawals do not count', async () => {
    await changeSettings(testApp.db.db, DEMO_MERCHANT_ID, withdrawalSettings, {
      withdrawDailyCount: 2,
      withdrawDailyAmount: 500_00n,
    });
    const { client, payoutAccountId } = await memberReadyToWithdraw(2_000_00n);
    const first = (await requestWithdrawal(client, { amount: 300_00, payoutAccountId })).json().value;
    const overAmount = await requestWithdrawal(client, { amount: 200_01, payoutAccountId });
    expect(overAmount.statusCode).toBe(409);
    expect(overAmount.json()).toMatchObject({
      errorCode: ERROR_CODES.withdrawDailyLimit,
      value: { leftToday: 200_00 },
    });
    expect((await requestWithdrawal(client, { amount: 200_00, payoutAccountId })).statusCode).toBe(200);
    const overCount = await requestWithdrawal(client, { amount: 100_00, payoutAccountId });
    expect(overCount.statusCode).toBe(409);
    expect(overCount.json()).toMatchObject({
      errorCode: ERROR_CODES.withdrawDailyLimit,
      value: { dailyCount: 2, usedCountToday: 2 },
    });
    expect((await client.request('GET', API_PATHS.withdrawInfo)).json().value).toMatchObject({
      usedCountToday: 2,
      usedAmountToday: 500_00,
      availableNow: 0,
    });
    expect((await decide(testApp.app, 'reject', first.orderNo, { note: 'Try again' })).statusCode).toBe(200);
    expect((await requestWithdrawal(client, { amount: 300_00, payoutAccountId })).statusCode).toBe(200);
  });

  it('refuses more than the balance and writes nothing', async () => {
    const { client, memberId, payoutAccountId } = await memberReadyToWithdraw(150_00n);
    const response = await requestWithdrawal(client, { amount: 150_01, payoutAccountId });
    expect(response.statusCode).toBe(409);
    expect(response.json().errorCode).toBe(ERROR_CODES.insufficientBalance);
    expect(await testApp.db.db.select().from(withdrawals).where(eq(withdrawals.memberId, memberId))).toEqual([]);
    expect(await balanceOf(memberId)).toMatchObject({ sumBalance: 150_00, pendingWithdrawals: 0 });
  });

  it('needs an idempotency key and valid input', async () => {
    const { client, payoutAccountId } = await memberReadyToWithdraw(1_000_00n);
    const noKey = await client.request('POST', API_PATHS.withdrawals, {
      amount: 100_00,
      payoutAccountId,
      paymentPassword: '246810',
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errorCode).toBe(ERROR_CODES.idempotencyKeyRequired);
    for (const [body, field] of [
      [{ amount: 100.5 }, 'amount'],
      [{ amount: -100 }, 'amount'],
      [{ amount: '100' }, 'amount'],
      [{ amount: 1e15 }, 'amount'],
      [{ payoutAccountId: 'x' }, 'payoutAccountId'],
    ] as const) {
      const response = await requestWithdrawal(client, { amount: 100_00, payoutAccountId, ...body } as never);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().value.fields.map((error: { field: string }) => error.field)).toContain(field);
    }
  });

  it('answers one key sent 5 times at once with one withdrawal', async () => {
    const { client, memberId, payoutAccountId } = await memberReadyToWithdraw(1_000_00n);
    const key = newKey();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => requestWithdrawal(client, { amount: 200_00, payoutAccountId }, key)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((response) => response.json().value.orderNo)).size).toBe(1);
    expect(await testApp.db.db.select().from(withdrawals).where(eq(withdrawals.memberId, memberId))).toHaveLength(1);
    expect(await balanceOf(memberId)).toMatchObject({ sumBalance: 800_00, pendingWithdrawals: 200_00 });
  });

  it('lets exactly 10 of 200 concurrent withdrawals of 10.00 through from 100.00', async () => {
    await changeSettings(testApp.db.db, DEMO_MERCHANT_ID, withdrawalSettings, {
      withdrawMin: 10_00n,
      withdrawDailyCount: 1000,
      withdrawDailyAmount: 1_000_000_00n,
    });
    const { client, memberId, payoutAccountId } = await memberReadyToWithdraw(100_00n);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => requestWithdrawal(client, { amount: 10_00, payoutAccountId })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(190);
    expect(new Set(responses.filter((r) => r.statusCode === 409).map((r) => r.json().errorCode))).toEqual(
      new Set([ERROR_CODES.insufficientBalance]),
    );
    expect(await balanceOf(memberId)).toMatchObject({ sumBalance: 0, pendingWithdrawals: 100_00 });
    expect(await memberBalance(testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(0n);
    expect(await testApp.db.db.select().from(withdrawals).where(eq(withdrawals.memberId, memberId))).toHaveLength(10);
  }, 120_000);
});

describe('operator decisions', () => {
  const auth = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };

  it('approves: the held amount goes out to payouts and the member is told', async () => {
    const { client, memberId, payoutAccountId } = await memberReadyToWithdraw(1_000_00n);
    const { orderNo } = (await requestWithdrawal(client, { amount: 400_00, payoutAccountId })).json().value;
    const payoutsBefore = (await systemAccount(testApp.db.db, DEMO_MERCHANT_ID, 'payouts')).balance;
    const approved = await decide(testApp.app, 'approve', orderNo);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({
      orderNo,
      status: 'paid',
      amount: 400_00,
      memberId: String(memberId),
      payoutAccountNumber: '09171234567',
      payoutNumber: '••••\u00a04567',
    });
    expect(approved.json().value.decidedAt).not.toBeNull();
    expect(await balanceOf(memberId)).toMatchObject({ sumBalance: 600_00, pendingWithdrawals: 0 });
    expect((await systemAccount(testApp.db.db, DEMO_MERCHANT_ID, 'payouts')).balance - payoutsBefore).toBe(400_00n);
    expect(await notificationsOf(testApp.db, memberId)).toMatchObject([
      { kind: 'withdrawal.paid', payload: { orderNo, amount: 400_00 } },
    ]);
    for (const action of ['approve', 'reject'] as const) {
      const again = await decide(testApp.app, action, orderNo, { note: 'again' });
      expect(again.statusCode).toBe(409);
      expect(again.json().errorCode).toBe(ERROR_CODES.orderClosed);
    }
    const report = (await client.request('GET', API_PATHS.withdrawals)).json().value;
    expect(report.list[0]).toMatchObject({ orderNo, status: 'paid' });
  });

  it('rejects with a reason: the amount comes back to the wallet', async () => {
    const { client, memberId, payoutAccountId } = await memberReadyToWithdraw(1_000_00n);
    const { orderNo } = (await requestWithdrawal(client, { amount: 400_00, payoutAccountId })).json().value;
    const noReason = await decide(testApp.app, 'reject', orderNo, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().value.fields[0].field).toBe('note');
    const rejected = await decide(testApp.app, 'reject', orderNo, { note: 'Account name does not match' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value).toMatchObject({ status: 'rejected', note: 'Account name does not match' });
    expect(await balanceOf(memberId)).toMatchObject({ sumBalance: 1_000_00, pendingWithdrawals: 0 });
    expect(await notificationsOf(testApp.db, memberId)).toMatchObject([
      { kind: 'withdrawal.rejected', payload: { orderNo, note: 'Account name does not match' } },
    ]);
    const records = (await client.request('GET', `${API_PATHS.accountRecords}?types=withdraw_refund`)).json().value;
    expect(records.list[0]).toMatchObject({ amount: 400_00, balanceAfter: 1_000_00, reference: orderNo });
  });

  it('lets exactly one of a concurrent approve and reject win', async () => {
    const { client, memberId, payoutAccountId } = await memberReadyToWithdraw(5_000_00n);
    for (let round = 0; round < 5; round += 1) {
      const { orderNo } = (await requestWithdrawal(client, { amount: 100_00, payoutAccountId })).json().value;
      const [approve, reject] = await Promise.all([
        decide(testApp.app, 'approve', orderNo),
        decide(testApp.app, 'reject', orderNo, { note: 'race' }),
      ]);
      expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
      const [row] = await testApp.db.db.select().from(withdrawals).where(eq(withdrawals.orderNo, orderNo));
      expect(row!.status).toBe(approve.statusCode === 200 ? 'paid' : 'rejected');
    }
    const paid = (await testApp.db.db.select().from(withdrawals).where(eq(withdrawals.memberId, memberId))).filter(
      (row) => row.status === 'paid',
    ).length;
    expect(await balanceOf(memberId)).toMatchObject({ sumBalance: 5_000_00 - paid * 100_00, pendingWithdrawals: 0 });
    expect(await notificationsOf(testApp.db, memberId)).toHaveLength(5);
  });

  it('lists withdrawals by status for the operator, and guards the routes', async () => {
    const { client, username, payoutAccountId } = await memberReadyToWithdraw(1_000_00n);
    const { orderNo } = (await requestWithdrawal(client, { amount: 100_00, payoutAccountId })).json().value;
    const url = operatorPath(API_PATHS.operatorWithdrawals, 'PALARO');
    const pending = (await testApp.app.inject({ url: `${url}?status=pending&pageSize=100`, headers: auth })).json()
      .value;
    expect(pending.list.find((row: { orderNo: string }) => row.orderNo === orderNo)).toMatchObject({
      username,
      status: 'pending',
      payoutAccountNumber: '09171234567',
    });
    expect(pending.list.every((row: { status: string }) => row.status === 'pending')).toBe(true);
    expect((await testApp.app.inject({ url: `${url}?status=open`, headers: auth })).statusCode).toBe(400);
    expect((await testApp.app.inject({ url })).statusCode).toBe(401);
    expect((await decide(testApp.app, 'approve', 'WNOSUCHORDER1')).statusCode).toBe(404);
    const unknownMerchant = await testApp.app.inject({
      url: operatorPath(API_PATHS.operatorWithdrawals, 'NOPE'),
      headers: auth,
    });
    expect(unknownMerchant.statusCode).toBe(404);
    expect((await decide(testApp.app, 'approve', 'bad order')).statusCode).toBe(400);
  });
});

describe('withdraw report', () => {
  it('filters by status and day range, pages, and totals paid and pending', async () => {
    const { client, payoutAccountId } = await memberReadyToWithdraw(5_000_00n);
    const orders: string[] = [];
    for (const amount of [100_00, 200_00, 300_00, 400_00])
      orders.push((await requestWithdrawal(client, { amount, payoutAccountId })).json().value.orderNo);
    await decide(testApp.app, 'approve', orders[0]!);
    await decide(testApp.app, 'reject', orders[1]!, { note: 'no' });
    const all = (await client.request('GET', `${API_PATHS.withdrawals}?pageSize=2`)).json().value;
    expect(all).toMatchObject({
      total: 4,
      page: 1,
      pageSize: 2,
      totals: { paidAmount: 100_00, pendingAmount: 700_00 },
      timeZone: 'Asia/Manila',
    });
    expect(all.list.map((row: { orderNo: string }) => row.orderNo)).toEqual([orders[3], orders[2]]);
    const second = (await client.request('GET', `${API_PATHS.withdrawals}?pageSize=2&page=2`)).json().value;
    expect(second.list.map((row: { orderNo: string }) => row.orderNo)).toEqual([orders[1], orders[0]]);
    const rejected = (await client.request('GET', `${API_PATHS.withdrawals}?status=rejected`)).json().value;
    expect(rejected).toMatchObject({
      total: 1,
      list: [{ orderNo: orders[1], status: 'rejected', note: 'no' }],
      totals: { paidAmount: 0, pendingAmount: 0 },
    });
    const old = (await client.request('GET', `${API_PATHS.withdrawals}?from=2020-01-01&to=2020-01-31`)).json().value;
    expect(old).toMatchObject({ total: 0, list: [] });
    for (const query of [
      'status=open',
      'from=2026-13-01',
      'from=2026-11-20&to=2026-11-01',
      'page=0',
      'pageSize=1000',
    ]) {
      const response = await client.request('GET', `${API_PATHS.withdrawals}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errorCode).toBe(ERROR_CODES.validation);
    }
  });

  it('shows a member only their own withdrawals', async () => {
    const first = await memberReadyToWithdraw(1_000_00n);
    await requestWithdrawal(first.client, { amount: 100_00, payoutAccountId: first.payoutAccountId });
    const other = await registeredMember(testApp.app, testApp.db);
    expect((await other.client.request('GET', API_PATHS.withdrawals)).json().value).toMatchObject({
      total: 0,
      totals: { paidAmount: 0, pendingAmount: 0 },
    });
  });
});

describe('API documentation', () => {
  it('documents the withdrawal, payout account, transfer and operator routes', async () => {
    const response = await testApp.app.inject({ url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/wps/security/payout-accounts',
      '/wps/security/payout-accounts/{id}',
      '/wps/withdraw/info',
      '/wps/withdraw/orders',
      '/wps/wallet/upline-transfer',
      '/ops/merchants/{merchantCode}/withdrawals',
      '/ops/merchants/{merchantCode}/withdrawals/{orderNo}/approve',
      '/ops/merchants/{merchantCode}/withdrawals/{orderNo}/reject',
    ])
      expect(paths, path).toContain(path);
  });
});
