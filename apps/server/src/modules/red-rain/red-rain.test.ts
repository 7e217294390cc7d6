import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES, operatorPath, RED_RAIN_API_PATHS } from '@palaro/contract';
import { TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { createClockedTestApp } from '../accounts/testing';
import { auditTrail } from '../audit/service';
import { memberBalance } from '../wallet/ledger';
import { creditMember, DEMO_MERCHANT_ID, registeredMember } from '../wallet/testing';
import { verifyLedger } from '../wallet/verify';
import { journalEntries } from '../wallet/schema';
import { redRainEnvelopes } from './schema';
import { grabEnvelope, splitStartedEvents } from './service';
import { plainMembers, settledRound } from './testing';
import { redRainCommands } from './commands';

let clock = new Date('2026-12-08T10:00:00Z');
const now = () => clock;
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createClockedTestApp(now);
});
afterAll(async () => {
  await testApp?.close();
});

const operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
const title = { TY: 'Ulan ng ampao', EN: 'Red-envelope rain' };

async function schedule(body: Record<string, unknown>) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: operatorPath(RED_RAIN_API_PATHS.operatorRedRain, 'PALARO'),
    headers: operator,
    payload: { title, startsAt: new Date(clock.getTime() + 60_000).toISOString(), minutes: 10, ...body },
  });
  return response;
}
async function scheduled(body: Record<string, unknown>): Promise<number> {
  const response = await schedule(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.id as number;
}
const grabPath = (id: number) => RED_RAIN_API_PATHS.redRainGrab.replace(':id', String(id));
const promotionsBalance = async () =>
  BigInt(
    (
      (await testApp.db.db.execute(
        sql`select balance::text as balance from ledger_accounts where merchant_id = ${DEMO_MERCHANT_ID} and code = 'promotions'`,
      )) as unknown as { rows: { balance: string }[] }
    ).rows[0]?.balance ?? '0',
  );

describe('red-envelope rain', () => {
  it('refuses an incoherent event with a clear message and writes nothing', async () => {
    for (const body of [
      { budget: 99, envelopeCount: 100 },
      { budget: 1000, envelopeCount: 10, minAmount: 50, maxAmount: 60 },
      { budget: 1000, envelopeCount: 10, minAmount: 200 },
      { budget: 1000, envelopeCount: 10, qualification: 'deposit' },
      { budget: 1000, envelopeCount: 10, startsAt: new Date(clock.getTime() - 3_600_000).toISOString() },
    ]) {
      const response = await schedule(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errorCode).toBe(ERROR_CODES.redRainInvalid);
    }
    const list = await testApp.app.inject({
      method: 'GET',
      url: operatorPath(RED_RAIN_API_PATHS.operatorRedRain, 'PALARO'),
      headers: operator,
    });
    expect(list.json().value.list).toEqual([]);
  });

  it('pays every envelope once and never more than the budget under 240 concurrent grabs of 80 members (2 each at most)', async () => {
    const budget = 100_000;
    const id = await scheduled({ budget, envelopeCount: 150, grabsPerMember: 2, minAmount: 1, maxAmount: 2000 });
    const audit = await auditTrail(testApp.db.db, DEMO_MERCHANT_ID);
    expect(audit.some((row) => row.action === 'redrain.create')).toBe(true);
    const members = await plainMembers(testApp.db, 80);
    // Before the start, nothing can be taken.
    await expect(grabEnvelope(testApp.db, members[0]!, id, clock)).rejects.toMatchObject({
      code: ERROR_CODES.redRainNotLive,
    });

    clock = new Date(clock.getTime() + 61_000);
    const promotionsBefore = await promotionsBalance();
    // The start job and the first grabs race to split it: it is split once.
    const outcomes = await Promise.allSettled([
      splitStartedEvents(testApp.db.db, clock),
      ...members.flatMap((member) => [0, 1, 2].map(() => grabEnvelope(testApp.db, member, id, clock))),
    ]);
    const grabs = outcomes.slice(1);
    const taken = grabs.filter((outcome) => outcome.status === 'fulfilled');
    expect(taken).toHaveLength(150);
    for (const outcome of grabs)
      if (outcome.status === 'rejected')
        expect([ERROR_CODES.redRainSoldOut, ERROR_CODES.redRainLimit]).toContain(outcome.reason.code);

    const envelopes = await testApp.db.db.select().from(redRainEnvelopes).where(eq(redRainEnvelopes.eventId, id));
    expect(envelopes).toHaveLength(150);
    expect(envelopes.reduce((sum, row) => sum + row.amount, 0n)).toBe(BigInt(budget));
    expect(envelopes.every((row) => row.memberId !== null && row.amount >= 1n)).toBe(true);
    const perMember = new Map<number, number>();
    for (const row of envelopes) perMember.set(row.memberId!, (perMember.get(row.memberId!) ?? 0) + 1);
    expect(Math.max(...perMember.values())).toBeLessThanOrEqual(2);

    // One journal entry per envelope, the promotions account down by exactly the budget.
    const entries = await testApp.db.db
      .select({ reference: journalEntries.reference })
      .from(journalEntries)
      .where(sql`${journalEntries.kind} = 'bonus' and ${journalEntries.reference} like 'RR%'`);
    const references = new Set(entries.map((row) => row.reference));
    expect(envelopes.every((row) => references.has(`RR${row.id}`))).toBe(true);
    expect(await promotionsBalance()).toBe(promotionsBefore - BigInt(budget));
    let wallets = 0n;
    for (const member of members) wallets += await memberBalance(testApp.db.db, DEMO_MERCHANT_ID, member.id);
    expect(wallets).toBe(BigInt(budget));
    expect((await verifyLedger(testApp.db.db)).problems).toEqual([]);

    // After the end nothing more is taken.
    clock = new Date(clock.getTime() + 10 * 60_000);
    await expect(grabEnvelope(testApp.db, members[0]!, id, clock)).rejects.toMatchObject({
      code: ERROR_CODES.redRainNotLive,
    });
  });

  it('lets a member grab over HTTP, shows the catch in the balance, the result sheet and the history', async () => {
    const id = await scheduled({ budget: 5_000, envelopeCount: 5, grabsPerMember: 1 });
    clock = new Date(clock.getTime() + 61_000);
    const { client } = await registeredMember(testApp.app, testApp.db);
    const before = (await client.request('GET', '/wps/wallet/balance')).json().value?.sumBalance ?? 0;
    const grab = await client.request('POST', grabPath(id));
    expect(grab.statusCode, grab.body).toBe(200);
    const { amount, grabsLeft } = grab.json().value;
    expect(amount).toBeGreaterThanOrEqual(1);
    expect(grabsLeft).toBe(0);
    const again = await client.request('POST', grabPath(id));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: ERROR_CODES.redRainLimit });
    const page = (await client.request('GET', RED_RAIN_API_PATHS.redRain)).json().value;
    const event = page.events.find((row: { id: number }) => row.id === id);
    expect(event).toMatchObject({
      status: 'live',
      envelopesLeft: 4,
      me: { grabs: 1, caught: amount, qualified: true },
    });
    expect(page.history[0]).toMatchObject({ eventId: id, envelopes: 1, caught: amount });
    const result = (await client.request('GET', RED_RAIN_API_PATHS.redRainResult.replace(':id', String(id)))).json()
      .value;
    expect(result.mine).toEqual([{ amount, grabbedAt: expect.any(String) }]);
    expect(result.best[0].name).toMatch(/\*\*\*/);
    const balance = await client.request('GET', '/wps/wallet/balance');
    if (balance.statusCode === 200) expect(balance.json().value.sumBalance).toBe(before + amount);
  });

  it('takes part only with the deposit or turnover asked for, and never a trial member', async () => {
    const depositEvent = await scheduled({
      budget: 1000,
      envelopeCount: 10,
      qualification: 'deposit',
      qualifyAmount: 50_000,
    });
    const turnoverEvent = await scheduled({
      budget: 1000,
      envelopeCount: 10,
      qualification: 'turnover',
      qualifyAmount: 10_000,
    });
    const [member, bettor] = await plainMembers(testApp.db, 2);
    const [trial] = await plainMembers(testApp.db, 1, 4);
    await creditMember(testApp.db, member!.id, 100_000n);
    clock = new Date(clock.getTime() + 61_000);
    // An adjustment is not a deposit.
    await expect(grabEnvelope(testApp.db, member!, depositEvent, clock)).rejects.toMatchObject({
      code: ERROR_CODES.redRainNotQualified,
    });
    await settledRound(testApp.db, bettor!.id, { stake: 6_000, win: 0, startedAt: new Date(clock.getTime() - 1000) });
    await expect(grabEnvelope(testApp.db, bettor!, turnoverEvent, clock)).rejects.toMatchObject({
      code: ERROR_CODES.redRainNotQualified,
    });
    await settledRound(testApp.db, bettor!.id, { stake: 4_000, win: 100, startedAt: new Date(clock.getTime() - 500) });
    await expect(grabEnvelope(testApp.db, bettor!, turnoverEvent, clock)).resolves.toMatchObject({ grabs: 1 });
    await expect(grabEnvelope(testApp.db, trial!, turnoverEvent, clock)).rejects.toMatchObject({
      code: ERROR_CODES.trialRefused,
    });
  });

  it('the operator cancels a rain that has not ended; the command line makes the same calls', async () => {
    const id = await scheduled({ budget: 1000, envelopeCount: 10 });
    const cancel = await testApp.app.inject({
      method: 'POST',
      url: operatorPath(RED_RAIN_API_PATHS.operatorRedRainCancel, 'PALARO').replace(':id', String(id)),
      headers: operator,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().value.status).toBe('cancelled');
    const twice = await testApp.app.inject({
      method: 'POST',
      url: operatorPath(RED_RAIN_API_PATHS.operatorRedRainCancel, 'PALARO').replace(':id', String(id)),
      headers: operator,
    });
    expect(twice.json().errorCode).toBe(ERROR_CODES.redRainClosed);
    const create = redRainCommands.find((command) => command.name === 'redrain create')!;
    const request = create.request({
      args: ['starts=2026-12-24T20:00+08:00', 'minutes=5', 'budget=1000', 'count=100', 'title=Pasko'],
      options: {},
      merchantPath: (template) => operatorPath(template, 'PALARO'),
    });
    expect(request).toMatchObject({
      method: 'POST',
      body: { budget: 100_000, envelopeCount: 100, minutes: 5, startsAt: '2026-12-24T20:00:00+08:00' },
    });
  });
});
