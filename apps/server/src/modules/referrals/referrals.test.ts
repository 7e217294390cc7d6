import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  ERROR_CODES,
  GATEWAY_HEADERS,
  IDEMPOTENCY_HEADER,
  INVITEES_PAGE_SIZE,
  REFERRAL_QUERY_PARAM,
  type TAffiliateInfo,
  type TDepositOrder,
  type TInviteePage,
} from '@palaro/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { AccountsClient, solvedCaptcha } from '../accounts/testing';
import { members } from '../accounts/schema';
import { DEMO_AFFILIATE_CODE } from '../accounts/seed';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '../accounts/referral-codes';
import { callbackSignature } from '../deposits/gateway';
import { depositOrders, paymentChannels } from '../deposits/schema';
import { changeMerchantRow } from '../site/testing';
import { creditMember, DEMO_MERCHANT_ID, newKey, registeredMember, TEST_PASSWORD } from '../wallet/testing';
import { maskedName } from './rules';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const db = () => testApp.db.db;
let ipCounter = 0;

async function info(client: AccountsClient): Promise<TAffiliateInfo> {
  const response = await client.request('GET', API_PATHS.affiliateInfo);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value;
}

async function inviteePage(client: AccountsClient, pageNo = 1): Promise<TInviteePage> {
  const response = await client.request('GET', `${API_PATHS.invitees}?pageNo=${pageNo}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value;
}

/** Registers through a referral link's code, as the form does with the code the link filled in. */
async function registerWithCode(code: string, extra: Record<string, unknown> = {}) {
  ipCounter += 1;
  const client = new AccountsClient(testApp.app, `192.0.2.${ipCounter}`);
  const username = `r${randomBytes(5).toString('hex')}`;
  const response = await client.register({
    username,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    [REFERRAL_QUERY_PARAM]: code,
    ...(await solvedCaptcha(client)),
    ...extra,
  });
  return { client, username, response };
}

async function memberRow(username: string) {
  const [row] = await db()
    .select()
    .from(members)
    .where(and(eq(members.merchantId, DEMO_MERCHANT_ID), eq(members.username, username)));
  return row!;
}

/** A GCash deposit paid by the gateway's signed notice: money arriving as it really does. */
async function paidDeposit(client: AccountsClient, amount: number): Promise<void> {
  const [channel] = await db()
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.merchantId, DEMO_MERCHANT_ID), eq(paymentChannels.method, 'GCASH')));
  const opened = await client.request(
    'POST',
    API_PATHS.depositOrders,
    { channelId: channel!.id, amount },
    { [IDEMPOTENCY_HEADER]: newKey() },
  );
  expect(opened.statusCode, opened.body).toBe(200);
  const order = opened.json().value as TDepositOrder;
  const [stored] = await db().select().from(depositOrders).where(eq(depositOrders.orderNo, order.orderNo));
  expect(stored).toBeDefined();
  const body = JSON.stringify({
    eventId: `evt_${randomBytes(8).toString('hex')}`,
    orderNo: order.orderNo,
    gatewayReference: 'GW-REF-1',
    status: 'paid',
    amount: order.amount,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const notice = await testApp.app.inject({
    method: 'POST',
    url: API_PATHS.gatewayCallback.replace(':gateway', 'sandbox'),
    headers: {
      'content-type': 'application/json; charset=utf-8',
      [GATEWAY_HEADERS.timestamp]: timestamp,
      [GATEWAY_HEADERS.signature]: callbackSignature(channel!.callbackSecret!, timestamp, body),
    },
    payload: body,
  });
  expect(notice.json().value).toMatchObject({ status: 'paid', outcome: 'credited' });
}

describe('referral codes', () => {
  it('gives each member one stable code of the unambiguous alphabet, different from every other member’s', async () => {
    const first = await registeredMember(testApp.app, testApp.db);
    const second = await registeredMember(testApp.app, testApp.db);
    const code = (await info(first.client)).referralCode;
    expect(code).toMatch(new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`));
    expect((await info(first.client)).referralCode).toBe(code);
    expect((await info(second.client)).referralCode).not.toBe(code);
    expect((await memberRow(first.username)).referralCode).toBe(code);
  });

  it('answers the registration path the link carries the code on', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    const { referralCode, registerPath } = await info(client);
    expect(registerPath).toBe(`/m/register?${REFERRAL_QUERY_PARAM}=${referralCode}`);
  });
});

describe('registration through a referral link', () => {
  it('records the referrer on the new member and leaves the agent upline alone', async () => {
    const friend = await registeredMember(testApp.app, testApp.db);
    const { referralCode } = await info(friend.client);
    const invited = await registerWithCode(referralCode.toLowerCase());
    expect(invited.response.statusCode, invited.response.body).toBe(200);
    const row = await memberRow(invited.username);
    expect(row.referrerMemberId).toBe(friend.memberId);
    expect(row.uplineMemberId).toBeNull();
  });

  it('keeps an agent’s invitation code and a friend’s referral code apart when both arrive', async () => {
    const friend = await registeredMember(testApp.app, testApp.db);
    const { referralCode } = await info(friend.client);
    const invited = await registerWithCode(referralCode, { affiliateCode: DEMO_AFFILIATE_CODE });
    expect(invited.response.statusCode, invited.response.body).toBe(200);
    const row = await memberRow(invited.username);
    expect(row.referrerMemberId).toBe(friend.memberId);
    expect(row.uplineMemberId).not.toBeNull();
    expect(row.uplineMemberId).not.toBe(friend.memberId);
  });

  it('refuses an unknown code with "Referrer link error" and registers no one', async () => {
    const attempt = await registerWithCode('ZZZZ2222');
    expect(attempt.response.statusCode).toBe(400);
    expect(attempt.response.json()).toMatchObject({
      errorCode: ERROR_CODES.referrerInvalid,
      value: { fields: [{ field: 'recommenderId', i18nKey: 'in_referrer_link_error' }] },
    });
    const [row] = await db().select().from(members).where(eq(members.username, attempt.username));
    expect(row).toBeUndefined();
  });

  it('refuses a disabled member’s code', async () => {
    const friend = await registeredMember(testApp.app, testApp.db);
    const { referralCode } = await info(friend.client);
    await db().update(members).set({ disabled: true }).where(eq(members.id, friend.memberId));
    expect((await registerWithCode(referralCode)).response.statusCode).toBe(400);
  });
});

describe('invited friends', () => {
  it('lists only the member’s own invitees, newest first, masked, with whether each deposited', async () => {
    const friend = await registeredMember(testApp.app, testApp.db);
    const other = await registeredMember(testApp.app, testApp.db);
    const { referralCode } = await info(friend.client);
    const depositor = await registerWithCode(referralCode);
    const bonusOnly = await registerWithCode(referralCode);
    await registerWithCode((await info(other.client)).referralCode);
    await paidDeposit(depositor.client, 20_000);
    // Money that is not a deposit (an operator's adjustment) does not count as depositing.
    await creditMember(testApp.db, (await memberRow(bonusOnly.username)).id, 5_000n);

    const page = await inviteePage(friend.client);
    expect(page).toMatchObject({ pageNo: 1, totalPages: 1 });
    expect(page.list).toEqual([
      { name: maskedName(bonusOnly.username), joinedAt: expect.any(String), deposited: false },
      { name: maskedName(depositor.username), joinedAt: expect.any(String), deposited: true },
    ]);
    expect(JSON.stringify(page)).not.toContain(depositor.username);
    expect(await info(friend.client)).toMatchObject({ invitedCount: 2, depositedCount: 1 });
    expect((await inviteePage(other.client)).list).toHaveLength(1);
  });

  it('pages the list', async () => {
    const friend = await registeredMember(testApp.app, testApp.db);
    const { referralCode } = await info(friend.client);
    for (let index = 0; index < INVITEES_PAGE_SIZE + 1; index += 1) await registerWithCode(referralCode);
    const first = await inviteePage(friend.client, 1);
    const second = await inviteePage(friend.client, 2);
    expect(first.list).toHaveLength(INVITEES_PAGE_SIZE);
    expect(second).toMatchObject({ pageNo: 2, totalPages: 2 });
    expect(second.list).toHaveLength(1);
  });

  it('refuses a bad page number with the field named', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    for (const pageNo of ['0', '-1', 'abc', '1e9']) {
      const response = await client.request('GET', `${API_PATHS.invitees}?pageNo=${pageNo}`);
      expect(response.statusCode, pageNo).toBe(400);
    }
  });
});

describe('authorization of invite friends', () => {
  const endpoints = [API_PATHS.affiliateInfo, API_PATHS.invitees];

  it('a guest is asked to sign in', async () => {
    const guest = new AccountsClient(testApp.app, '192.0.2.250');
    for (const path of endpoints) {
      const response = await guest.request('GET', path);
      expect(response.statusCode, path).toBe(401);
    }
  });

  it('another member reads only their own code and friends, never the owner’s', async () => {
    const owner = await registeredMember(testApp.app, testApp.db);
    const another = await registeredMember(testApp.app, testApp.db);
    const invited = await registerWithCode((await info(owner.client)).referralCode);
    expect(invited.response.statusCode).toBe(200);
    expect((await inviteePage(owner.client)).list).toHaveLength(1);
    expect((await inviteePage(another.client)).list).toEqual([]);
    expect(await info(another.client)).toMatchObject({ invitedCount: 0, depositedCount: 0 });
    expect((await info(another.client)).referralCode).not.toBe((await info(owner.client)).referralCode);
  });

  it('a trial member is told to use a real account and gets no code (spec §6)', async () => {
    const trial = new AccountsClient(testApp.app, '192.0.2.251');
    expect((await trial.request('POST', API_PATHS.trial)).statusCode).toBe(200);
    for (const path of endpoints) {
      const response = await trial.request('GET', path);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().errorCode).toBe(ERROR_CODES.trialRefused);
    }
  });

  it('nobody reaches it while the merchant’s REFERRAL promotion is off', async () => {
    const owner = await registeredMember(testApp.app, testApp.db);
    await changeMerchantRow(db(), DEMO_MERCHANT_ID, { promotions: { REFERRAL: false, MISSION: false } });
    try {
      for (const path of endpoints) {
        const response = await owner.client.request('GET', path);
        expect(response.statusCode, path).toBe(403);
        expect(response.json().errorCode).toBe(ERROR_CODES.forbidden);
      }
    } finally {
      await changeMerchantRow(db(), DEMO_MERCHANT_ID, { promotions: { REFERRAL: true, MISSION: false } });
    }
  });
});

describe('masked names', () => {
  it('keeps two characters and the last, or one of a short name', () => {
    expect(maskedName('juan2024')).toBe('ju***4');
    expect(maskedName('Ana')).toBe('A***');
    expect(maskedName('Mañuel')).toBe('Ma***l');
    expect(maskedName('👍👍👍👍')).toBe('👍👍***👍');
  });
});
