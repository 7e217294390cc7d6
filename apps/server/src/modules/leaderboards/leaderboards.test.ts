import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES, LEADERBOARD_API_PATHS, operatorPath } from '@palaro/contract';
import { TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { createClockedTestApp } from '../accounts/testing';
import { memberBalance } from '../wallet/ledger';
import { DEMO_MERCHANT_ID, registeredMember } from '../wallet/testing';
import { verifyLedger } from '../wallet/verify';
import { plainMembers, settledRound } from '../red-rain/testing';
import { leaderboardPrizes } from './schema';
import { payEndedPeriods, refreshDueStandings } from './service';
import { leaderboardCommands } from './commands';

// 08:00 on 8 December in Manila.
let clock = new Date('2026-12-08T00:00:00Z');
const now = () => clock;
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createClockedTestApp(now);
});
afterAll(async () => {
  await testApp?.close();
});

const operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
const title = { TY: 'Hari ng taya', EN: 'Top bettors' };

function create(body: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url: operatorPath(LEADERBOARD_API_PATHS.operatorLeaderboards, 'PALARO'),
    headers: operator,
    payload: {
      title,
      metric: 'turnover',
      fromDay: '2026-12-08',
      toDay: '2026-12-08',
      prizes: [10_000, 5_000, 1_000],
      ...body,
    },
  });
}

describe('leaderboards', () => {
  it('refuses an incoherent period with a clear message', async () => {
    for (const body of [
      { fromDay: '2026-12-09', toDay: '2026-12-08' },
      { prizes: [100, 200] },
      { fromDay: '2026-11-01', toDay: '2026-11-02' },
      { fromDay: '2026-02-30', toDay: '2026-03-01' },
    ]) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await create({ prizes: [100, 200] })).json().errorCode).toBe(ERROR_CODES.leaderboardInvalid);
  });

  it('ranks live from the kept ranking, names masked, and pays each prize once at the end, even run twice or killed half-way', async () => {
    const created = await create({});
    expect(created.statusCode, created.body).toBe(200);
    const periodId = created.json().value.id as number;
    expect(created.json().value).toMatchObject({
      startsAt: '2026-12-07T16:00:00.000Z',
      endsAt: '2026-12-08T16:00:00.000Z',
    });

    const [a, b, c, d] = await plainMembers(testApp.db, 4);
    const viewer = await registeredMember(testApp.app, testApp.db);
    const inPeriod = new Date('2026-12-08T05:00:00Z');
    await settledRound(testApp.db, a!.id, { stake: 9_000, win: 0, startedAt: inPeriod });
    await settledRound(testApp.db, b!.id, { stake: 4_000, win: 0, startedAt: inPeriod });
    await settledRound(testApp.db, c!.id, { stake: 4_000, win: 0, startedAt: inPeriod });
    // Not counted: before the period (23:59 Manila the day before), still open, and trial play.
    await settledRound(testApp.db, d!.id, { stake: 99_000, win: 0, startedAt: new Date('2026-12-07T15:59:00Z') });
    await settledRound(testApp.db, d!.id, { stake: 99_000, win: 0, startedAt: inPeriod, status: 'open' });
    await settledRound(testApp.db, d!.id, { stake: 99_000, win: 0, startedAt: inPeriod, trial: true });
    await settledRound(testApp.db, viewer.memberId, { stake: 100, win: 0, startedAt: inPeriod });

    clock = new Date('2026-12-08T06:00:00Z');
    expect(await refreshDueStandings(testApp.db.db, clock)).toBe(1);
    // Within the refresh interval, no second computation.
    expect(await refreshDueStandings(testApp.db.db, new Date(clock.getTime() + 5_000))).toBe(0);
    const page = (await viewer.client.request('GET', LEADERBOARD_API_PATHS.leaderboard)).json().value;
    const period = page.list.find((row: { id: number }) => row.id === periodId);
    expect(period.status).toBe('live');
    expect(
      period.top.map((row: { rank: number; score: number; prize: number }) => [row.rank, row.score, row.prize]),
    ).toEqual([
      [1, 9_000, 10_000],
      [2, 4_000, 3_000],
      [2, 4_000, 3_000],
      [4, 100, 0],
    ]);
    expect(period.top[0].name).toMatch(/^.{2}\*\*\*.$/);
    expect(period.top[3].me).toBe(true);
    expect(period.me).toEqual({ rank: 4, score: 100, prize: 0 });

    // After the end and the grace: the first run is killed half-way (after its postings): nothing is paid.
    clock = new Date('2026-12-08T16:20:00Z');
    const balancesBefore = await Promise.all(
      [a, b, c].map((m) => memberBalance(testApp.db.db, DEMO_MERCHANT_ID, m!.id)),
    );
    await expect(
      payEndedPeriods(testApp.db.db, clock, {
        afterPostings: async () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(
      await testApp.db.db.select().from(leaderboardPrizes).where(eq(leaderboardPrizes.periodId, periodId)),
    ).toEqual([]);
    // Two runs at once (the job run twice): paid once.
    const runs = await Promise.all([payEndedPeriods(testApp.db.db, clock), payEndedPeriods(testApp.db.db, clock)]);
    expect(runs.reduce((sum, paid) => sum + paid, 0)).toBe(1);
    expect(await payEndedPeriods(testApp.db.db, clock)).toBe(0);
    const prizes = await testApp.db.db.select().from(leaderboardPrizes).where(eq(leaderboardPrizes.periodId, periodId));
    expect(
      prizes.map((row) => [row.memberId, row.rank, row.amount]).sort((x, y) => Number(x[0]) - Number(y[0])),
    ).toEqual([
      [a!.id, 1, 10_000n],
      [b!.id, 2, 3_000n],
      [c!.id, 2, 3_000n],
    ]);
    const balancesAfter = await Promise.all(
      [a, b, c].map((m) => memberBalance(testApp.db.db, DEMO_MERCHANT_ID, m!.id)),
    );
    expect(balancesAfter.map((after, i) => after - balancesBefore[i]!)).toEqual([10_000n, 3_000n, 3_000n]);
    const entries = (await testApp.db.db.execute(
      sql`select count(*)::int as n from journal_entries where kind = 'bonus' and reference like ${`LB${periodId}M%`}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(entries.rows[0]!.n)).toBe(3);
    expect((await verifyLedger(testApp.db.db)).problems).toEqual([]);

    const paidPage = (await viewer.client.request('GET', LEADERBOARD_API_PATHS.leaderboard)).json().value;
    expect(paidPage.list.find((row: { id: number }) => row.id === periodId).status).toBe('paid');
    // A paid period cannot be cancelled.
    const cancel = await testApp.app.inject({
      method: 'POST',
      url: operatorPath(LEADERBOARD_API_PATHS.operatorLeaderboardCancel, 'PALARO').replace(':id', String(periodId)),
      headers: operator,
    });
    expect(cancel.json().errorCode).toBe(ERROR_CODES.leaderboardClosed);
  });

  it('the command line makes the same call', () => {
    const command = leaderboardCommands.find((row) => row.name === 'leaderboards create')!;
    const request = command.request({
      args: ['from=2026-12-01', 'to=2026-12-31', 'metric=wins', 'prizes=1000,500.50', 'title=Disyembre'],
      options: {},
      merchantPath: (template) => operatorPath(template, 'PALARO'),
    });
    expect(request.body).toEqual({
      title: { TY: 'Disyembre', EN: 'Disyembre' },
      metric: 'wins',
      fromDay: '2026-12-01',
      toDay: '2026-12-31',
      prizes: [100_000, 50_050],
    });
  });
});
