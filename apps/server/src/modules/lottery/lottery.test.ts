import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_HEADER,
  LOTTERY_API_PATHS,
  LOTTERY_ERROR_CODES,
  PRIZE_GROUP_DEFAULT,
  SIDE,
  deriveDrawResult,
  hashDrawSeed,
  lotteryGamePath,
  settleBet,
  betTypeRule,
  type TDrawVerification,
  type TLotteryDraw,
  type TLotteryGameDetail,
  type TLotteryMenu,
  type TPlaceBetsRequest,
  type TWinnerBoard,
  type TMyLotteryBets,
  type TLotteryLaunch,
} from '@palaro/contract';
import type { Db } from '../../platform/db/database';
import { memberBalance } from '../wallet/ledger';
import { creditMember, DEMO_MERCHANT_ID, newKey, registeredMember } from '../wallet/testing';
import { verifyLedger } from '../wallet/verify';
import { BROADCAST_CHANNEL, type BroadcastMessage } from '../../platform/broadcast';
import { drawDraw, lockDraw, scheduleDraws, voidDraw, type LotteryDeps } from './draws';
import { settleDraw } from './settlement';
import { lotteryBets, lotteryDraws, lotteryGames } from './schema';
import { lotteryPayments, lotteryTestApp } from './testing';

/**
 * The lottery through real HTTP and the real ledger, on a clock of its own (the scheduler's
 * real-time ticks never reach these draws): a slip placed and refused, the lock, the draw, the
 * settlement — twice at once, and after a crash half-way — the verify endpoint and the winner board.
 */

const GAME = 'SSC_1M';
let clock = Date.parse('2031-03-04T05:06:05Z');
const lottery = lotteryTestApp(() => new Date(clock));
const { call, value, place, currentDraw, drawRow } = lottery;

const slip = (
  numero: string,
  bets: TPlaceBetsRequest['bets'],
  prizeGroup = PRIZE_GROUP_DEFAULT,
): TPlaceBetsRequest => ({ gameCode: GAME, numero, prizeGroup, bets });

/** Every ball's ten digits: exactly one of the ten combinations wins at 9.75×. */
const sureFixedPlace = {
  betType: 'SSC_FIXED_PLACE',
  picks: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []],
  unitStake: 100,
  multiplier: 1,
};

describe('lottery: menu, bets, lock, draw, settlement, verification', () => {
  it('schedules the seeded games and answers the menu with each game’s current draw', async () => {
    await scheduleDraws(lottery.deps);
    const menu = value(
      await call<TLotteryMenu>(null, 'GET', `${LOTTERY_API_PATHS.menu}?prizeMode=Elott&device=MOBILE&language=EN`),
    );
    const games = menu.groups.flatMap((group) => group.games);
    expect(games.map((game) => game.gameCode)).toEqual(
      expect.arrayContaining(['SSC_1M', 'K3_3M', 'PK10_5M', 'X11X5_1M', 'VNE_5M']),
    );
    const ssc = games.find((game) => game.gameCode === GAME)!;
    expect(ssc).toMatchObject({
      numero: '20310304-0787',
      isSale: true,
      remainTime: 55_000,
      lockTime: 10,
      remark: '5D Lottery 1 min',
      previousWinningNumber: '',
    });
    expect(menu.hot).toContain(GAME);
    const detail = value(await call<TLotteryGameDetail>(null, 'GET', lotteryGamePath(LOTTERY_API_PATHS.game, GAME)));
    expect(detail.betTypes.find((type) => type.code === 'SSC_BSOE')!.odds).toEqual([{ option: null, odds: 19_500 }]);
    expect(detail.draw.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.draw.serverSeed).toBeNull();
  });

  it('takes a slip of three bets, debits it once (a retry answers the same), and refuses bad slips with clear 4xx', async () => {
    const { client, memberId } = await registeredMember(lottery.testApp.app, lottery.testApp.db);
    await creditMember(lottery.testApp.db, memberId, 100_000n);
    const draw = await currentDraw(GAME);
    const body = slip(draw.numero, [
      sureFixedPlace,
      { betType: 'SSC_BSOE', picks: [[SIDE.BIG], [], [], [], [SIDE.ODD, SIDE.EVEN]], unitStake: 200, multiplier: 2 },
      { betType: 'SSC_STRAIGHT_LAST2', picks: [[1, 2], [3]], unitStake: 100, multiplier: 1 },
    ]);
    const key = newKey();
    const placed = value(await place(client, body, key));
    expect(placed.totalStake).toBe(1000 + 1200 + 200);
    expect(placed.balance).toBe(100_000 - 2400);
    expect(placed.bets.map((bet) => bet.combinations)).toEqual([10, 3, 2]);
    expect(value(await place(client, body, key)).bets.map((bet) => bet.betId)).toEqual(
      placed.bets.map((bet) => bet.betId),
    );
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(97_600n);

    const refused = async (payload: unknown, status: number, code: string) => {
      const answer = await place(client, payload);
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body).toMatchObject({ success: false, errorCode: code });
    };
    await refused({ ...body, gameCode: 'NOPE_1M' }, 404, LOTTERY_ERROR_CODES.gameUnknown);
    await refused(
      slip(draw.numero, [{ ...sureFixedPlace, betType: 'K3_SUM' }]),
      400,
      LOTTERY_ERROR_CODES.betTypeUnknown,
    );
    await refused(
      slip(draw.numero, [{ ...sureFixedPlace, picks: [[10], [], [], [], []] }]),
      400,
      LOTTERY_ERROR_CODES.selectionInvalid,
    );
    await refused(slip(draw.numero, [{ ...sureFixedPlace, picks: [[1]] }]), 400, LOTTERY_ERROR_CODES.selectionInvalid);
    await refused(slip(draw.numero, [{ ...sureFixedPlace, unitStake: 50 }]), 400, LOTTERY_ERROR_CODES.stakeOutOfLimits);
    await refused(
      slip(draw.numero, [{ ...sureFixedPlace, unitStake: 1_000_000 }]),
      400,
      LOTTERY_ERROR_CODES.stakeOutOfLimits,
    );
    await refused(slip(draw.numero, [sureFixedPlace], 1900), 409, LOTTERY_ERROR_CODES.oddsChanged);
    await refused(slip('20310304-0001', [sureFixedPlace]), 409, LOTTERY_ERROR_CODES.drawClosed);
    await refused({ ...body, bets: 'three' }, 400, 'request.invalid');
    await refused({ ...body, bets: [] }, 400, 'request.invalid');
    await refused({ ...body, bets: [{ betType: 'SSC_BSOE', picks: 'big', unitStake: 100 }] }, 400, 'request.invalid');
    await refused(slip(draw.numero, [{ ...sureFixedPlace, unitStake: 1.5 }]), 400, 'request.invalid');
    expect((await place(client, slip(draw.numero, [{ ...sureFixedPlace, unitStake: 10_000 }]))).statusCode).toBe(409); // ₱1,000 > balance
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(97_600n);
    const unauthenticated = await call(null, 'POST', LOTTERY_API_PATHS.placeBets, body, {
      [IDEMPOTENCY_HEADER]: newKey(),
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('refuses a bet after the server’s lock, locks, draws, settles once with two settlers at once, and verifies', async () => {
    const { client, memberId, username } = await registeredMember(lottery.testApp.app, lottery.testApp.db);
    await creditMember(lottery.testApp.db, memberId, 50_000n);
    const draw = await currentDraw(GAME);
    const placed = value(
      await place(
        client,
        slip(draw.numero, [
          sureFixedPlace,
          { betType: 'SSC_SUM_BSOE', picks: [[SIDE.BIG, SIDE.SMALL]], unitStake: 500, multiplier: 1 },
        ]),
      ),
    );

    clock = draw.locksAt; // the client may still show seconds left: the server's lock decides
    const late = await place(client, slip(draw.numero, [sureFixedPlace]));
    expect(late.statusCode).toBe(409);
    expect(late.body).toMatchObject({ errorCode: LOTTERY_ERROR_CODES.drawClosed });

    const heard: BroadcastMessage[] = [];
    const stopListening = await lottery.testApp.db.listen(BROADCAST_CHANNEL, (payload) =>
      heard.push(JSON.parse(payload) as BroadcastMessage),
    );
    await lockDraw(lottery.deps, (await drawRow(GAME, draw.numero)).id);
    const locked = await drawRow(GAME, draw.numero);
    expect(locked.state).toBe('locked');
    // Every open event stream of the merchant hears of it (wallet/routes.ts writes it as an SSE "lottery" event).
    await expect
      .poll(() => heard.find((message) => (message.data as { draw: TLotteryDraw }).draw.numero === draw.numero))
      .toMatchObject({
        merchantId: DEMO_MERCHANT_ID,
        event: 'lottery',
        data: { type: 'draw', draw: { state: 'locked', isSale: false, serverSeed: null } },
      });
    await stopListening();
    expect(locked.ticketCount).toBeGreaterThanOrEqual(5); // this test's two bets and the slip of three before

    clock = draw.drawsAt;
    const second: LotteryDeps = { ...lottery.deps };
    await Promise.all([drawDraw(lottery.deps, locked.id), drawDraw(second, locked.id)]);
    await Promise.all([settleDraw(lottery.deps, locked.id), settleDraw(second, locked.id)]);
    const settled = await drawRow(GAME, draw.numero);
    expect(settled.state).toBe('settled');
    expect(settled.result).toEqual(await deriveDrawResult('SSC', settled.serverSeed!, settled.publicValue!));
    expect(await hashDrawSeed(settled.serverSeed!)).toBe(draw.seedHash);

    const bets = await lottery.testApp.db.db.select().from(lotteryBets).where(eq(lotteryBets.drawId, settled.id));
    expect(bets.every((bet) => bet.state === 'won' || bet.state === 'lost')).toBe(true);
    for (const bet of bets) {
      expect(bet.winAmount).toBe(
        settleBet(betTypeRule(bet.betType)!, bet.picks, settled.result!, bet.prizeGroup, bet.unitStake, bet.multiplier)
          .winAmount,
      );
    }
    // One payment per member with winning bets (the draw's bets settle in one chunk), of their sum.
    const won = bets.filter((bet) => bet.state === 'won');
    const wins = await lotteryPayments(lottery.testApp.db.db, 'win', bets);
    expect(wins).toHaveLength(new Set(won.map((bet) => bet.memberId)).size);
    expect(wins.reduce((sum, win) => sum + win.amount, 0n)).toBe(won.reduce((sum, bet) => sum + bet.winAmount, 0n));
    const mine = bets.filter((bet) => placed.bets.some((each) => each.betId === String(bet.id)));
    expect(mine[0]!.winAmount).toBe(975n); // the sure fixed-place bet
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(
      50_000n - 1000n - 1000n + mine[0]!.winAmount + mine[1]!.winAmount,
    );

    const verified = value(
      await call<TDrawVerification>(null, 'GET', lotteryGamePath(LOTTERY_API_PATHS.verify, GAME, draw.numero)),
    );
    expect(verified).toMatchObject({
      valid: true,
      seedMatchesHash: true,
      resultMatches: true,
      serverSeed: settled.serverSeed,
      result: settled.result,
    });
    const pending = await call(
      null,
      'GET',
      lotteryGamePath(LOTTERY_API_PATHS.verify, GAME, (await currentDraw(GAME)).numero),
    );
    expect(pending.statusCode).toBe(409);

    const board = value(await call<TWinnerBoard>(null, 'GET', `${LOTTERY_API_PATHS.winners}?gameCode=${GAME}`));
    expect(board.winners.length).toBeGreaterThan(0);
    expect(board.winners.map((winner) => winner.winAmount)).toEqual(
      [...board.winners.map((winner) => winner.winAmount)].sort((a, b) => b - a),
    );
    expect(board.winners.some((winner) => winner.userName === `${username.slice(0, 2)}***${username.slice(-1)}`)).toBe(
      true,
    );
    const my = value(await call<TMyLotteryBets>(client, 'GET', `${LOTTERY_API_PATHS.myBets}?gameCode=${GAME}`));
    expect(my.bets[0]).toMatchObject({ numero: draw.numero, state: expect.stringMatching(/won|lost/) });
    expect(my.bets.find((bet) => bet.betType === 'SSC_FIXED_PLACE')!.winningNumber).toBe(settled.result!.join(','));

    const menu = value(await call<TLotteryMenu>(null, 'GET', `${LOTTERY_API_PATHS.menu}?prizeMode=Elott`));
    expect(
      menu.groups.flatMap((group) => group.games).find((game) => game.gameCode === GAME)!.previousWinningNumber,
    ).toBe(settled.result!.join(','));
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it.each([1, 2])(
    'a settlement that crashes half-way and runs again pays each winner once (%i worker(s) when it crashes)',
    async (workers) => {
      clock += 60_000;
      await scheduleDraws(lottery.deps);
      const draw = await currentDraw(GAME);
      const members = await Promise.all(
        [0, 1, 2].map(async () => {
          const member = await registeredMember(lottery.testApp.app, lottery.testApp.db);
          await creditMember(lottery.testApp.db, member.memberId, 100_000n);
          return member;
        }),
      );
      for (const member of members) {
        for (let slipIndex = 0; slipIndex < 4; slipIndex += 1)
          value(await place(member.client, slip(draw.numero, [sureFixedPlace, sureFixedPlace])));
      }
      clock = draw.drawsAt;
      const row = await drawRow(GAME, draw.numero);
      await drawDraw(lottery.deps, row.id);

      // The second chunk's transaction dies at its end (after its statements, before its commit);
      // with one worker exactly one chunk has committed by then, with two the other worker's chunk
      // in flight may commit too (a failure stops the workers after their chunk in flight). The
      // rerun has two (SETTLE_WORKERS).
      let transactions = 0;
      const crashing = new Proxy(lottery.testApp.db.db, {
        get(target, property, receiver) {
          if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
          return (work: Parameters<Db['transaction']>[0]) =>
            target.transaction(async (tx) => {
              const answer = await work(tx);
              transactions += 1;
              if (transactions === 2) throw new Error('the process died here');
              return answer;
            });
        },
      });
      await expect(settleDraw({ ...lottery.deps, db: crashing }, row.id, { chunk: 5, workers })).rejects.toThrow(
        'the process died here',
      );
      const half = await lottery.testApp.db.db.select().from(lotteryBets).where(eq(lotteryBets.drawId, row.id));
      const pending = half.filter((bet) => bet.state === 'pending').length;
      if (workers === 1) expect(pending).toBe(24 - 5);
      else expect([24 - 5, 24 - 10]).toContain(pending);

      await settleDraw(lottery.deps, row.id, { chunk: 5 });
      const bets = await lottery.testApp.db.db.select().from(lotteryBets).where(eq(lotteryBets.drawId, row.id));
      expect(bets.every((bet) => bet.state === 'won' && bet.winAmount === 975n)).toBe(true);
      const wins = await lotteryPayments(lottery.testApp.db.db, 'win', bets);
      expect(wins.reduce((sum, win) => sum + win.amount, 0n)).toBe(24n * 975n);
      for (const member of members) {
        expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, member.memberId)).toBe(
          BigInt(100_000 - 8 * 1000 + 8 * 975),
        );
      }
      expect((await drawRow(GAME, draw.numero)).state).toBe('settled');
      expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
    },
  );

  it('opens the next draw as it draws the one before, so its countdown never waits for the next schedule tick', async () => {
    await scheduleDraws(lottery.deps);
    const draw = await currentDraw(GAME);
    clock = draw.drawsAt;
    const row = await drawRow(GAME, draw.numero);
    await lockDraw(lottery.deps, row.id);
    await drawDraw(lottery.deps, row.id);
    const next = await currentDraw(GAME);
    expect(next.drawsAt).toBe(draw.drawsAt + 60_000);
    expect(next).toMatchObject({ state: 'open', isSale: true, remainTime: 60_000 });
  });

  it('a void refunds every stake once, and its draw is never drawn', async () => {
    clock += 60_000;
    await scheduleDraws(lottery.deps);
    const draw = await currentDraw(GAME);
    const { client, memberId } = await registeredMember(lottery.testApp.app, lottery.testApp.db);
    await creditMember(lottery.testApp.db, memberId, 30_000n);
    value(
      await place(
        client,
        slip(draw.numero, [
          sureFixedPlace,
          { betType: 'SSC_BSOE', picks: [[SIDE.BIG], [], [], [], []], unitStake: 300, multiplier: 3 },
        ]),
      ),
    );
    value(await place(client, slip(draw.numero, [sureFixedPlace])));
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(30_000n - 1000n - 900n - 1000n);
    const row = await drawRow(GAME, draw.numero);
    expect(await voidDraw(lottery.deps, row.id, 'the result feed disputed')).toBe(true);
    expect(await voidDraw(lottery.deps, row.id, 'again')).toBe(false);
    expect((await place(client, slip(draw.numero, [sureFixedPlace]))).statusCode).toBe(409);
    await Promise.all([settleDraw(lottery.deps, row.id, { chunk: 2 }), settleDraw(lottery.deps, row.id, { chunk: 2 })]);
    clock = draw.drawsAt;
    await drawDraw(lottery.deps, row.id);
    const after = await drawRow(GAME, draw.numero);
    expect(after).toMatchObject({ state: 'cancelled', cancelReason: 'the result feed disputed', result: null });
    const bets = await lottery.testApp.db.db.select().from(lotteryBets).where(eq(lotteryBets.drawId, row.id));
    expect(bets.map((bet) => bet.state)).toEqual(['refunded', 'refunded', 'refunded']);
    // The member's stakes back in one payment per chunk (chunks of two here: the member's three bets in two).
    const refunds = await lotteryPayments(lottery.testApp.db.db, 'bet_refund', bets);
    expect(refunds).toHaveLength(2);
    expect(refunds.reduce((sum, refund) => sum + refund.amount, 0n)).toBe(2900n);
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(30_000n);
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('launches the lottery page (spec §7) for a member, and writes the missed slots of an outage as cancelled draws', async () => {
    const { client } = await registeredMember(lottery.testApp.app, lottery.testApp.db);
    const launch = value(
      await call<TLotteryLaunch>(
        client,
        'GET',
        `${LOTTERY_API_PATHS.launch}?lottoArea=VN&launchMode=LOTT&lottoPrizeMode=Elott&lottoGameCode=${GAME}&lottoView=betting&device=MOBILE&backUrl=%2Fm%2Fhome&language=EN`,
      ),
    );
    expect(launch.gameUrl).toBe(`/m/startLottery?game=${GAME}&view=betting&back=%2Fm%2Fhome`);
    expect((await call(client, 'GET', `${LOTTERY_API_PATHS.launch}?lottoGameCode=NOPE_1M`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `${LOTTERY_API_PATHS.launch}?lottoGameCode=${GAME}`)).statusCode).toBe(401);

    const before = await currentDraw(GAME);
    clock += 10 * 60_000; // ten minutes with no server
    await scheduleDraws(lottery.deps);
    const [game] = await lottery.testApp.db.db
      .select()
      .from(lotteryGames)
      .where(and(eq(lotteryGames.merchantId, DEMO_MERCHANT_ID), eq(lotteryGames.gameCode, GAME)));
    const draws = await lottery.testApp.db.db.select().from(lotteryDraws).where(eq(lotteryDraws.gameId, game!.id));
    const cancelled = draws.filter((draw) => draw.state === 'cancelled' && draw.drawsAt.getTime() > before.drawsAt);
    expect(cancelled.length).toBeGreaterThanOrEqual(8);
    expect(cancelled.every((draw) => draw.cancelReason !== null)).toBe(true);
  });
});
