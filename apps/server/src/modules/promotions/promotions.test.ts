import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  ERROR_CODES,
  operatorPath,
  PROMOTION_API_PATHS,
  promotionPath,
  type TPromotionInput,
} from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { AccountsClient } from '../accounts/testing';
import { auditTrail } from '../audit/service';
import { EXECUTABLE_BYTES, testJpeg, testPng } from '../feedback/testing';
import { journalEntries } from '../wallet/schema';
import { DEMO_MERCHANT_ID, registeredMember } from '../wallet/testing';
import { recordBetTurnover } from '../wallet/turnover';
import { verifyLedger } from '../wallet/verify';
import { bindPayoutAccount, notificationsOf, requestWithdrawal } from '../withdrawals/testing';
import { promotionCommands } from './commands';
import { promotions } from './schema';
import { runAutomaticPromotions } from './service';
import { creditDeposit } from './testing';

/*
 * The promotion engine against the real database (PGlite here, PostgreSQL with DATABASE_URL): a
 * bonus paid once whatever the taps, a budget and a per-member limit kept under 200 concurrent
 * claims, a bonus's turnover blocking withdrawal until bet, and the ledger clean after each test.
 */

let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp(
    { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'palaro-promotions-')) },
    { platform: { overrides: { now } } },
  );
});
afterEach(async () => {
  expect((await verifyLedger(testApp.db.db)).problems).toEqual([]);
});
afterAll(async () => {
  await testApp?.close();
});

const db = () => testApp.db.db;
const operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
const claim = (client: AccountsClient, id: number) =>
  client.request('POST', promotionPath(PROMOTION_API_PATHS.promotionClaim, id));
const detail = async (client: AccountsClient, id: number) =>
  (await client.request('GET', promotionPath(PROMOTION_API_PATHS.promotion, id))).json().value;
const balance = async (client: AccountsClient) =>
  (await client.request('GET', API_PATHS.walletBalance)).json().value.sumBalance as number;

async function seeded(code: string): Promise<number> {
  const [row] = await db()
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.merchantId, DEMO_MERCHANT_ID), eq(promotions.code, code)));
  return row!.id;
}

function operatorCall(method: 'GET' | 'POST' | 'PATCH', template: string, payload?: unknown) {
  return testApp.app.inject({
    method,
    url: operatorPath(template, 'PALARO'),
    headers: operator,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function createPromotion(input: Partial<TPromotionInput> & Pick<TPromotionInput, 'rule'>): Promise<number> {
  const response = await operatorCall('POST', PROMOTION_API_PATHS.operatorPromotions, {
    title: { EN: 'Test promotion', TY: 'Pagsubok na promo' },
    description: { EN: 'For the tests', TY: 'Para sa pagsubok' },
    category: 'other',
    claimMode: 'claim',
    period: 'day',
    startsAt: '2026-01-01T00:00:00.000Z',
    ...input,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.id as number;
}

async function bonusEntries(promotionId: number) {
  return db()
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.kind, 'bonus'), like(journalEntries.reference, `PR${promotionId}-%`)));
}

describe('the first-deposit bonus (the home banner’s promise)', () => {
  it('is paid once under 30 concurrent claims, and its turnover blocks withdrawal until bet', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db, { withPaymentPassword: true });
    const id = await seeded('welcome-bonus');
    expect((await detail(client, id)).status).toBe('process');
    await creditDeposit(testApp.db, memberId, 500_00n);
    expect(await detail(client, id)).toMatchObject({ status: 'claim', claimable: 500_00 });

    const answers = await Promise.all(Array.from({ length: 30 }, () => claim(client, id)));
    const paid = answers.filter((answer) => answer.statusCode === 200);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.json().value).toMatchObject({ amount: 500_00, turnoverAdded: 5000_00, balance: 1000_00 });
    for (const refused of answers.filter((answer) => answer.statusCode !== 200))
      expect(refused.json().errorCode).toBe(ERROR_CODES.promotionAlreadyClaimed);
    expect(await bonusEntries(id)).toHaveLength(1);
    expect(await balance(client)).toBe(1000_00);
    expect((await detail(client, id)).status).toBe('claimed');

    // The deposit's ₱500 and ten times the bonus.
    const info = async () => (await client.request('GET', API_PATHS.withdrawInfo)).json().value;
    expect(await info()).toMatchObject({ turnoverLeft: 5500_00 });
    const centre = (await client.request('GET', PROMOTION_API_PATHS.rewardCentre)).json().value;
    expect(centre).toMatchObject({ turnoverLeft: 5500_00, bonusTurnoverLeft: 5000_00 });
    expect(centre.claimed[0]).toMatchObject({ amount: 500_00, turnoverRequired: 5000_00, turnoverLeft: 5000_00 });

    const bound = await bindPayoutAccount(client);
    const payoutAccountId = bound.json().value.id as number;
    const refused = await requestWithdrawal(client, { amount: 100_00, payoutAccountId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe(ERROR_CODES.turnoverIncomplete);

    const bet = (amount: bigint, category: string) =>
      db().transaction((tx) => recordBetTurnover(tx, DEMO_MERCHANT_ID, memberId, amount, now(), category));
    await bet(500_00n, 'LIVE'); // fills the deposit's requirement in full
    await bet(1000_00n, 'LIVE'); // live casino counts 10 % toward the bonus: ₱100
    expect(await info()).toMatchObject({ turnoverLeft: 4900_00 });
    await bet(4899_00n, 'RNG');
    expect(await info()).toMatchObject({ turnoverLeft: 1_00 });
    expect((await requestWithdrawal(client, { amount: 100_00, payoutAccountId })).statusCode).toBe(409);
    await bet(1_00n, 'RNG');
    expect(await info()).toMatchObject({ turnoverLeft: 0 });
    const allowed = await requestWithdrawal(client, { amount: 100_00, payoutAccountId });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('refuses a deposit below the minimum, an unknown or ended promotion and a trial account, changing nothing', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const id = await seeded('welcome-bonus');
    await creditDeposit(testApp.db, memberId, 99_00n);
    const small = await claim(client, id);
    expect(small.json().errorCode).toBe(ERROR_CODES.promotionNothingToClaim);

    const unknown = await claim(client, 987_654);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe(ERROR_CODES.promotionUnknown);
    expect((await client.request('GET', promotionPath(PROMOTION_API_PATHS.promotion, 'abc'))).statusCode).toBe(400);

    const ended = await createPromotion({ rule: { type: 'birthday', amount: 100_00 } });
    expect(
      (await operatorCall('POST', PROMOTION_API_PATHS.operatorPromotionClose.replace(':id', String(ended)))).statusCode,
    ).toBe(200);
    expect((await claim(client, ended)).json().errorCode).toBe(ERROR_CODES.promotionClosed);
    expect(await balance(client)).toBe(99_00);

    const trial = new AccountsClient(testApp.app, '198.51.100.233');
    expect((await trial.request('POST', API_PATHS.trial)).statusCode).toBe(200);
    const list = (await trial.request('GET', PROMOTION_API_PATHS.promotions)).json().value;
    expect(list.trial).toBe(true);
    expect(list.list.length).toBeGreaterThan(0);
    const checkIn = await claim(trial, await seeded('daily-check-in'));
    expect(checkIn.json().errorCode).toBe(ERROR_CODES.trialRefused);
  });
});

describe('limits under concurrency', () => {
  it('keeps the budget and the per-member limit under 200 concurrent claims', async () => {
    const id = await createPromotion({
      rule: { type: 'check_in', rewards: [1_00] },
      budget: 25_00,
      perMemberLimit: 1,
    });
    const members = [];
    for (let index = 0; index < 40; index += 1) members.push(await registeredMember(testApp.app, testApp.db));
    const answers = await Promise.all(
      members.flatMap(({ client }) => Array.from({ length: 5 }, () => claim(client, id))),
    );
    expect(answers).toHaveLength(200);
    const paid = answers.filter((answer) => answer.statusCode === 200);
    expect(paid).toHaveLength(25);
    const codes = new Set(
      answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.json().errorCode),
    );
    expect(
      [...codes].every((code) => [ERROR_CODES.promotionBudgetUsed, ERROR_CODES.promotionAlreadyClaimed].includes(code)),
    ).toBe(true);
    const entries = await bonusEntries(id);
    expect(entries).toHaveLength(25);
    expect(new Set(entries.map((entry) => entry.reference.split('-')[1])).size).toBe(25);
    const [row] = await db().select().from(promotions).where(eq(promotions.id, id));
    expect(row).toMatchObject({ spent: 25_00n, grantCount: 25 });
  });
});

describe('the daily check-in', () => {
  it('checks in two days in a row in Manila time, once a day', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    const id = await seeded('daily-check-in');
    const first = await claim(client, id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ amount: 2_00, promotion: { status: 'signed', streak: 1 } });
    expect((await claim(client, id)).json().errorCode).toBe(ERROR_CODES.promotionAlreadyClaimed);
    // To the next Manila day, in two steps of at most 13 hours, a request between them (a session
    // ends after 24 idle hours): 23 hours on, 25 when it is just past midnight in Manila.
    const manilaHour = new Date(now().getTime() + 8 * 3_600_000).getUTCHours();
    try {
      offsetMs += 12 * 3_600_000;
      await client.request('GET', PROMOTION_API_PATHS.promotions);
      offsetMs += (manilaHour === 0 ? 13 : 11) * 3_600_000;
      await client.request('GET', PROMOTION_API_PATHS.promotions);
      const second = await claim(client, id);
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().value).toMatchObject({ amount: 3_00, promotion: { status: 'signed', streak: 2 } });
      const calendar = second.json().value.promotion.calendar as { signed: boolean }[];
      expect(calendar.filter((day) => day.signed)).toHaveLength(2);
    } finally {
      offsetMs = 0;
    }
  });
});

describe('applications', () => {
  it('refuses a long comment, a renamed executable and a fourth image, then is approved into the inbox', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const id = await seeded('share-your-win');
    const upload = (bytes: Buffer) =>
      client.request('POST', PROMOTION_API_PATHS.promotionImages, bytes, { 'content-type': 'image/png' });
    const apply = (body: Record<string, unknown>) =>
      client.request('PUT', promotionPath(PROMOTION_API_PATHS.promotionApply, id), body);

    const exe = await upload(EXECUTABLE_BYTES);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().errorCode).toBe(ERROR_CODES.imageType);
    const images: string[] = [];
    for (const bytes of [await testPng(1), await testJpeg(2), await testPng(3), await testPng(4)]) {
      const response = await upload(bytes);
      expect(response.statusCode, response.body).toBe(200);
      images.push(response.json().value.imageId);
    }
    const long = await apply({ comment: 'x'.repeat(141), imageIds: images.slice(0, 2) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errorCode).toBe(ERROR_CODES.applicationComment);
    expect((await apply({ comment: 'ok', imageIds: images })).json().errorCode).toBe(
      ERROR_CODES.applicationTooManyImages,
    );
    expect((await detail(client, id)).status).toBe('apply');

    const applied = await apply({ comment: 'é'.repeat(140), imageIds: images.slice(0, 2) });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().value).toMatchObject({ status: 'applying', application: { imageCount: 2 } });
    expect((await apply({ comment: 'again', imageIds: [] })).json().errorCode).toBe(ERROR_CODES.promotionApplying);
    expect((await claim(client, id)).json().errorCode).toBe(ERROR_CODES.promotionWrongMode);

    const queue = (await operatorCall('GET', `${PROMOTION_API_PATHS.operatorApplications}?status=applying`)).json()
      .value.list;
    const mine = queue.find((item: { username: string; id: number }) => item.id && item.username) as {
      id: number;
      imageIds: string[];
    };
    expect(mine.imageIds).toHaveLength(2);
    const decision = (body: unknown) =>
      operatorCall('POST', PROMOTION_API_PATHS.operatorApplicationDecision.replace(':id', String(mine.id)), body);
    const approved = await decision({ decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({ status: 'approved', amount: 88_00 });
    expect((await decision({ decision: 'reject', reason: 'late' })).json().errorCode).toBe(
      ERROR_CODES.applicationDecided,
    );
    expect(await balance(client)).toBe(88_00);
    expect((await detail(client, id)).status).toBe('claimed');
    const notices = await notificationsOf(testApp.db, memberId);
    expect(notices.at(-1)).toMatchObject({ kind: 'promotion.approved', payload: { amount: 88_00 } });
    const trail = await auditTrail(db(), DEMO_MERCHANT_ID);
    expect(trail.some((row) => row.action === 'promotions.application.approve')).toBe(true);
  });

  it('tells the member why an application was rejected, and lets them apply again', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const id = await seeded('share-your-win');
    expect(
      (await client.request('PUT', promotionPath(PROMOTION_API_PATHS.promotionApply, id), { comment: 'my win' }))
        .statusCode,
    ).toBe(200);
    const [application] = (await operatorCall('GET', PROMOTION_API_PATHS.operatorApplications)).json().value.list;
    const rejected = await operatorCall(
      'POST',
      PROMOTION_API_PATHS.operatorApplicationDecision.replace(':id', String(application.id)),
      { decision: 'reject', reason: 'The screenshot is not of a win here' },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await detail(client, id)).status).toBe('rejected');
    expect((await notificationsOf(testApp.db, memberId)).at(-1)).toMatchObject({ kind: 'promotion.rejected' });
    expect(await balance(client)).toBe(0);
  });
});

describe('the operator', () => {
  it('validates, audits and reports what each promotion cost', async () => {
    const bad = await operatorCall('POST', PROMOTION_API_PATHS.operatorPromotions, {
      title: { EN: 'x', TY: 'x' },
      description: { EN: 'x', TY: 'x' },
      category: 'deposit',
      rule: { type: 'first_deposit', percent: 100, cap: -1, minDeposit: 0 },
      claimMode: 'claim',
      period: 'once',
      startsAt: '2026-01-01T00:00:00.000Z',
    });
    expect(bad.statusCode).toBe(400);
    const backwards = await operatorCall('POST', PROMOTION_API_PATHS.operatorPromotions, {
      title: { EN: 'x', TY: 'x' },
      description: { EN: 'x', TY: 'x' },
      category: 'deposit',
      rule: { type: 'reload', percent: 10, cap: 100_00, minDeposit: 0 },
      claimMode: 'auto',
      period: 'day',
      startsAt: '2026-06-01T00:00:00.000Z',
      endsAt: '2026-05-01T00:00:00.000Z',
    });
    expect(backwards.statusCode).toBe(400);

    // An automatic reload bonus: the job pays it once, however often it runs.
    const id = await createPromotion({
      rule: { type: 'reload', percent: 10, cap: 100_00, minDeposit: 100_00 },
      claimMode: 'auto',
      turnoverPercent: 300,
    });
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    await creditDeposit(testApp.db, memberId, 300_00n);
    await runAutomaticPromotions(db(), now());
    await runAutomaticPromotions(db(), now());
    expect(await balance(client)).toBe(330_00);
    expect((await detail(client, id)).status).toBe('issued');
    const below = await operatorCall('PATCH', PROMOTION_API_PATHS.operatorPromotion.replace(':id', String(id)), {
      budget: 1,
    });
    expect(below.statusCode).toBe(400);
    const report = (await operatorCall('GET', PROMOTION_API_PATHS.operatorPromotionReport)).json().value.list;
    // Every member who deposited today got it (the first test's member too): all issued, none claimed.
    const cost = report.find((row: { id: number }) => row.id === id);
    expect(cost).toMatchObject({ claimed: 0, wagered: 0, expired: 0 });
    expect(cost.granted).toBeGreaterThanOrEqual(30_00);
    expect(cost.grants).toBeGreaterThanOrEqual(1);
    const trail = await auditTrail(db(), DEMO_MERCHANT_ID);
    expect(trail.filter((row) => row.action === 'promotions.create').length).toBeGreaterThan(0);
    expect(promotionCommands.map((command) => command.name)).toContain('promotions report');
  });
});
