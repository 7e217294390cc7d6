import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES, IDEMPOTENCY_HEADER, MEMBER_TYPES } from '@palaro/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { AccountsClient, changeMemberRow } from '../accounts/testing';
import { findMerchantByCode } from '../site/store';
import { changeMerchantRow } from '../site/testing';
import { memberBalance } from '../wallet/ledger';
import { changeSettings } from '../settings/service';
import { transferSettings } from './settings';
import { creditMember, DEMO_MERCHANT_ID, newKey, registeredMember, TEST_PAYMENT_PASSWORD } from '../wallet/testing';
import { verifyLedger } from '../wallet/verify';
import { notificationsOf } from '../withdrawals/testing';
import { assertTransferAllowed, UPLINE_TRANSFER_FLAG, uplineDisplayName } from './service';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterEach(async () => {
  await changeSettings(testApp.db.db, DEMO_MERCHANT_ID, transferSettings, transferSettings.defaults);
  await setFlag(true);
  expect((await verifyLedger(testApp.db.db)).problems).toEqual([]);
});
afterAll(async () => {
  await testApp?.close();
});

async function setFlag(on: boolean) {
  const merchant = (await findMerchantByCode(testApp.db.db, 'PALARO'))!;
  await changeMerchantRow(testApp.db.db, merchant.id, {
    whitelabel: { ...merchant.whitelabel, [UPLINE_TRANSFER_FLAG]: on },
  });
}

/** A member (payment password set, `credit` in the wallet) whose upline is another new member. */
async function memberWithUpline(credit: bigint) {
  const upline = await registeredMember(testApp.app, testApp.db);
  const member = await registeredMember(testApp.app, testApp.db, { withPaymentPassword: true });
  await changeMemberRow(testApp.db.db, member.memberId, { uplineMemberId: upline.memberId });
  if (credit > 0n) await creditMember(testApp.db, member.memberId, credit);
  return { ...member, upline };
}

function transfer(client: AccountsClient, amount: number, options: { key?: string; paymentPassword?: string } = {}) {
  return client.request(
    'POST',
    API_PATHS.uplineTransfer,
    { amount, paymentPassword: options.paymentPassword ?? TEST_PAYMENT_PASSWORD },
    { [IDEMPOTENCY_HEADER]: options.key ?? newKey() },
  );
}

const balance = (memberId: number) => memberBalance(testApp.db.db, DEMO_MERCHANT_ID, memberId);

describe('transfer rules', () => {
  const merchant = { whitelabel: { [UPLINE_TRANSFER_FLAG]: true } };
  const member = { type: MEMBER_TYPES.member, uplineMemberId: 7 };
  const upline = { disabled: false };
  const refusal = (...args: Parameters<typeof assertTransferAllowed>) => {
    try {
      assertTransferAllowed(...args);
      return null;
    } catch (error) {
      return (error as { code: string }).code;
    }
  };

  it('needs the flag, a real member and an active upline', () => {
    expect(refusal(merchant, member, upline)).toBeNull();
    expect(refusal(merchant, { ...member, type: MEMBER_TYPES.agent }, upline)).toBeNull();
    expect(refusal({ whitelabel: {} }, member, upline)).toBe(ERROR_CODES.transferNotAllowed);
    expect(refusal(merchant, { ...member, type: MEMBER_TYPES.agentOnly }, upline)).toBe(ERROR_CODES.transferNotAllowed);
    expect(refusal(merchant, { ...member, type: MEMBER_TYPES.trial }, upline)).toBe(ERROR_CODES.transferNotAllowed);
    expect(refusal(merchant, { ...member, uplineMemberId: null }, undefined)).toBe(ERROR_CODES.transferNotAllowed);
    expect(refusal(merchant, member, { disabled: true })).toBe(ERROR_CODES.transferNotAllowed);
  });

  it('names the upline by nickname, or with the middle of the username hidden', () => {
    expect(uplineDisplayName({ nickname: 'Ate Joy', username: 'joyful88' })).toBe('Ate Joy');
    expect(uplineDisplayName({ nickname: null, username: 'joyful88' })).toBe('jo***88');
    expect(uplineDisplayName({ nickname: null, username: 'joy' })).toBe('j***');
  });
});

describe('transfer to upline', () => {
  it('shows the screen and moves the money, telling the upline', async () => {
    const { client, memberId, upline, username } = await memberWithUpline(1_000_00n);
    const info = await client.request('GET', API_PATHS.uplineTransfer);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().value).toEqual({
      upline: `${upline.username.slice(0, 2)}***${upline.username.slice(-2)}`,
      balance: 1_000_00,
      minAmount: 100_00,
      maxAmount: 50_000_00,
    });
    const response = await transfer(client, 250_00);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().value;
    expect(result).toMatchObject({ amount: 250_00, balance: 750_00 });
    expect(result.reference).toMatch(/^T[A-Z0-9]{12}$/);
    expect(await balance(memberId)).toBe(750_00n);
    expect(await balance(upline.memberId)).toBe(250_00n);
    expect(await notificationsOf(testApp.db, upline.memberId)).toMatchObject([
      { kind: 'transfer.received', payload: { reference: result.reference, amount: 250_00, from: username } },
    ]);
    const sent = (await client.request('GET', `${API_PATHS.accountRecords}?types=transfer_out`)).json().value;
    expect(sent.list[0]).toMatchObject({ amount: -250_00, reference: result.reference });
    const received = (await upline.client.request('GET', `${API_PATHS.accountRecords}?types=transfer_in`)).json().value;
    expect(received.list[0]).toMatchObject({ amount: 250_00, balanceAfter: 250_00 });
  });

  it('is refused when the merchant does not offer it, without an upline, for type 2 and for a trial', async () => {
    const expectRefused = async (client: AccountsClient) => {
      for (const response of [await client.request('GET', API_PATHS.uplineTransfer), await transfer(client, 100_00)]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().errorCode).toBe(ERROR_CODES.transferNotAllowed);
      }
    };
    const withUpline = await memberWithUpline(1_000_00n);
    await setFlag(false);
    await expectRefused(withUpline.client);
    await setFlag(true);
    await expectRefused((await registeredMember(testApp.app, testApp.db, { withPaymentPassword: true })).client);
    await changeMemberRow(testApp.db.db, withUpline.memberId, { type: MEMBER_TYPES.agentOnly });
    await expectRefused(withUpline.client);
    const trial = new AccountsClient(testApp.app, '198.51.100.220');
    expect((await trial.request('POST', API_PATHS.trial)).statusCode).toBe(200);
    await expectRefused(trial);
    expect(await balance(withUpline.memberId)).toBe(1_000_00n);
  });

  it('checks the payment password, the range, the balance and the input', async () => {
    const { client, memberId, upline } = await memberWithUpline(1_000_00n);
    const wrong = await transfer(client, 100_00, { paymentPassword: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe(ERROR_CODES.paymentPasswordInvalid);
    const noPassword = await registeredMember(testApp.app, testApp.db);
    await changeMemberRow(testApp.db.db, noPassword.memberId, { uplineMemberId: upline.memberId });
    const unset = await transfer(noPassword.client, 100_00);
    expect(unset.statusCode).toBe(409);
    expect(unset.json().errorCode).toBe(ERROR_CODES.paymentPasswordNotSet);
    for (const amount of [99_99, 50_000_01]) {
      const response = await transfer(client, amount);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errorCode: ERROR_CODES.amountOutOfRange,
        value: { fields: [{ field: 'amount' }] },
      });
    }
    const tooMuch = await transfer(client, 1_000_01);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().errorCode).toBe(ERROR_CODES.insufficientBalance);
    const noKey = await client.request('POST', API_PATHS.uplineTransfer, {
      amount: 100_00,
      paymentPassword: TEST_PAYMENT_PASSWORD,
    });
    expect(noKey.json().errorCode).toBe(ERROR_CODES.idempotencyKeyRequired);
    for (const body of [{ amount: 1.5 }, { amount: 0 }, { amount: 'ten' }, {}]) {
      const response = await client.request(
        'POST',
        API_PATHS.uplineTransfer,
        { paymentPassword: TEST_PAYMENT_PASSWORD, ...body },
        { [IDEMPOTENCY_HEADER]: newKey() },
      );
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().value.fields[0].field).toBe('amount');
    }
    expect(await balance(memberId)).toBe(1_000_00n);
    expect(await balance(upline.memberId)).toBe(0n);
  });

  it('answers one key sent 5 times at once with one transfer', async () => {
    const { client, memberId, upline } = await memberWithUpline(1_000_00n);
    const key = newKey();
    const responses = await Promise.all(Array.from({ length: 5 }, () => transfer(client, 300_00, { key })));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((response) => response.json().value.reference)).size).toBe(1);
    expect(await balance(memberId)).toBe(700_00n);
    expect(await balance(upline.memberId)).toBe(300_00n);
  });

  it('lets exactly 10 of 200 concurrent transfers of 10.00 through from 100.00', async () => {
    await changeSettings(testApp.db.db, DEMO_MERCHANT_ID, transferSettings, { transferMin: 10_00n });
    const { client, memberId, upline } = await memberWithUpline(100_00n);
    const responses = await Promise.all(Array.from({ length: 200 }, () => transfer(client, 10_00)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(190);
    expect(new Set(responses.filter((r) => r.statusCode === 409).map((r) => r.json().errorCode))).toEqual(
      new Set([ERROR_CODES.insufficientBalance]),
    );
    expect(await balance(memberId)).toBe(0n);
    expect(await balance(upline.memberId)).toBe(100_00n);
    expect(await notificationsOf(testApp.db, upline.memberId)).toHaveLength(10);
  }, 120_000);
});
