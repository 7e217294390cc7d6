import { createServer, type Server } from 'node:http';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  LOTTERY_API_PATHS,
  LOTTERY_ERROR_CODES,
  P642_JACKPOT_MINIMUM,
  PRIZE_GROUP_DEFAULT,
  lotteryGamePath,
  operatorPath,
  type TLotteryDraw,
  type TLotteryGameDetail,
  type TLotteryMenu,
  type TLotteryMonitor,
  type TLotteryVerification,
  type TOperatorDraw,
  type TOperatorDraws,
  type TOperatorGameSettings,
  type TOperatorGameSource,
  type TPlaceBetsRequest,
  type TResultSourceChange,
} from '@palaro/contract';
import { BROADCAST_CHANNEL, type BroadcastMessage } from '../../platform/broadcast';
import { sha256Hex } from '../../platform/crypto';
import { TEST_OPERATOR_TOKEN } from '../../test-app';
import { AccountsClient } from '../accounts/testing';
import { auditLog } from '../audit/schema';
import { insertCredentialIfAbsent } from '../operator/store';
import { memberBalance } from '../wallet/ledger';
import { DEMO_MERCHANT_ID } from '../wallet/testing';
import { verifyLedger } from '../wallet/verify';
import { drawDraw, lockDraw, scheduleDraws } from './draws';
import { drawJackpotOf } from './jackpot';
import { pollFeed, resultDue } from './results';
import { lotteryBets, lotteryDraws, lotteryGames, lotteryJackpots } from './schema';
import { lotteryPayments, lotteryTestApp } from './testing';

/**
 * Traditional games end to end on their own clock: official schedules, one draw at a time, the
 * result entered by one operator and confirmed by another (a mismatch disputes the draw), a late
 * result making the draw abnormal until a void refunds every stake, and the HTTP feed read from a
 * real local server — through the operator API, the player API and the ledger.
 */

// Tuesday 4 March 2031, 12:00 in Manila: Swertres' next draw is 2 PM (06:00 UTC), 20310304-0001.
let clock = Date.parse('2031-03-04T04:00:00Z');
const enqueued: { name: string; payload: unknown; runAt?: Date }[] = [];
const SECOND_OPERATOR = 'second-operator-token-abcdef0123456789abcdef0123';
const FEED_PORT = 7411;

const lottery = lotteryTestApp(() => new Date(clock), {
  enqueue: async (name, payload, options) => {
    enqueued.push({ name, payload, runAt: options?.runAt });
    return null;
  },
});
const { call, value, refused, place, funded, currentDraw, drawRow, settled } = lottery;

beforeAll(async () => {
  await insertCredentialIfAbsent(lottery.testApp.db.db, sha256Hex(SECOND_OPERATOR), 'Cashier Ana');
});

const drawPath = (template: string, gameCode: string, numero: string) =>
  lotteryGamePath(operatorPath(template, 'PALARO'), gameCode, numero);
const asOperator = (token: string) => ({ authorization: `Bearer ${token}` });
const enter = (gameCode: string, numero: string, result: string, token = TEST_OPERATOR_TOKEN) =>
  call<TOperatorDraw>(
    null,
    'POST',
    drawPath(LOTTERY_API_PATHS.operatorEnterResult, gameCode, numero),
    { result },
    asOperator(token),
  );
const confirm = (gameCode: string, numero: string, result: string, token = SECOND_OPERATOR) =>
  call<TOperatorDraw>(
    null,
    'POST',
    drawPath(LOTTERY_API_PATHS.operatorConfirmResult, gameCode, numero),
    { result },
    asOperator(token),
  );
const voidIt = (gameCode: string, numero: string, reason: string) =>
  call<TOperatorDraw>(
    null,
    'POST',
    drawPath(LOTTERY_API_PATHS.operatorVoid, gameCode, numero),
    { reason },
    asOperator(TEST_OPERATOR_TOKEN),
  );

const setSource = (gameCode: string, change: TResultSourceChange) =>
  call<TOperatorGameSource>(
    null,
    'POST',
    lotteryGamePath(operatorPath(LOTTERY_API_PATHS.operatorSource, 'PALARO'), gameCode),
    change,
    asOperator(TEST_OPERATOR_TOKEN),
  );
const detailOf = async (gameCode: string) =>
  value(await call<TLotteryGameDetail>(null, 'GET', lotteryGamePath(LOTTERY_API_PATHS.game, gameCode)));
const jackpotShown = async (gameCode: string) =>
  (await detailOf(gameCode)).betTypes.find((type) => type.code === 'P642_PICK6')!.tiers![0]!.jackpot;

async function gameRow(gameCode: string) {
  const [game] = await lottery.testApp.db.db
    .select()
    .from(lotteryGames)
    .where(and(eq(lotteryGames.merchantId, DEMO_MERCHANT_ID), eq(lotteryGames.gameCode, gameCode)));
  return game!;
}
async function drawsOf(gameCode: string) {
  return lottery.testApp.db.db
    .select()
    .from(lotteryDraws)
    .where(eq(lotteryDraws.gameId, (await gameRow(gameCode)).id));
}
const slip = (gameCode: string, numero: string, bets: TPlaceBetsRequest['bets']): TPlaceBetsRequest => ({
  gameCode,
  numero,
  prizeGroup: PRIZE_GROUP_DEFAULT,
  bets,
});

describe('traditional games: official schedules, two operators, abnormal draws, voids, the feed', () => {
  it('lists the four traditional games in the Lott menu, each with one draw open on its official schedule', async () => {
    await scheduleDraws(lottery.deps);
    await scheduleDraws(lottery.deps);
    const menu = value(
      await call<TLotteryMenu>(null, 'GET', `${LOTTERY_API_PATHS.menu}?prizeMode=Lott&device=MOBILE&language=EN`),
    );
    const games = menu.groups.flatMap((group) => group.games);
    expect(games.map((game) => game.gameCode)).toEqual(['VN_NORTH', 'VN_SOUTH', 'PCSO_642', 'PCSO_3D']);
    expect(games.find((game) => game.gameCode === 'PCSO_3D')).toMatchObject({
      prizeMode: 'Lott',
      resultSource: 'operator',
      numero: '20310304-0001',
      isSale: true,
      family: 'P3D',
      schedule: { timeZone: 'Asia/Manila', times: ['14:00', '17:00', '21:00'], weekdays: [] },
    });
    // 18:15 in Hà Nội is 11:15 UTC; 6/42's next draw is tonight (a Tuesday) at 9 PM Manila.
    expect(games.find((game) => game.gameCode === 'VN_NORTH')).toMatchObject({
      numero: '20310304-0001',
      winningTime: Date.parse('2031-03-04T11:15:00Z'),
    });
    expect(games.find((game) => game.gameCode === 'PCSO_642')).toMatchObject({
      numero: '20310304-0001',
      winningTime: Date.parse('2031-03-04T13:00:00Z'),
    });
    for (const code of ['VN_NORTH', 'VN_SOUTH', 'PCSO_642', 'PCSO_3D'])
      expect(await drawsOf(code), code).toHaveLength(1);
    const draw = await currentDraw('PCSO_3D');
    expect(draw).toMatchObject({
      state: 'open',
      seedHash: null,
      isSale: true,
      locksAt: Date.parse('2031-03-04T05:45:00Z'),
      abnormal: null,
    });
    expect(menu.groups.map((group) => group.gameGroupCode)).toEqual(['VN', 'PCSO']);
  });

  it('a first entry settles nothing; the same operator cannot confirm; a mismatch disputes the draw; two operators agreeing settle it', async () => {
    const winner = await funded(50_000n);
    const loser = await funded(50_000n);
    value(
      await place(
        winner.client,
        slip('PCSO_3D', '20310304-0001', [
          { betType: 'P3D_STRAIGHT', picks: [[4], [0], [7]], unitStake: 1000, multiplier: 1 },
          { betType: 'P3D_RAMBOLITO6', picks: [[7], [4], [0]], unitStake: 1000, multiplier: 2 },
        ]),
      ),
    );
    value(
      await place(
        loser.client,
        slip('PCSO_3D', '20310304-0001', [
          { betType: 'P3D_STRAIGHT', picks: [[1], [2], [3]], unitStake: 1000, multiplier: 1 },
        ]),
      ),
    );
    refused(
      await place(
        loser.client,
        slip('PCSO_3D', '20310304-0001', [
          { betType: 'P3D_RAMBOLITO3', picks: [[1], [2], [3]], unitStake: 1000, multiplier: 1 },
        ]),
      ),
      400,
      LOTTERY_ERROR_CODES.selectionInvalid,
    );

    clock = Date.parse('2031-03-04T05:45:00Z');
    refused(
      await place(
        loser.client,
        slip('PCSO_3D', '20310304-0001', [
          { betType: 'P3D_STRAIGHT', picks: [[1], [2], [3]], unitStake: 1000, multiplier: 1 },
        ]),
      ),
      409,
      LOTTERY_ERROR_CODES.drawClosed,
    );
    const row = await drawRow('PCSO_3D', '20310304-0001');
    await lockDraw(lottery.deps, row.id);
    refused(await enter('PCSO_3D', '20310304-0001', '407'), 409, LOTTERY_ERROR_CODES.resultNotDue);

    clock = Date.parse('2031-03-04T06:05:00Z');
    await drawDraw(lottery.deps, row.id); // the RNG never draws a traditional draw
    expect((await drawRow('PCSO_3D', '20310304-0001')).state).toBe('locked');
    refused(await enter('PCSO_3D', '20310304-0001', '4,0'), 400, LOTTERY_ERROR_CODES.resultInvalid);
    refused(await enter('SSC_1M', '20310304-0001', '407'), 404, LOTTERY_ERROR_CODES.drawUnknown);
    const first = value(await enter('PCSO_3D', '20310304-0001', '4 0 7'));
    expect(first).toMatchObject({
      state: 'locked',
      winningNumber: '',
      pendingEntry: { winningNumber: '4,0,7' },
      tickets: 3,
      stake: 4000,
      pendingStake: 4000,
    });
    refused(
      await confirm('PCSO_3D', '20310304-0001', '407', TEST_OPERATOR_TOKEN),
      409,
      LOTTERY_ERROR_CODES.resultSameOperator,
    );
    refused(
      await enter('PCSO_3D', '20310304-0001', '408', SECOND_OPERATOR),
      409,
      LOTTERY_ERROR_CODES.resultAlreadyEntered,
    );
    expect((await drawRow('PCSO_3D', '20310304-0001')).state).toBe('locked');

    const heard: BroadcastMessage[] = [];
    const stopListening = await lottery.testApp.db.listen(BROADCAST_CHANNEL, (payload) =>
      heard.push(JSON.parse(payload) as BroadcastMessage),
    );
    const disputed = value(await confirm('PCSO_3D', '20310304-0001', '408'));
    expect(disputed).toMatchObject({ state: 'abnormal', abnormal: { reason: 'disputed' }, pendingEntry: null });
    await expect
      .poll(() => heard.find((message) => (message.data as { draw: TLotteryDraw }).draw.state === 'abnormal'))
      .toMatchObject({
        event: 'lottery',
        data: {
          type: 'draw',
          draw: { gameCode: 'PCSO_3D', numero: '20310304-0001', isSale: false, abnormal: { reason: 'disputed' } },
        },
      });
    await stopListening();
    expect(await currentDraw('PCSO_3D')).toMatchObject({
      numero: '20310304-0001',
      state: 'abnormal',
      isSale: false,
      abnormal: { reason: 'disputed' },
    });
    await scheduleDraws(lottery.deps);
    expect(await drawsOf('PCSO_3D')).toHaveLength(1); // no next draw while this one has no result

    value(await enter('PCSO_3D', '20310304-0001', '407', SECOND_OPERATOR));
    const drawn = value(await confirm('PCSO_3D', '20310304-0001', '4,0,7', TEST_OPERATOR_TOKEN));
    expect(drawn).toMatchObject({
      state: 'drawn',
      resultSource: 'operator',
      winningNumber: '4,0,7',
      confirmedBy: expect.stringMatching(/^operator:/),
    });
    await settled(row.id);
    // Straight ₱10 × 975 = ₱9,750; rambolito 6 ₱20 × 162.5 = ₱3,250.
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, winner.memberId)).toBe(
      50_000n - 3000n + 975_000n + 325_000n,
    );
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, loser.memberId)).toBe(50_000n - 1000n);
    expect((await drawRow('PCSO_3D', '20310304-0001')).state).toBe('settled');

    const proof = value(
      await call<TLotteryVerification>(
        null,
        'GET',
        lotteryGamePath(LOTTERY_API_PATHS.verify, 'PCSO_3D', '20310304-0001'),
      ),
    );
    expect(proof).toMatchObject({
      kind: 'official',
      source: 'operator',
      result: [4, 0, 7],
      winningNumber: '4,0,7',
      ticketCount: 3,
      confirmedAt: clock,
    });
    if (proof.kind !== 'official') throw new Error('not official');
    // Operators by their public label: nothing derived from a token (its hash's prefix) on a public page.
    expect(proof).toMatchObject({ enteredBy: 'Cashier Ana', confirmedBy: expect.stringMatching(/^Operator \d+$/) });
    expect(JSON.stringify(proof)).not.toMatch(/operator:|"[0-9a-f]{12}/);
    const actions = (
      await lottery.testApp.db.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.action, ['lottery.result.enter', 'lottery.result.confirm', 'lottery.result.dispute']))
        .orderBy(asc(auditLog.id))
    ).map((entry) => entry.action);
    expect(actions).toEqual([
      'lottery.result.enter',
      'lottery.result.dispute',
      'lottery.result.enter',
      'lottery.result.confirm',
    ]);

    await scheduleDraws(lottery.deps);
    expect(await currentDraw('PCSO_3D')).toMatchObject({
      numero: '20310304-0002',
      state: 'open',
      isSale: true,
      drawsAt: Date.parse('2031-03-04T09:00:00Z'),
    });
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('Swertres’ 9 PM draw closes sales at 8:00 PM, as PCSO does (the 2 and 5 PM draws 15 minutes before)', async () => {
    const member = await funded(10_000n);
    clock = Date.parse('2031-03-04T09:01:00Z');
    const row = await drawRow('PCSO_3D', '20310304-0002');
    expect(row.locksAt.toISOString()).toBe('2031-03-04T08:45:00.000Z');
    await lockDraw(lottery.deps, row.id);
    value(await enter('PCSO_3D', '20310304-0002', '123'));
    value(await confirm('PCSO_3D', '20310304-0002', '123'));
    await settled(row.id);
    await scheduleDraws(lottery.deps);
    expect(await currentDraw('PCSO_3D')).toMatchObject({
      numero: '20310304-0003',
      locksAt: Date.parse('2031-03-04T12:00:00Z'),
      drawsAt: Date.parse('2031-03-04T13:00:00Z'),
    });
    const menu = value(await call<TLotteryMenu>(null, 'GET', `${LOTTERY_API_PATHS.menu}?prizeMode=Lott`));
    expect(menu.groups.flatMap((group) => group.games).find((game) => game.gameCode === 'PCSO_3D')).toMatchObject({
      lockTime: 3600,
      isSale: true,
    });
    const bet = [{ betType: 'P3D_STRAIGHT', picks: [[1], [2], [3]], unitStake: 1000, multiplier: 1 }];
    clock = Date.parse('2031-03-04T11:59:00Z'); // 7:59 PM in Manila
    value(await place(member.client, slip('PCSO_3D', '20310304-0003', bet)));
    clock = Date.parse('2031-03-04T12:00:00Z'); // 8:00 PM: sales closed, an hour before the draw
    refused(await place(member.client, slip('PCSO_3D', '20310304-0003', bet)), 409, LOTTERY_ERROR_CODES.drawClosed);
    expect(await currentDraw('PCSO_3D')).toMatchObject({ isSale: false });
  });

  it('a result late beyond the grace period makes the draw abnormal until a void refunds every stake; then the next draw opens', async () => {
    const member = await funded(20_000n);
    clock = Date.parse('2031-03-04T10:00:00Z'); // before the northern draw's lock (11:00 UTC)
    value(
      await place(
        member.client,
        slip('VN_NORTH', '20310304-0001', [
          { betType: 'VNN_DE', picks: [[45, 46]], unitStake: 500, multiplier: 1 },
          { betType: 'VNN_XIEN2', picks: [[11, 22, 33]], unitStake: 100, multiplier: 2 },
        ]),
      ),
    );
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, member.memberId)).toBe(20_000n - 1000n - 600n);
    const row = await drawRow('VN_NORTH', '20310304-0001');
    clock = Date.parse('2031-03-04T11:30:00Z'); // 15 minutes after the draw: within the hour's grace
    await expect(resultDue(lottery.deps, row.id)).rejects.toThrow(/due at/);
    refused(await voidIt('VN_NORTH', '20310304-0001', 'no'), 400, 'request.invalid');

    clock = Date.parse('2031-03-04T12:16:00Z');
    await resultDue(lottery.deps, row.id);
    expect(await currentDraw('VN_NORTH')).toMatchObject({
      state: 'abnormal',
      abnormal: { reason: 'late', since: clock },
      isSale: false,
    });
    const monitor = value(
      await call<TLotteryMonitor>(
        null,
        'GET',
        operatorPath(LOTTERY_API_PATHS.operatorMonitor, 'PALARO'),
        undefined,
        asOperator(TEST_OPERATOR_TOKEN),
      ),
    );
    expect(monitor.draws.find((draw) => draw.gameCode === 'VN_NORTH')).toMatchObject({
      state: 'abnormal',
      late: true,
      tickets: 2,
      stake: 1600,
      pendingStake: 1600,
    });
    expect((await call(null, 'GET', operatorPath(LOTTERY_API_PATHS.operatorMonitor, 'PALARO'))).statusCode).toBe(401);
    await scheduleDraws(lottery.deps);
    expect(await drawsOf('VN_NORTH')).toHaveLength(1);

    const voided = value(await voidIt('VN_NORTH', '20310304-0001', 'official result not published'));
    expect(voided).toMatchObject({
      state: 'cancelled',
      cancelReason: 'official result not published',
      pendingTickets: 2,
    });
    refused(await voidIt('VN_NORTH', '20310304-0001', 'again'), 409, LOTTERY_ERROR_CODES.voidRefused);
    await settled(row.id);
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, member.memberId)).toBe(20_000n);
    const bets = await lottery.testApp.db.db.select().from(lotteryBets).where(eq(lotteryBets.drawId, row.id));
    expect(bets.map((bet) => bet.state)).toEqual(['refunded', 'refunded']);
    // The member's two stakes back in one payment.
    expect((await lotteryPayments(lottery.testApp.db.db, 'bet_refund', bets)).map((refund) => refund.amount)).toEqual([
      1600n,
    ]);
    expect(
      (await lottery.testApp.db.db.select().from(auditLog).where(eq(auditLog.action, 'lottery.draw.void')))[0]!.details,
    ).toMatchObject({ abnormalReason: 'late', reason: 'official result not published' });

    await scheduleDraws(lottery.deps);
    // 18:15 of 4 March has passed: the next northern draw is the 5th's.
    expect(await currentDraw('VN_NORTH')).toMatchObject({ numero: '20310305-0001', state: 'open', isSale: true });
    const list = value(
      await call<TOperatorDraws>(
        null,
        'GET',
        `${lotteryGamePath(operatorPath(LOTTERY_API_PATHS.operatorDraws, 'PALARO'), 'VN_NORTH')}?limit=5`,
        undefined,
        asOperator(SECOND_OPERATOR),
      ),
    );
    expect(list.draws.map((draw) => [draw.numero, draw.state])).toEqual([
      ['20310305-0001', 'open'],
      ['20310304-0001', 'cancelled'],
    ]);
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('reads a feed game’s result from a real HTTP feed: pending is asked again, a malformed answer ignored, no_draw makes it missing', async () => {
    const answers: unknown[] = [];
    const asked: string[] = [];
    const authorizations: (string | undefined)[] = [];
    const server: Server = createServer((request, response) => {
      asked.push(request.url ?? '');
      authorizations.push(request.headers.authorization);
      const answer = answers.shift() ?? { status: 'pending' };
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => server.listen(FEED_PORT, '127.0.0.1', resolve));
    try {
      const game = await gameRow('PCSO_642');
      clock = Date.parse('2031-03-04T11:50:00Z'); // 6/42 sells until 8 PM Manila (12:00 UTC)
      refused(
        await setSource('PCSO_642', { source: 'feed', feedUrl: 'ftp://127.0.0.1/results' }),
        400,
        'request.invalid',
      );
      refused(await setSource('PCSO_642', { source: 'feed' }), 400, 'request.invalid');
      refused(
        await setSource('PCSO_642', { source: 'operator', feedUrl: 'https://example.com' }),
        400,
        'request.invalid',
      );
      refused(
        await setSource('SSC_1M', { source: 'feed', feedUrl: 'https://example.com/feed' }),
        409,
        LOTTERY_ERROR_CODES.resultNotOfficial,
      );
      // The feed's user name, password and token are used to call it and shown nowhere.
      const shown = `http://***:***@127.0.0.1:${FEED_PORT}/pcso/results?token=***`;
      expect(
        value(
          await setSource('PCSO_642', {
            source: 'feed',
            feedUrl: `http://pcso:s3cret@127.0.0.1:${FEED_PORT}/pcso/results?token=t0ken`,
            graceMinutes: 90,
          }),
        ),
      ).toEqual({
        gameCode: 'PCSO_642',
        family: 'P642',
        resultSource: 'feed',
        feedUrl: shown,
        resultGraceSeconds: 5400,
      });
      expect((await gameRow('PCSO_642')).feedUrl).toBe(
        `http://pcso:s3cret@127.0.0.1:${FEED_PORT}/pcso/results?token=t0ken`,
      );
      const monitor = value(
        await call<TLotteryMonitor>(
          null,
          'GET',
          `${operatorPath(LOTTERY_API_PATHS.operatorMonitor, 'PALARO')}?gameCode=PCSO_642`,
          undefined,
          asOperator(TEST_OPERATOR_TOKEN),
        ),
      );
      expect(monitor.sources).toEqual([
        { gameCode: 'PCSO_642', family: 'P642', resultSource: 'feed', feedUrl: shown, resultGraceSeconds: 5400 },
      ]);
      expect(await currentDraw('PCSO_642')).toMatchObject({ numero: '20310304-0001' });
      const menu = value(await call<TLotteryMenu>(null, 'GET', `${LOTTERY_API_PATHS.menu}?prizeMode=Lott`));
      expect(menu.groups.flatMap((group) => group.games).find((each) => each.gameCode === 'PCSO_642')).toMatchObject({
        resultSource: 'feed',
      });
      const [audit] = await lottery.testApp.db.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'lottery.source.set'));
      expect(audit!.details).toEqual({
        gameCode: 'PCSO_642',
        from: 'operator',
        to: 'feed',
        feedUrl: shown,
        resultGraceSeconds: 5400,
      });
      expect(JSON.stringify(audit)).not.toContain('s3cret');
      expect(game.resultSource).toBe('operator');
      const member = await funded(20_000n);
      value(
        await place(
          member.client,
          slip('PCSO_642', '20310304-0001', [
            { betType: 'P642_PICK6', picks: [[4, 12, 19, 27, 33, 41, 42]], unitStake: 2000, multiplier: 1 },
          ]),
        ),
      );
      const row = await drawRow('PCSO_642', '20310304-0001');
      clock = Date.parse('2031-03-04T13:00:30Z');
      await lockDraw(lottery.deps, row.id);

      enqueued.length = 0;
      await pollFeed(lottery.deps, row.id, 1);
      expect(asked[0]).toBe(
        '/pcso/results?token=t0ken&gameCode=PCSO_642&numero=20310304-0001&drawsAt=2031-03-04T13%3A00%3A00.000Z',
      );
      expect(authorizations[0]).toBe(`Basic ${Buffer.from('pcso:s3cret').toString('base64')}`);
      expect(enqueued).toEqual([
        { name: 'lottery.feed', payload: { drawId: row.id, poll: 2 }, runAt: new Date(clock + 60_000) },
      ]);

      answers.push({ status: 'drawn', numero: '20310304-0001', result: '4,12,19,27,33,43' }, 'not json', {
        status: 'drawn',
        numero: '20310306-0001',
        result: '1,2,3,4,5,6',
      });
      for (let poll = 2; poll <= 4; poll += 1) await pollFeed(lottery.deps, row.id, poll);
      expect((await drawRow('PCSO_642', '20310304-0001')).state).toBe('locked');

      answers.push({ status: 'drawn', numero: '20310304-0001', result: '41-33-27-19-12-04' });
      await pollFeed(lottery.deps, row.id, 5);
      // The pool starts at PCSO's ₱5,940,000 and takes 35 % of the draw's ₱140: ₱49.
      expect(await drawRow('PCSO_642', '20310304-0001')).toMatchObject({
        state: 'drawn',
        resultSource: 'feed',
        result: [41, 33, 27, 19, 12, 4],
        resultBy: shown,
      });
      expect(drawJackpotOf((await drawRow('PCSO_642', '20310304-0001')).jackpot)).toEqual({
        pool: 594_004_900n,
        contribution: 4900n,
        units: 2000n,
        trialUnits: 0n,
      });
      await settled(row.id);
      // Seven tickets of ₱20: the jackpot ticket takes the whole pool, the six others are 5 of 6 (₱24,000 each).
      expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, member.memberId)).toBe(
        20_000n - 14_000n + 594_004_900n + 6n * 2_400_000n,
      );
      const [pool] = await lottery.testApp.db.db
        .select()
        .from(lotteryJackpots)
        .where(eq(lotteryJackpots.gameId, game.id));
      expect(pool).toMatchObject({
        pool: BigInt(P642_JACKPOT_MINIMUM),
        minimum: BigInt(P642_JACKPOT_MINIMUM),
        shareBasisPoints: 3500,
      });
      const proof = value(
        await call<TLotteryVerification>(
          null,
          'GET',
          lotteryGamePath(LOTTERY_API_PATHS.verify, 'PCSO_642', '20310304-0001'),
        ),
      );
      expect(proof).toMatchObject({ kind: 'official', source: 'feed', enteredBy: shown, confirmedBy: null });

      await scheduleDraws(lottery.deps);
      const next = await currentDraw('PCSO_642');
      expect(next).toMatchObject({ numero: '20310306-0001', state: 'open' });
      const nextRow = await drawRow('PCSO_642', '20310306-0001');
      clock = Date.parse('2031-03-06T13:01:00Z');
      answers.push({ status: 'no_draw', numero: '20310306-0001' });
      await pollFeed(lottery.deps, nextRow.id, 1);
      expect(await currentDraw('PCSO_642')).toMatchObject({
        numero: '20310306-0001',
        state: 'abnormal',
        abnormal: { reason: 'missing' },
      });
      expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('6/42 pays PCSO’s tiers: the jackpot pool shared by stake (play money apart), ₱24,000 and ₱20 per ₱20 for 5 and 3 of 6; the pool grows without a winner', async () => {
    // The game goes back to operators' entries; the draw the feed said was not held is voided.
    expect(value(await setSource('PCSO_642', { source: 'operator', graceMinutes: 60 }))).toMatchObject({
      resultSource: 'operator',
      feedUrl: null,
      resultGraceSeconds: 3600,
    });
    value(await voidIt('PCSO_642', '20310306-0001', 'no official draw held'));
    await scheduleDraws(lottery.deps);
    expect(await currentDraw('PCSO_642')).toMatchObject({ numero: '20310308-0001', state: 'open' });
    const detail = await detailOf('PCSO_642');
    expect(detail.game.resultSource).toBe('operator');
    expect(detail.betTypes).toEqual([
      expect.objectContaining({
        code: 'P642_PICK6',
        odds: [],
        tiers: [
          { matches: 6, odds: null, jackpot: P642_JACKPOT_MINIMUM },
          { matches: 5, odds: 12_000_000, jackpot: null },
          { matches: 4, odds: 400_000, jackpot: null },
          { matches: 3, odds: 10_000, jackpot: null },
        ],
      }),
    ]);

    clock = Date.parse('2031-03-08T11:00:00Z');
    const six = [4, 12, 19, 27, 33, 41];
    const pick = (picks: number[], multiplier = 1) => ({
      betType: 'P642_PICK6',
      picks: [picks],
      unitStake: 2000,
      multiplier,
    });
    const [first, triple, fixed, loser] = await Promise.all([
      funded(10_000n),
      funded(10_000n),
      funded(10_000n),
      funded(20_000n),
    ]);
    value(await place(first.client, slip('PCSO_642', '20310308-0001', [pick(six)])));
    value(await place(triple.client, slip('PCSO_642', '20310308-0001', [pick(six, 3)])));
    value(
      await place(
        fixed.client,
        slip('PCSO_642', '20310308-0001', [pick([4, 12, 19, 27, 33, 40]), pick([4, 12, 19, 1, 2, 3])]),
      ),
    );
    value(await place(loser.client, slip('PCSO_642', '20310308-0001', [pick([1, 2, 3, 5, 6, 7])])));
    const trial = new AccountsClient(lottery.testApp.app, '198.51.100.92');
    expect((await trial.request('POST', API_PATHS.trial)).statusCode).toBe(200);
    value(await place(trial, slip('PCSO_642', '20310308-0001', [pick(six)])));

    clock = Date.parse('2031-03-08T13:05:00Z');
    const row = await drawRow('PCSO_642', '20310308-0001');
    value(await enter('PCSO_642', '20310308-0001', '41-04-27-12-33-19'));
    value(await confirm('PCSO_642', '20310308-0001', '4,12,19,27,33,41'));
    // Real money staked ₱140 (the trial's ₱20 is play money): 35 % is ₱49 more in the pool.
    expect(drawJackpotOf((await drawRow('PCSO_642', '20310308-0001')).jackpot)).toEqual({
      pool: 594_004_900n,
      contribution: 4900n,
      units: 8000n,
      trialUnits: 2000n,
    });
    await settled(row.id);
    const balance = (memberId: number) => memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId);
    // A quarter and three quarters of ₱5,940,049.
    expect(await balance(first.memberId)).toBe(8000n + 148_501_225n);
    expect(await balance(triple.memberId)).toBe(4000n + 445_503_675n);
    expect(await balance(fixed.memberId)).toBe(6000n + 2_400_000n + 2000n);
    expect(await balance(loser.memberId)).toBe(18_000n);
    const bets = await lottery.testApp.db.db
      .select()
      .from(lotteryBets)
      .where(eq(lotteryBets.drawId, row.id))
      .orderBy(asc(lotteryBets.id));
    // The play-money winner shares the same pool with play money only: all of it, in play money.
    expect(bets.map((bet) => [bet.trial, bet.state, bet.winAmount])).toEqual([
      [false, 'won', 148_501_225n],
      [false, 'won', 445_503_675n],
      [false, 'won', 2_400_000n],
      [false, 'won', 2000n],
      [false, 'lost', 0n],
      [true, 'won', 594_004_900n],
    ]);
    await scheduleDraws(lottery.deps);
    expect(await jackpotShown('PCSO_642')).toBe(P642_JACKPOT_MINIMUM);

    // No winner on the 11th: the pool keeps 35 % of its ₱100.
    expect(await currentDraw('PCSO_642')).toMatchObject({ numero: '20310311-0001' });
    value(await place(loser.client, slip('PCSO_642', '20310311-0001', [pick([1, 2, 3, 5, 6, 7], 5)])));
    clock = Date.parse('2031-03-11T13:05:00Z');
    value(await enter('PCSO_642', '20310311-0001', '4,12,19,27,33,41'));
    value(await confirm('PCSO_642', '20310311-0001', '4,12,19,27,33,41'));
    await settled((await drawRow('PCSO_642', '20310311-0001')).id);
    await scheduleDraws(lottery.deps);
    expect(await jackpotShown('PCSO_642')).toBe(P642_JACKPOT_MINIMUM + 3500);
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('the operator sets a jackpot’s minimum and share: a minimum above the pool raises it, the share grows the next draw’s pool; audited', async () => {
    const settingsPath = lotteryGamePath(operatorPath(LOTTERY_API_PATHS.operatorGameSettings, 'PALARO'), 'PCSO_642');
    const change = (body: unknown, gameCode = 'PCSO_642') =>
      call<TOperatorGameSettings>(
        null,
        'POST',
        lotteryGamePath(operatorPath(LOTTERY_API_PATHS.operatorChangeGameSettings, 'PALARO'), gameCode),
        body,
        asOperator(TEST_OPERATOR_TOKEN),
      );
    const before = value(
      await call<TOperatorGameSettings>(null, 'GET', settingsPath, undefined, asOperator(TEST_OPERATOR_TOKEN)),
    );
    expect(before.jackpot).toEqual({
      pool: P642_JACKPOT_MINIMUM + 3500,
      minimum: P642_JACKPOT_MINIMUM,
      shareBasisPoints: 3500,
    });

    const raised = P642_JACKPOT_MINIMUM + 100_000_000;
    expect(value(await change({ jackpotMinimum: raised, jackpotShareBasisPoints: 4000 })).jackpot).toEqual({
      pool: raised,
      minimum: raised,
      shareBasisPoints: 4000,
    });
    expect(await jackpotShown('PCSO_642')).toBe(raised);
    // A lower minimum leaves the pool as it is.
    expect(value(await change({ jackpotMinimum: P642_JACKPOT_MINIMUM })).jackpot).toEqual({
      pool: raised,
      minimum: P642_JACKPOT_MINIMUM,
      shareBasisPoints: 4000,
    });

    // Refused, nothing changed: a jackpot setting on a game without one, a share over 100 %, nothing to change, no token.
    refused(await change({ jackpotShareBasisPoints: 1000 }, 'PCSO_3D'), 400, LOTTERY_ERROR_CODES.settingsInvalid);
    refused(await change({ jackpotShareBasisPoints: 10_001 }), 400, 'request.invalid');
    refused(await change({}), 400, 'request.invalid');
    refused(await change({ pool: 1 }), 400, 'request.invalid');
    refused(await change({ hot: true }, 'NO_SUCH_GAME'), 404, LOTTERY_ERROR_CODES.gameUnknown);
    expect(
      (
        await call(
          null,
          'POST',
          lotteryGamePath(operatorPath(LOTTERY_API_PATHS.operatorChangeGameSettings, 'PALARO'), 'PCSO_642'),
          { hot: true },
        )
      ).statusCode,
    ).toBe(401);
    expect(
      value(await call<TOperatorGameSettings>(null, 'GET', settingsPath, undefined, asOperator(TEST_OPERATOR_TOKEN)))
        .jackpot,
    ).toEqual({ pool: raised, minimum: P642_JACKPOT_MINIMUM, shareBasisPoints: 4000 });

    // No winner: 40 % of the next draw's ₱100 joins the pool.
    const { client } = await funded(20_000n);
    const draw = await currentDraw('PCSO_642');
    value(
      await place(
        client,
        slip('PCSO_642', draw.numero, [
          { betType: 'P642_PICK6', picks: [[1, 2, 3, 5, 6, 7]], unitStake: 2000, multiplier: 5 },
        ]),
      ),
    );
    clock = draw.drawsAt + 5 * 60_000;
    value(await enter('PCSO_642', draw.numero, '4,12,19,27,33,41'));
    value(await confirm('PCSO_642', draw.numero, '4,12,19,27,33,41'));
    await settled((await drawRow('PCSO_642', draw.numero)).id);
    await scheduleDraws(lottery.deps);
    expect(await jackpotShown('PCSO_642')).toBe(raised + 4000);

    const audit = await lottery.testApp.db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'lottery.game.settings'))
      .orderBy(asc(auditLog.id));
    expect(audit).toHaveLength(2);
    expect(audit[0]!.details).toMatchObject({
      gameCode: 'PCSO_642',
      before: { jackpot: { minimum: P642_JACKPOT_MINIMUM } },
      after: { jackpot: { minimum: raised } },
    });
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('a jackpot pool past 2^53 centavos is kept, shared and paid to the centavo (bigint end to end, the draw keeps it as text)', async () => {
    // ₱90 trillion and a centavo: no JSON number holds it exactly.
    const beyond = 2n ** 53n + 1n;
    const game = await gameRow('PCSO_642');
    await lottery.testApp.db.db
      .update(lotteryJackpots)
      .set({ pool: beyond })
      .where(eq(lotteryJackpots.gameId, game.id));
    const { client, memberId } = await funded(20_000n);
    const draw = await currentDraw('PCSO_642');
    const ticket = { betType: 'P642_PICK6', picks: [[4, 12, 19, 27, 33, 41]], unitStake: 2000, multiplier: 1 };
    value(await place(client, slip('PCSO_642', draw.numero, [ticket])));
    clock = draw.drawsAt + 5 * 60_000;
    value(await enter('PCSO_642', draw.numero, '4,12,19,27,33,41'));
    value(await confirm('PCSO_642', draw.numero, '4,12,19,27,33,41'));
    const row = await drawRow('PCSO_642', draw.numero);
    // The share the operator set, 40 % of the ₱20 ticket, joins the pool: 800 centavos.
    const pool = beyond + 800n;
    expect(row.jackpot).toEqual({ pool: '9007199254741793', contribution: '800', units: '2000', trialUnits: '0' });
    expect(drawJackpotOf(row.jackpot)).toEqual({ pool, contribution: 800n, units: 2000n, trialUnits: 0n });
    // A draw fixed before the lottery's money was bigint kept numbers: read alike.
    expect(drawJackpotOf({ pool: 594_004_900, contribution: 4900, units: 2000, trialUnits: 0 })).toEqual({
      pool: 594_004_900n,
      contribution: 4900n,
      units: 2000n,
      trialUnits: 0n,
    });
    await settled(row.id);
    const [bet] = await lottery.testApp.db.db.select().from(lotteryBets).where(eq(lotteryBets.drawId, row.id));
    expect(bet).toMatchObject({ state: 'won', winAmount: pool });
    expect((await lotteryPayments(lottery.testApp.db.db, 'win', [bet!])).map((win) => win.amount)).toEqual([pool]);
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(20_000n - 2000n + pool);
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
    // Real money won it: the next draw is played for the minimum again, which the wire carries.
    await scheduleDraws(lottery.deps);
    expect(await jackpotShown('PCSO_642')).toBe(P642_JACKPOT_MINIMUM);
  });
});
