import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BET_TYPES,
  ERROR_CODES,
  ERROR_I18N_KEYS,
  IDEMPOTENCY_HEADER,
  LOTTERY_API_PATHS,
  LOTTERY_ERROR_CODES,
  PRIZE_GROUP_DEFAULT,
  lotteryChasePath,
  lotteryGamePath,
  type ErrorCode,
  type TLotteryDraw,
  type TPlaceBetsResult,
} from '@palaro/contract';
import { createTestApp, type TestApp } from '../../test-app';
import type { AccountsClient } from '../accounts/testing';
import { creditMember, newKey, registeredMember } from '../wallet/testing';
import { verifyLedger } from '../wallet/verify';
import { scheduleDraws } from './draws';

/**
 * Whatever a player's client sends to the lottery — malformed slips, unknown games and bet types,
 * stakes out of limits, closed or unknown draws, malformed chases and cancels, odd ids and queries —
 * the answer is a refusal with a code the web shows in the player's language (every code has an
 * i18n key; web/i18n/errors.test.ts checks both tables have its text), never a 500, and no money
 * moves. The member has no money, so even a slip that happens to be valid is refused (balance).
 */

const clock = Date.parse('2031-07-08T09:10:05Z');
let testApp: TestApp;
let client: AccountsClient;
let open: TLotteryDraw;
let next: string;
let someonesBetId: string;

beforeAll(async () => {
  testApp = await createTestApp({}, { platform: { overrides: { now: () => new Date(clock) } } });
  const deps = { db: testApp.db.db, now: () => new Date(clock), jobs: { enqueue: async () => null } };
  await scheduleDraws(deps);
  const answer = await testApp.app.inject({ url: lotteryGamePath(LOTTERY_API_PATHS.numero, 'SSC_1M') });
  open = (answer.json() as { value: TLotteryDraw }).value;
  next = `${open.numero.slice(0, 9)}${String(Number(open.numero.slice(9)) + 1).padStart(4, '0')}`;
  // Someone else's bet, so a cancel naming it is refused as not the member's.
  const other = await registeredMember(testApp.app, testApp.db);
  await creditMember(testApp.db, other.memberId, 10_000n);
  const placed = await other.client.request(
    'POST',
    LOTTERY_API_PATHS.placeBets,
    {
      gameCode: 'SSC_1M',
      numero: open.numero,
      prizeGroup: PRIZE_GROUP_DEFAULT,
      bets: [{ betType: 'SSC_BSOE', picks: [[0], [], [], [], []], unitStake: 100 }],
    },
    { [IDEMPOTENCY_HEADER]: newKey() },
  );
  someonesBetId = (placed.json() as { value: TPlaceBetsResult }).value.bets[0]!.betId;
  client = (await registeredMember(testApp.app, testApp.db)).client;
});
afterAll(async () => {
  await testApp?.close();
});

/** Rows only a money-moving lottery request adds. */
async function moneyRows(): Promise<number> {
  const result = await testApp.db.db
    .execute(sql`select (select count(*) from journal_entries) + (select count(*) from lottery_bets)
    + (select count(*) from lottery_chases) + (select count(*) from lottery_chase_draws) + (select count(*) from lottery_rebates) as count`);
  return Number((result as unknown as { rows: { count: string }[] }).rows[0]!.count);
}

const nasty = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ minLength: 300, maxLength: 2000 }),
  fc.constantFrom("' OR 1=1 --", '<script>alert(1)</script>', '\u0000', '𝕏💥', '1e309', 'NaN', '-0', '../../etc'),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 0.5, 2 ** 53, -(2 ** 63)),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);
const ELECTRONIC = ['SSC', 'K3', 'PK10', 'X11X5', 'VNE'] as const;
/** A bet of an electronic game as a client would build it: picks within the rows' bounds (sometimes too many, too few). */
const wellFormedBet = fc
  .constantFrom(...BET_TYPES.filter((rule) => (ELECTRONIC as readonly string[]).includes(rule.family)))
  .chain((rule) =>
    fc.record({
      gameCode: fc.constantFrom(`${rule.family}_1M`, `${rule.family}_3M`),
      bet: fc.record({
        betType: fc.constant(rule.code),
        picks: fc.tuple(
          ...rule.rows.map((row) =>
            fc.uniqueArray(fc.integer({ min: row.min, max: row.max }), {
              minLength: 0,
              maxLength: Math.min(row.max - row.min + 1, rule.maxPicks + 1),
            }),
          ),
        ),
        unitStake: fc.constantFrom(100, 200, 1000),
        multiplier: fc.constantFrom(1, 2, 10),
      }),
    }),
  );
type Body = Record<string, unknown>;
/** One thing wrong with an otherwise plausible slip (or nothing: then the empty wallet refuses it). */
const mutation = fc.oneof(
  fc.constant((body: Body) => body),
  fc.constantFrom('NOPE_1M', 'ssc_9m', 'A', '').map((gameCode) => (body: Body) => ({ ...body, gameCode })),
  fc
    .constantFrom('K3_SUM', 'SSC_NOPE', 'VN_XIEN9', 'PK10_POSITION')
    .map((betType) => (body: Body) => ({ ...body, bets: [{ ...(body.bets as Body[])[0], betType }] })),
  fc
    .constantFrom([[-1]], [[10, 10]], [[0], [1]], [[99_999], [], [], [], []], [], [[1.5]])
    .map((picks) => (body: Body) => ({ ...body, bets: [{ ...(body.bets as Body[])[0], picks }] })),
  fc
    .constantFrom(0, 1, 99, 5_000_001, 100_000_000, 1.5, -100)
    .map((unitStake) => (body: Body) => ({ ...body, bets: [{ ...(body.bets as Body[])[0], unitStake }] })),
  fc
    .constantFrom(0, 1001, 999)
    .map((multiplier) => (body: Body) => ({ ...body, bets: [{ ...(body.bets as Body[])[0], multiplier }] })),
  fc
    .constantFrom('next', '20310708-0001', '99991231-9999', '2031-07-08', '')
    .map((numero) => (body: Body) => ({ ...body, numero })),
  fc.constantFrom(1900, 1700, 1981, 2000, 1950.5).map((prizeGroup) => (body: Body) => ({ ...body, prizeGroup })),
  fc
    .constantFrom(0, 51)
    .map((count) => (body: Body) => ({ ...body, bets: Array<unknown>(count).fill((body.bets as Body[])[0]) })),
  fc
    .constantFrom('gameCode', 'numero', 'prizeGroup', 'bets')
    .map((field) => (body: Body) => ({ ...body, [field]: undefined })),
  nasty.map((junk) => (body: Body) => ({ ...body, bets: junk })),
);
const slip = fc
  .tuple(wellFormedBet, mutation)
  .map(([{ gameCode, bet }, mutate]) =>
    mutate({ gameCode, numero: 'open', prizeGroup: PRIZE_GROUP_DEFAULT, bets: [bet] }),
  );
const chaseMutation = fc.oneof(
  fc.constant((body: Body) => body),
  fc.constantFrom(0, 121, 2.5, -3).map((draws) => (body: Body) => ({ ...body, draws })),
  fc
    .constantFrom([1, 2], [1, 1, 0], [1, 1, 1001], [1, 1, 600])
    .map((multipliers) => (body: Body) => ({ ...body, multipliers })),
  nasty.map((junk) => (body: Body) => ({ ...body, stopOnWin: junk })),
  nasty.map((junk) => (body: Body) => ({ ...body, multipliers: junk })),
);
const chase = fc.tuple(slip, chaseMutation).map(([body, mutate]) => mutate({ ...body, draws: 3, stopOnWin: true }));
const betIds = fc.oneof(
  fc.constantFrom(['someone'], ['999999999'], ['someone', '1'], []),
  fc.array(
    fc.oneof(fc.constantFrom('1', '0', '01', '999999999999999999999', 'someone'), fc.string({ maxLength: 12 })),
    { maxLength: 4 },
  ),
  nasty,
);
const gameCode = fc.oneof(
  fc.constantFrom('SSC_1M', 'K3_1M', 'PK10_3M', 'X11X5_5M', 'VNE_1M', 'NOPE_1M', 'ssc_1m', 'A'),
  fc.string({ maxLength: 40 }),
);
const key = fc.oneof(
  fc.constant('valid'),
  fc.constant('valid'),
  fc.constant('valid'),
  fc.constant(undefined),
  fc.constantFrom('', 'short', 'has spaces in it', 'x'.repeat(65)),
);

function withDraw(body: Record<string, unknown>): Record<string, unknown> {
  if (body.numero === 'open') return { ...body, numero: open.numero };
  if (body.numero === 'next') return { ...body, numero: next };
  return body;
}

/** Every code answered, so the test shows its inputs reached each check. */
const seen = new Set<string>();

function expectRefused(what: string, response: { statusCode: number; body: string; json: () => unknown }): void {
  expect([400, 401, 403, 404, 409, 429], `${what} → ${response.body.slice(0, 300)}`).toContain(response.statusCode);
  const body = response.json() as {
    success: boolean;
    errorCode: ErrorCode;
    message: string;
    value?: { fields?: { i18nKey: string }[] };
  };
  expect(body).toMatchObject({ success: false, errorCode: expect.any(String), message: expect.any(String) });
  expect(ERROR_I18N_KEYS[body.errorCode], `${body.errorCode} has a text`).toEqual(expect.any(String));
  seen.add(body.errorCode);
  for (const field of body.value?.fields ?? []) expect(field.i18nKey).toMatch(/^in_/);
}

describe('bad input on the lottery endpoints', () => {
  it('is refused with a coded message, never a 500, and moves no money', { timeout: 300_000 }, async () => {
    const before = await moneyRows();
    const post = async (url: string, body: unknown, idempotencyKey: string | undefined) => {
      const headers: Record<string, string> =
        idempotencyKey === undefined
          ? {}
          : { [IDEMPOTENCY_HEADER]: idempotencyKey === 'valid' ? newKey() : idempotencyKey };
      const response = await client.request('POST', url, body, headers);
      expectRefused(`${url} ${JSON.stringify(body).slice(0, 200)}`, response);
    };
    await fc.assert(
      fc.asyncProperty(slip, key, async (body, idempotencyKey) =>
        post(LOTTERY_API_PATHS.placeBets, withDraw(body), idempotencyKey),
      ),
      { numRuns: 200 },
    );
    await fc.assert(
      fc.asyncProperty(chase, key, async (body, idempotencyKey) =>
        post(LOTTERY_API_PATHS.createChase, withDraw(body), idempotencyKey),
      ),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(betIds, key, async (ids, idempotencyKey) => {
        await post(
          LOTTERY_API_PATHS.cancelBets,
          { betIds: Array.isArray(ids) ? ids.map((id) => (id === 'someone' ? someonesBetId : id)) : ids },
          idempotencyKey,
        );
      }),
      { numRuns: 80 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom('1', '0', '99999999999', '-1', '1.5', '%00'), fc.string({ maxLength: 20 })),
        async (chaseId) => {
          const response = await client.request('POST', lotteryChasePath(LOTTERY_API_PATHS.cancelChase, chaseId));
          expectRefused(`cancel chase ${chaseId}`, response);
        },
      ),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(LOTTERY_API_PATHS.myBets, LOTTERY_API_PATHS.myChases, LOTTERY_API_PATHS.winners),
        fc.dictionary(fc.constantFrom('gameCode', 'state', 'pageNo', 'language'), fc.string({ maxLength: 30 }), {
          maxKeys: 3,
        }),
        async (path, values) => {
          const response = await client.request('GET', `${path}?${new URLSearchParams(values)}`);
          if (response.statusCode !== 200) expectRefused(`${path} ${JSON.stringify(values)}`, response);
        },
      ),
      { numRuns: 80 },
    );
    await fc.assert(
      fc.asyncProperty(gameCode, fc.string({ maxLength: 20 }), async (code, drawNumero) => {
        for (const url of [
          lotteryGamePath(LOTTERY_API_PATHS.game, code),
          lotteryGamePath(LOTTERY_API_PATHS.verify, code, drawNumero),
        ]) {
          const response = await client.request('GET', url);
          if (response.statusCode !== 200) expectRefused(url, response);
        }
      }),
      { numRuns: 60 },
    );
    for (const raw of ['{"gameCode":', '[]', 'null', '"text"']) {
      const response = await client.request('POST', LOTTERY_API_PATHS.createChase, raw, {
        'content-type': 'application/json',
        [IDEMPOTENCY_HEADER]: newKey(),
      });
      expect(response.statusCode, raw).toBe(400);
    }
    expect([...seen]).toEqual(
      expect.arrayContaining([
        'request.invalid',
        ERROR_CODES.insufficientBalance,
        ...[
          'gameUnknown',
          'betTypeUnknown',
          'selectionInvalid',
          'stakeOutOfLimits',
          'drawClosed',
          'oddsChanged',
          'betUnknown',
          'chaseUnknown',
        ].map((name) => LOTTERY_ERROR_CODES[name as keyof typeof LOTTERY_ERROR_CODES]),
      ]),
    );
    expect(await moneyRows()).toBe(before);
    expect((await verifyLedger(testApp.db.db)).problems).toEqual([]);
  });
});
