import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  ERROR_CODES,
  IDEMPOTENCY_HEADER,
  operatorPath,
  type TDepositChannel,
  type TOperatorTurnover,
} from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import type { AccountsClient } from '../accounts/testing';
import { auditTrail } from '../audit/service';
import { bindPayoutAccount, notificationsOf, requestWithdrawal } from '../withdrawals/testing';
import { turnoverRequirements } from './schema';
import { depositSettings } from '../deposits/settings';
import { changeSettings } from '../settings/service';
import { creditMember, DEMO_MERCHANT_ID, newKey, registeredMember } from './testing';
import { recordBetTurnover } from './turnover';
import { verifyLedger } from './verify';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  // The sandbox gateway calls the platform back over real HTTP.
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  await changeSettings(testApp.db.db, DEMO_MERCHANT_ID, depositSettings, depositSettings.defaults);
  expect((await verifyLedger(testApp.db.db)).problems).toEqual([]);
});
afterAll(async () => {
  await testApp?.close();
});

const auth = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
const memberPath = (template: string, username: string) =>
  operatorPath(template, 'PALARO').replace(':username', encodeURIComponent(username));

const operator = {
  list: (username: string) =>
    testApp.app.inject({ url: memberPath(API_PATHS.operatorMemberTurnover, username), headers: auth }),
  waive: (username: string, payload: Record<string, unknown>) =>
    testApp.app.inject({
      method: 'POST',
      url: memberPath(API_PATHS.operatorTurnoverWaive, username),
      headers: auth,
      payload,
    }),
  adjust: (username: string, id: string, payload: Record<string, unknown>) =>
    testApp.app.inject({
      method: 'PATCH',
      url: memberPath(API_PATHS.operatorTurnoverRequirement, username).replace(':id', id),
      headers: auth,
      payload,
    }),
  walletSettings: (payload: Record<string, unknown>) =>
    testApp.app.inject({
      method: 'PATCH',
      url: operatorPath(API_PATHS.operatorWalletSettings, 'PALARO'),
      headers: auth,
      payload,
    }),
};

const auditCount = async () => (await auditTrail(testApp.db.db, DEMO_MERCHANT_ID)).length;
const requirementsOf = (memberId: number) =>
  testApp.db.db
    .select()
    .from(turnoverRequirements)
    .where(eq(turnoverRequirements.memberId, memberId))
    .orderBy(turnoverRequirements.id);

/** Pays a GCash deposit on the sandbox gateway's own page, as a player does. */
async function depositThroughSandbox(client: AccountsClient, amount: number): Promise<string> {
  const channels = (await client.request('GET', API_PATHS.depositChannels)).json().value.list as TDepositChannel[];
  const gcash = channels.find((channel) => channel.method === 'GCASH')!;
  const opened = await client.request(
    'POST',
    API_PATHS.depositOrders,
    { channelId: gcash.id, amount },
    { [IDEMPOTENCY_HEADER]: newKey() },
  );
  expect(opened.statusCode, opened.body).toBe(200);
  const orderNo = opened.json().value.orderNo as string;
  const paid = await testApp.app.inject({
    method: 'POST',
    url: API_PATHS.sandboxCheckout.replace(':orderNo', orderNo),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'decision=approve',
  });
  expect(paid.statusCode, paid.body).toBe(303);
  return orderNo;
}

describe('a deposit locked by turnover while there are no games', () => {
  it('stays locked when the setting changes, until the operator waives it; then the withdrawal goes through', async () => {
    const { client, username, memberId } = await registeredMember(testApp.app, testApp.db, {
      withPaymentPassword: true,
    });
    const payoutAccountId = (await bindPayoutAccount(client)).json().value.id as number;
    const orderNo = await depositThroughSandbox(client, 500_00);

    // The requirement was the deposit's terms: a later setting does not change it.
    expect((await operator.walletSettings({ depositTurnoverPercent: 0 })).statusCode).toBe(200);
    const locked = await requestWithdrawal(client, { amount: 200_00, payoutAccountId });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ errorCode: ERROR_CODES.turnoverIncomplete, value: { turnoverLeft: 500_00 } });

    const listed = await operator.list(username.toUpperCase());
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().value).toMatchObject({
      username,
      memberId,
      left: 500_00,
      canWithdraw: false,
      items: [
        {
          source: 'deposit',
          reference: orderNo,
          required: 500_00,
          originalRequired: 500_00,
          done: 0,
          left: 500_00,
          change: null,
        },
      ],
    });

    const auditBefore = await auditCount();
    const waived = await operator.waive(username, { reason: '  Walang laro pa para matapos ang turnover  ' });
    expect(waived.statusCode, waived.body).toBe(200);
    const view = waived.json().value as TOperatorTurnover;
    expect(view).toMatchObject({ left: 0, canWithdraw: true });
    expect(view.items[0]).toMatchObject({
      reference: orderNo,
      required: 500_00,
      done: 0,
      left: 0,
      change: {
        kind: 'waived',
        reason: 'Walang laro pa para matapos ang turnover',
        by: expect.stringMatching(/^operator:\d+$/),
      },
    });
    expect(view.items[0]!.completedAt).not.toBeNull();

    // One audit row, the reason and the change on the requirement, the member told.
    const audit = await auditTrail(testApp.db.db, DEMO_MERCHANT_ID);
    expect(audit).toHaveLength(auditBefore + 1);
    expect(audit.at(-1)).toMatchObject({
      action: 'turnover.waive',
      actor: view.items[0]!.change!.by,
      details: {
        memberId,
        username,
        reason: 'Walang laro pa para matapos ang turnover',
        waived: 500_00,
        requirements: [{ reference: orderNo, source: 'deposit', required: 500_00, done: 0, waived: 500_00 }],
      },
    });
    const [stored] = await requirementsOf(memberId);
    expect(stored).toMatchObject({
      changeKind: 'waived',
      changeReason: 'Walang laro pa para matapos ang turnover',
      changedBy: view.items[0]!.change!.by,
      required: 500_00n,
    });
    expect(stored!.changedAt).toEqual(stored!.completedAt);
    expect((await notificationsOf(testApp.db, memberId)).at(-1)).toMatchObject({
      kind: 'turnover.waived',
      payload: {
        reason: 'Walang laro pa para matapos ang turnover',
        waived: 500_00,
        requirements: [{ reference: orderNo }],
      },
    });

    // The member sees why in the tracker, and the repro's withdrawal goes through.
    const tracker = (await client.request('GET', API_PATHS.turnover)).json().value;
    expect(tracker).toMatchObject({
      left: 0,
      canWithdraw: true,
      items: [
        { reference: orderNo, left: 0, change: { kind: 'waived', reason: 'Walang laro pa para matapos ang turnover' } },
      ],
    });
    expect(tracker.items[0].change).not.toHaveProperty('by');
    const withdrawn = await requestWithdrawal(client, { amount: 200_00, payoutAccountId });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    // New deposits take the setting of their own time: none at 0 %.
    const second = await depositThroughSandbox(client, 300_00);
    expect((await requirementsOf(memberId)).map((row) => row.reference)).not.toContain(second);
    expect((await verifyLedger(testApp.db.db)).problems).toEqual([]);
  });

  it('a requirement keeps its amount when the percent goes up, and new deposits take the new percent', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const first = await depositThroughSandbox(client, 200_00);
    expect((await operator.walletSettings({ depositTurnoverPercent: 300 })).statusCode).toBe(200);
    const second = await depositThroughSandbox(client, 200_00);
    expect((await requirementsOf(memberId)).map((row) => [row.reference, row.required])).toEqual([
      [first, 200_00n],
      [second, 600_00n],
    ]);
  });
});

describe('operator changes to turnover', () => {
  /** A member with two requirements of 100.00 and 50.00, 30.00 of the first done. */
  async function memberWithRequirements() {
    const member = await registeredMember(testApp.app, testApp.db);
    await creditMember(testApp.db, member.memberId, 100_00n, 100);
    await creditMember(testApp.db, member.memberId, 50_00n, 100);
    await testApp.db.db.transaction((tx) =>
      recordBetTurnover(tx, DEMO_MERCHANT_ID, member.memberId, 30_00n, new Date()),
    );
    const [first, second] = await requirementsOf(member.memberId);
    return { ...member, first: String(first!.id), second: String(second!.id) };
  }

  it('adjusts one requirement: never below what is done, and down to it completes it', async () => {
    const { client, username, memberId, first } = await memberWithRequirements();
    const auditBefore = await auditCount();

    const belowDone = await operator.adjust(username, first, { required: 29_99, reason: 'promo terms' });
    expect(belowDone.statusCode).toBe(400);
    expect(belowDone.json()).toMatchObject({
      errorCode: ERROR_CODES.validation,
      value: { fields: [{ field: 'required' }], done: 30_00 },
    });
    expect(belowDone.json().message).toContain('30.00');
    const same = await operator.adjust(username, first, { required: 100_00, reason: 'promo terms' });
    expect(same.statusCode).toBe(400);
    expect(await auditCount()).toBe(auditBefore);
    expect((await requirementsOf(memberId))[0]).toMatchObject({ required: 100_00n, changeKind: null });

    const lowered = await operator.adjust(username, first, { required: 60_00, reason: 'Promo: 60% lang ang turnover' });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json().value).toMatchObject({ left: 30_00 + 50_00, canWithdraw: false });
    expect(lowered.json().value.items.find((item: { id: string }) => item.id === first)).toMatchObject({
      required: 60_00,
      originalRequired: 100_00,
      done: 30_00,
      left: 30_00,
      completedAt: null,
      change: { kind: 'adjusted', reason: 'Promo: 60% lang ang turnover' },
    });
    expect((await auditTrail(testApp.db.db, DEMO_MERCHANT_ID)).at(-1)).toMatchObject({
      action: 'turnover.adjust',
      details: {
        memberId,
        username,
        requirementId: first,
        requiredBefore: 100_00,
        required: 60_00,
        done: 30_00,
        reason: 'Promo: 60% lang ang turnover',
      },
    });
    expect((await notificationsOf(testApp.db, memberId)).at(-1)).toMatchObject({
      kind: 'turnover.adjusted',
      payload: { requiredBefore: 100_00, required: 60_00, reason: 'Promo: 60% lang ang turnover' },
    });

    const toDone = await operator.adjust(username, first, { required: 30_00, reason: 'Tapos na ang promo' });
    expect(toDone.statusCode, toDone.body).toBe(200);
    const memberView = (await client.request('GET', API_PATHS.turnover)).json().value;
    expect(memberView).toMatchObject({ left: 50_00 });
    expect(memberView.items.find((item: { id: string }) => item.id === first)).toMatchObject({
      required: 30_00,
      originalRequired: 100_00,
      left: 0,
      change: { kind: 'adjusted', reason: 'Tapos na ang promo' },
    });

    const closed = await operator.adjust(username, first, { required: 40_00, reason: 'again' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().errorCode).toBe(ERROR_CODES.turnoverClosed);
  });

  it('waives one requirement by its id, then the rest; with nothing outstanding it says so', async () => {
    const { username, memberId, first, second } = await memberWithRequirements();
    const one = await operator.waive(username, { reason: 'Goodwill', requirementId: second });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().value.left).toBe(70_00);
    expect((await requirementsOf(memberId)).map((row) => row.changeKind)).toEqual([null, 'waived']);
    const again = await operator.waive(username, { reason: 'Goodwill', requirementId: second });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      errorCode: ERROR_CODES.turnoverClosed,
      value: { requirementId: second, state: 'waived' },
    });

    const rest = await operator.waive(username, { reason: 'Goodwill' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().value).toMatchObject({ left: 0, canWithdraw: true });
    expect((await requirementsOf(memberId)).map((row) => [String(row.id), row.done, row.changeKind])).toEqual([
      [first, 30_00n, 'waived'],
      [second, 0n, 'waived'],
    ]);
    expect((await auditTrail(testApp.db.db, DEMO_MERCHANT_ID)).at(-1)!.details).toMatchObject({
      waived: 70_00,
      requirements: [{ requirementId: first, waived: 70_00 }],
    });

    const nothing = await operator.waive(username, { reason: 'Goodwill' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().errorCode).toBe(ERROR_CODES.turnoverClosed);
  });

  it('refuses bad input with a clear answer and changes nothing', async () => {
    const { username, memberId, first } = await memberWithRequirements();
    const other = await registeredMember(testApp.app, testApp.db);
    const auditBefore = await auditCount();
    const notificationsBefore = (await notificationsOf(testApp.db, memberId)).length;

    const unknown = await operator.waive('nosuchmember', { reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, errorCode: ERROR_CODES.notFound });
    expect((await operator.list('nosuchmember')).statusCode).toBe(404);
    expect((await operator.list('a\u0000b')).statusCode).toBe(400);
    expect((await operator.adjust('nosuchmember', first, { required: 1, reason: 'x' })).statusCode).toBe(404);

    for (const payload of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 'a\u0000b' },
      { reason: 42 },
    ]) {
      const refused = await operator.waive(username, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({
        success: false,
        errorCode: ERROR_CODES.validation,
        value: { fields: [{ field: 'reason' }] },
      });
    }
    for (const payload of [
      { reason: 'x' },
      { required: 1 },
      { required: -1, reason: 'x' },
      { required: 1.5, reason: 'x' },
      { required: '10', reason: 'x' },
    ]) {
      expect((await operator.adjust(username, first, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await operator.adjust(username, 'abc', { required: 1, reason: 'x' })).statusCode).toBe(400);
    expect((await operator.waive(username, { reason: 'x', requirementId: 'abc' })).statusCode).toBe(400);
    // Another member's requirement is not this member's.
    expect((await operator.adjust(other.username, first, { required: 40_00, reason: 'x' })).statusCode).toBe(404);
    expect((await operator.waive(other.username, { reason: 'x', requirementId: first })).statusCode).toBe(404);
    const unauthorised = await testApp.app.inject({
      method: 'POST',
      url: memberPath(API_PATHS.operatorTurnoverWaive, username),
      payload: { reason: 'x' },
    });
    expect(unauthorised.statusCode).toBe(401);

    expect(await auditCount()).toBe(auditBefore);
    expect((await notificationsOf(testApp.db, memberId)).length).toBe(notificationsBefore);
    expect((await requirementsOf(memberId)).every((row) => row.changeKind === null)).toBe(true);
  });
});
