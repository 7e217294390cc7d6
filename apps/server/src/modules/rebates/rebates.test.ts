import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, REBATE_API_PATHS, VIP_API_PATHS, type TManualRebate, type TRebateReport } from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { DEMO_MERCHANT_CODE } from '../site/seed';
import { memberBalance } from '../wallet/ledger-accounts';
import { DEMO_MERCHANT_ID, registeredMember } from '../wallet/testing';
import { verifyLedger } from '../wallet/verify';
import { validTurnoverOf } from '../wallet/valid-turnover';
import { evaluateMerchant } from '../vip/service';
import { closeDay, runDailyRebates } from './service';

/** Noon of 2 March 2026 in Manila. */
let clock = new Date('2026-03-02T04:00:00.000Z');
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { platform: { overrides: { now: () => clock } } });
});
afterAll(async () => {
  await testApp?.close();
});

const db = () => testApp.db.db;
const merchant = { id: DEMO_MERCHANT_ID, timeZone: 'Asia/Manila' };
const operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };

/** A provider round settled at `at` (what a provider's closing credit leaves). */
async function settledRound(memberId: number, category: string, stake: bigint, at: string, refunded = 0n) {
  await db()
    .execute(sql`insert into game_rounds (provider_id, round_id, merchant_id, member_id, game_node_id, game_code,
      game_name, vendor_code, vendor_name, category, currency, trial, stake, refunded, win, credits, status, started_at, settled_at)
    values ((select id from game_providers order by id limit 1), ${`R${randomBytes(6).toString('hex')}`}, ${DEMO_MERCHANT_ID},
      ${memberId}, 1, 'g', 'Game', 'V', 'Vendor', ${category}, 'PHP', false, ${stake}, ${refunded}, 0, 1, 'settled',
      ${at}::timestamptz, ${at}::timestamptz)`);
}

async function rebateEntries(memberId: number): Promise<{ reference: string; amount: bigint }[]> {
  const { rows } = (await db().execute(sql`select e.reference, l.amount::text as amount from journal_entries e
      join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
      where a.member_id = ${memberId} and e.kind = 'rebate' order by e.id`)) as unknown as {
    rows: { reference: string; amount: string }[];
  };
  return rows.map((row) => ({ reference: row.reference, amount: BigInt(row.amount) }));
}

const balanceOf = (memberId: number) => memberBalance(db(), DEMO_MERCHANT_ID, memberId);

async function expectLedgerClean() {
  const report = await verifyLedger(db());
  expect(report.problems).toEqual([]);
}

describe('the valid turnover read', () => {
  it('counts settled real-money rounds on the Manila day they settled, less rollbacks', async () => {
    const { memberId } = await registeredMember(testApp.app, testApp.db);
    await settledRound(memberId, 'RNG', 100_000n, '2026-02-20T15:59:59.000Z'); // 23:59:59 on 20 Feb in Manila
    await settledRound(memberId, 'RNG', 50_000n, '2026-02-20T16:00:00.000Z'); // 00:00 on 21 Feb
    await settledRound(memberId, 'FISH', 30_000n, '2026-02-20T10:00:00.000Z', 10_000n);
    const rows = await validTurnoverOf(db(), {
      merchantId: DEMO_MERCHANT_ID,
      start: new Date('2026-02-19T16:00:00.000Z'),
      end: new Date('2026-02-20T16:00:00.000Z'),
      memberId,
    });
    expect(rows).toEqual([
      { memberId, category: 'FISH', turnover: 20_000n },
      { memberId, category: 'RNG', turnover: 100_000n },
    ]);
  });
});

describe('the daily rebate', () => {
  it('pays the closed Manila day once, whether its job runs twice or is killed half-way', async () => {
    const players = await Promise.all([1, 2, 3, 4, 5].map(() => registeredMember(testApp.app, testApp.db)));
    // Day 2026-02-25 in Manila: 16:00Z on the 24th to 16:00Z on the 25th. Demo rates at VIP0: RNG 0.50 %, FISH 0.50 %.
    for (const { memberId } of players) {
      await settledRound(memberId, 'RNG', 100_000n, '2026-02-24T16:00:00.000Z'); // first instant of the day
      await settledRound(memberId, 'FISH', 20_001n, '2026-02-25T15:59:59.999Z'); // last instant of the day
      await settledRound(memberId, 'RNG', 900_000n, '2026-02-25T16:00:00.000Z'); // the next day: not counted
    }
    const before = await Promise.all(players.map(({ memberId }) => balanceOf(memberId)));
    const now = new Date('2026-02-26T01:00:00.000Z');
    // Killed after the first chunk of two members' accruals…
    await expect(closeDay(db(), merchant, '2026-02-25', now, { chunk: 4, crashAfterChunks: 1 })).rejects.toThrow(
      /crashed/,
    );
    // …then run again, and once more.
    await closeDay(db(), merchant, '2026-02-25', now, { chunk: 4 });
    await closeDay(db(), merchant, '2026-02-25', now, { chunk: 4 });
    for (const [index, { memberId }] of players.entries()) {
      // RNG 100,000 × 0.50 % = 500; FISH 20,001 × 0.50 % = 100.005 → 100
      const entries = await rebateEntries(memberId);
      expect(entries.map((entry) => entry.amount).sort()).toEqual([100n, 500n]);
      expect(new Set(entries.map((entry) => entry.reference)).size).toBe(2);
      expect((await balanceOf(memberId)) - before[index]!).toBe(600n);
    }
    await expectLedgerClean();
  });

  it('pays once when two runs of the job and the members’ own claims race for the same day', async () => {
    clock = new Date('2026-02-28T02:00:00.000Z'); // 10:00 on 28 Feb in Manila
    const players = await Promise.all([1, 2, 3, 4].map(() => registeredMember(testApp.app, testApp.db)));
    for (const { memberId } of players) await settledRound(memberId, 'LIVE', 250_000n, '2026-02-27T05:00:00.000Z');
    const before = await Promise.all(players.map(({ memberId }) => balanceOf(memberId)));
    const outcomes = await Promise.allSettled([
      closeDay(db(), merchant, '2026-02-27', clock, { chunk: 2 }),
      closeDay(db(), merchant, '2026-02-27', clock, { chunk: 3 }),
      ...players.flatMap(({ client }) => [
        client.request('POST', REBATE_API_PATHS.manualRebateClaim),
        client.request('POST', REBATE_API_PATHS.manualRebateClaim),
      ]),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    await closeDay(db(), merchant, '2026-02-27', clock);
    for (const [index, { memberId }] of players.entries()) {
      // LIVE 250,000 × 0.40 % = 1,000, paid by whichever got there first, once.
      expect((await rebateEntries(memberId)).map((entry) => entry.amount)).toEqual([1_000n]);
      expect((await balanceOf(memberId)) - before[index]!).toBe(1_000n);
    }
    await expectLedgerClean();
  });

  it('a manual claim pays today’s so far once under concurrent claims; the day’s close pays the rest', async () => {
    clock = new Date('2026-03-02T04:00:00.000Z');
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    await settledRound(memberId, 'RNG', 200_000n, '2026-03-01T17:00:00.000Z'); // 01:00 on 2 March
    const view = await client.request('GET', REBATE_API_PATHS.manualRebate);
    expect(view.statusCode, view.body).toBe(200);
    const rebate = view.json().value as TManualRebate;
    expect(rebate.day).toBe('2026-03-02');
    expect(rebate.claimable).toBe(1_000);
    expect(rebate.today.find((line) => line.category === 'RNG')).toMatchObject({
      turnover: 200_000,
      rateBp: 50,
      amount: 1_000,
    });

    const before = await balanceOf(memberId);
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => client.request('POST', REBATE_API_PATHS.manualRebateClaim)),
    );
    const statuses = claims.map((claim) => claim.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const claim of claims.filter((c) => c.statusCode !== 200))
      expect(claim.json().errorCode).toBe(ERROR_CODES.rebateNothingToClaim);
    expect((await balanceOf(memberId)) - before).toBe(1_000n);

    // More play later the same day; the day closes overnight and pays only the difference.
    await settledRound(memberId, 'RNG', 100_000n, '2026-03-02T10:00:00.000Z');
    clock = new Date('2026-03-03T01:00:00.000Z');
    await runDailyRebates(db(), clock);
    await runDailyRebates(db(), clock);
    const entries = await rebateEntries(memberId);
    expect(entries.map((entry) => entry.amount)).toEqual([1_000n, 500n]);
    expect((await balanceOf(memberId)) - before).toBe(1_500n);

    const report = await client.request('GET', `${REBATE_API_PATHS.rebateReport}?from=2026-03-01&to=2026-03-03`);
    expect(report.statusCode, report.body).toBe(200);
    const day = (report.json().value as TRebateReport).days.find((d) => d.day === '2026-03-02')!;
    expect(day).toMatchObject({ amount: 1_500, paid: 1_500 });
    expect(day.lines).toEqual([{ category: 'RNG', turnover: 300_000, rateBp: 50, amount: 1_500, paid: 1_500 }]);
    await expectLedgerClean();
  });

  it('left to claim when the merchant does not pay automatically; nothing to claim is a clear refusal', async () => {
    clock = new Date('2026-03-05T04:00:00.000Z');
    const set = await testApp.app.inject({
      method: 'PATCH',
      url: REBATE_API_PATHS.operatorRebateSettings.replace(':merchantCode', DEMO_MERCHANT_CODE),
      headers: operator,
      payload: { autoPay: 0, dailyCap: 300 },
    });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const { client, memberId } = await registeredMember(testApp.app, testApp.db);
      const empty = await client.request('POST', REBATE_API_PATHS.manualRebateClaim);
      expect(empty.statusCode).toBe(409);
      expect(empty.json().errorCode).toBe(ERROR_CODES.rebateNothingToClaim);
      // 4 March: ELOTT… none; FISH 40,000 → 200, RNG 40,000 → 200, capped at 300 in category order: 200 + 100.
      await settledRound(memberId, 'FISH', 40_000n, '2026-03-04T02:00:00.000Z');
      await settledRound(memberId, 'RNG', 40_000n, '2026-03-04T03:00:00.000Z');
      await runDailyRebates(db(), clock);
      expect(await rebateEntries(memberId)).toEqual([]);
      const view = (await client.request('GET', REBATE_API_PATHS.manualRebate)).json().value as TManualRebate;
      expect(view.earlierClaimable).toBe(300);
      const claim = await client.request('POST', REBATE_API_PATHS.manualRebateClaim);
      expect(claim.statusCode, claim.body).toBe(200);
      expect(claim.json().value.paid).toBe(300);
      expect((await rebateEntries(memberId)).map((entry) => entry.amount)).toEqual([200n, 100n]);
    } finally {
      await testApp.app.inject({
        method: 'PATCH',
        url: REBATE_API_PATHS.operatorRebateSettings.replace(':merchantCode', DEMO_MERCHANT_CODE),
        headers: operator,
        payload: { autoPay: 1, dailyCap: 5_000_000 },
      });
    }
    await expectLedgerClean();
  });

  it('operator rates are validated and audited', async () => {
    const path = REBATE_API_PATHS.operatorRebateRates.replace(':merchantCode', DEMO_MERCHANT_CODE);
    const bad = await testApp.app.inject({
      method: 'PUT',
      url: path,
      headers: operator,
      payload: { vipLevel: 0, category: 'RNG', rateBp: 5000 },
    });
    expect(bad.statusCode).toBe(400);
    const good = await testApp.app.inject({
      method: 'PUT',
      url: path,
      headers: operator,
      payload: { vipLevel: 9, category: 'LIVE', rateBp: 110 },
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().value.list).toContainEqual({ vipLevel: 9, category: 'LIVE', rateBp: 110 });
    const { rows } = (await db().execute(
      sql`select count(*)::int as n from audit_log where action = 'rebates.rate.set'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('the VIP club', () => {
  it('raises a member as soon as they qualify, pays the upgrade bonus once, announces it; relegates after a keep period', async () => {
    clock = new Date('2026-03-10T04:00:00.000Z');
    const levels = VIP_API_PATHS.operatorVipLevels.replace(':merchantCode', DEMO_MERCHANT_CODE);
    const level = (n: number, turnover: number, upgradeBonus: number, extra: Record<string, number> = {}) => ({
      level: n,
      name: `VIP${n}`,
      depositRequired: 0,
      turnoverRequired: turnover,
      keepDeposit: 0,
      keepTurnover: 0,
      upgradeBonus,
      birthdayBonus: 0,
      monthlyBonus: 0,
      withdrawDailyAmount: 0,
      withdrawDailyCount: 0,
      ...extra,
    });
    // Requirements that shrink with the level are refused.
    const refused = await testApp.app.inject({
      method: 'PUT',
      url: levels,
      headers: operator,
      payload: level(1, 900_000_000_000, 0),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorCode).toBe(ERROR_CODES.validation);
    for (const payload of [
      level(1, 50_000, 1_800, { keepTurnover: 10_000 }),
      level(2, 150_000, 8_800, { keepTurnover: 200_000 }),
    ]) {
      const response = await testApp.app.inject({ method: 'PUT', url: levels, headers: operator, payload });
      expect(response.statusCode, response.body).toBe(200);
    }
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const club = async () => {
      const response = await client.request('GET', VIP_API_PATHS.club);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value;
    };
    expect((await club()).progress).toMatchObject({ turnover: 0, next: 1, percent: 0 });
    await settledRound(memberId, 'RNG', 25_000n, '2026-03-10T01:00:00.000Z');
    expect((await club()).progress).toMatchObject({ turnover: 25_000, next: 1, percent: 50 });

    await settledRound(memberId, 'LIVE', 150_000n, '2026-03-10T02:00:00.000Z');
    const before = await balanceOf(memberId);
    await evaluateMerchant(db(), merchant, clock);
    await evaluateMerchant(db(), merchant, clock);
    const after = await club();
    expect(after.level).toBe(2);
    // Both levels passed pay their bonus, once: 1,800 + 8,800.
    expect((await balanceOf(memberId)) - before).toBe(10_600n);
    const { rows: notices } = (await db().execute(
      sql`select kind from inbox_messages where member_id = ${memberId} and kind = 'vip.upgraded'`,
    )) as unknown as { rows: unknown[] };
    expect(notices).toHaveLength(1);

    // The keep period (30 days from 10 March) passes with too little play: down one level.
    for (let day = 11; day <= 40; day += 1) {
      clock = new Date(Date.UTC(2026, 2, day, 4));
      await evaluateMerchant(db(), merchant, clock);
    }
    clock = new Date(Date.UTC(2026, 3, 11, 4));
    await evaluateMerchant(db(), merchant, clock);
    const { rows: levelRows } = (await db().execute(
      sql`select vip_level from members where id = ${memberId}`,
    )) as unknown as { rows: { vip_level: number }[] };
    expect(levelRows[0]!.vip_level).toBe(1);
    // Regaining level 2 would not pay its bonus again (its reference is once per member and level).
    await expectLedgerClean();
  });
});
