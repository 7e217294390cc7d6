import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ENTERTAINMENT_BET_TYPES,
  ERROR_CODES,
  IDEMPOTENCY_HEADER,
  LOTTERY_API_PATHS,
  LOTTERY_ERROR_CODES,
  SIDE,
  ZY_PRIZE_GROUP,
  betTypeRule,
  lotteryChasePath,
  lotteryGamePath,
  oddsTable,
  settleBet,
  type TCancelBetsResult,
  type TChase,
  type TChaseResult,
  type TLotteryGameDetail,
  type TLotteryLaunch,
  type TLotteryMenu,
  type TLotteryVerification,
  type TMyChases,
  type TWinnerBoard,
} from '@palaro/contract';
import { changeMemberRow } from '../accounts/testing';
import { memberBalance } from '../wallet/ledger';
import { DEMO_MERCHANT_ID, newKey } from '../wallet/testing';
import { verifyLedger } from '../wallet/verify';
import { drawDraw, lockDraw, scheduleDraws } from './draws';
import { setMemberPrizeGroup } from './prize-groups';
import { lotteryBets, lotteryDraws, lotteryGames, lotteryRebates } from './schema';
import { settleDraw } from './settlement';
import { lotteryTestApp } from './testing';

/**
 * Prize mode ZY through real HTTP and the real ledger (PGlite, or DATABASE_URL's PostgreSQL): its
 * menu, its games selling the Entertainment board alone at the game's fixed group whatever the
 * member's, and a ZY game's own draws placed, chased, cancelled, settled, won and verified on the
 * same engine as every electronic game — with no rebate recorded.
 */

const GAME = 'SSC_ZY_1M';
let clock = Date.parse('2031-07-08T09:10:05Z');
const lottery = lotteryTestApp(() => new Date(clock));
const { call, value, refused, place, funded, currentDraw, drawRow } = lottery;

beforeAll(async () => {
  await scheduleDraws(lottery.deps);
});

/** Every digit of ball 1 on the two-sided board: exactly one wins, 9.90 × ₱1. */
const everyBallOne = {
  betType: 'SSC_BALL',
  picks: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []],
  unitStake: 100,
  multiplier: 1,
};
const bigAndSmallTotal = { betType: 'SSC_SUM_BSOE', picks: [[SIDE.BIG, SIDE.SMALL]], unitStake: 500, multiplier: 1 };

async function runDraw(gameCode = GAME): Promise<number> {
  const draw = await currentDraw(gameCode);
  const row = await drawRow(gameCode, draw.numero);
  clock = draw.drawsAt;
  await lockDraw(lottery.deps, row.id);
  await drawDraw(lottery.deps, row.id);
  await scheduleDraws(lottery.deps);
  await settleDraw(lottery.deps, row.id);
  clock += 5000;
  return row.id;
}

describe('prize mode ZY', () => {
  it('lists its games in their own menu group, apart from the electronic and traditional menus', async () => {
    const menu = value(await call<TLotteryMenu>(null, 'GET', `${LOTTERY_API_PATHS.menu}?prizeMode=ZY&language=EN`));
    expect(menu.prizeMode).toBe('ZY');
    expect(menu.groups.map((group) => [group.gameGroupCode, group.name])).toEqual([['ZY', 'Two-sided (ZY)']]);
    expect(menu.groups[0]!.games.map((game) => game.gameCode)).toEqual([
      'SSC_ZY_1M',
      'SSC_ZY_3M',
      'K3_ZY_1M',
      'K3_ZY_3M',
      'PK10_ZY_1M',
      'PK10_ZY_3M',
    ]);
    expect(
      menu.groups[0]!.games.every(
        (game) => game.prizeMode === 'ZY' && game.resultSource === 'rng' && game.numero !== '',
      ),
    ).toBe(true);
    const tagalog = value(await call<TLotteryMenu>(null, 'GET', `${LOTTERY_API_PATHS.menu}?prizeMode=ZY&language=TY`));
    expect(tagalog.groups[0]!.name).toBe('Dalawang panig (ZY)');
    const electronic = value(await call<TLotteryMenu>(null, 'GET', `${LOTTERY_API_PATHS.menu}?prizeMode=Elott`));
    expect(electronic.groups.flatMap((group) => group.games).some((game) => game.prizeMode !== 'Elott')).toBe(false);
  });

  it('sells the Entertainment board alone at the game’s group, whatever the member’s group or line', async () => {
    const agent = await funded(0n);
    const { client, memberId } = await funded(10_000n);
    await changeMemberRow(lottery.testApp.db.db, memberId, { uplineMemberId: agent.memberId });
    await setMemberPrizeGroup(lottery.testApp.db.db, DEMO_MERCHANT_ID, agent.memberId, 1950, new Date(clock));
    await setMemberPrizeGroup(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId, 1900, new Date(clock));

    const detail = value(await call<TLotteryGameDetail>(client, 'GET', lotteryGamePath(LOTTERY_API_PATHS.game, GAME)));
    expect(detail.prizeGroup).toBe(ZY_PRIZE_GROUP);
    expect(detail.betTypes.map((type) => type.code)).toEqual([
      'SSC_BALL',
      'SSC_BSOE',
      'SSC_SUM',
      'SSC_SUM_BSOE',
      'SSC_DRAGON_TIGER',
    ]);
    expect(
      detail.betTypes.every((type) => type.playType === 'Entertainment' && ENTERTAINMENT_BET_TYPES.includes(type.code)),
    ).toBe(true);
    expect(detail.betTypes.find((type) => type.code === 'SSC_BSOE')!.odds).toEqual([{ option: null, odds: 19800 }]);
    expect(detail.betTypes.find((type) => type.code === 'SSC_DRAGON_TIGER')!.odds).toEqual(
      oddsTable(betTypeRule('SSC_DRAGON_TIGER')!, ZY_PRIZE_GROUP),
    );
    // The same member on an electronic game: both boards, at its own group.
    const electronic = value(
      await call<TLotteryGameDetail>(client, 'GET', lotteryGamePath(LOTTERY_API_PATHS.game, 'SSC_1M')),
    );
    expect(electronic.prizeGroup).toBe(1900);
    expect(new Set(electronic.betTypes.map((type) => type.playType))).toEqual(new Set(['Tradition', 'Entertainment']));
    expect(electronic.betTypes.find((type) => type.code === 'SSC_FIXED_PLACE')!.playType).toBe('Tradition');

    const draw = await currentDraw(GAME);
    // A standard-board bet is not sold under ZY; a slip priced at the member's own group is stale.
    refused(
      await place(client, {
        gameCode: GAME,
        numero: draw.numero,
        prizeGroup: ZY_PRIZE_GROUP,
        bets: [{ ...everyBallOne, betType: 'SSC_FIXED_PLACE' }],
      }),
      400,
      LOTTERY_ERROR_CODES.betTypeUnknown,
    );
    const stale = await place(client, { gameCode: GAME, numero: draw.numero, prizeGroup: 1900, bets: [everyBallOne] });
    refused(stale, 409, LOTTERY_ERROR_CODES.oddsChanged);
    expect(stale.body).toMatchObject({ value: { prizeGroup: ZY_PRIZE_GROUP } });

    const placed = value(
      await place(client, {
        gameCode: GAME,
        numero: draw.numero,
        prizeGroup: ZY_PRIZE_GROUP,
        bets: [everyBallOne, bigAndSmallTotal],
      }),
    );
    expect(placed.totalStake).toBe(1000 + 1000);
    expect(placed.bets.map((bet) => bet.prizeGroup)).toEqual([ZY_PRIZE_GROUP, ZY_PRIZE_GROUP]);
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(8000n);

    const drawId = await runDraw();
    const row = await drawRow(GAME, draw.numero);
    expect(row.state).toBe('settled');
    const bets = await lottery.testApp.db.db.select().from(lotteryBets).where(eq(lotteryBets.drawId, drawId));
    // One digit of ten wins 9.90 × ₱1; one side of the total wins 1.98 × ₱5.
    expect(bets.map((bet) => [bet.betType, bet.state, bet.winAmount])).toEqual([
      ['SSC_BALL', 'won', 990n],
      ['SSC_SUM_BSOE', 'won', 990n],
    ]);
    for (const bet of bets)
      expect(bet.winAmount).toBe(
        settleBet(betTypeRule(bet.betType)!, bet.picks, row.result!, ZY_PRIZE_GROUP, bet.unitStake, bet.multiplier)
          .winAmount,
      );
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(8000n + 990n + 990n);
    // No line earns on ZY, though the member's own group is 50 below its agent's.
    expect(
      await lottery.testApp.db.db
        .select()
        .from(lotteryRebates)
        .where(
          inArray(
            lotteryRebates.betId,
            bets.map((bet) => bet.id),
          ),
        ),
    ).toEqual([]);

    // Its own provably fair draw: the seed revealed and the result recomputed.
    const verified = value(
      await call<TLotteryVerification>(null, 'GET', lotteryGamePath(LOTTERY_API_PATHS.verify, GAME, draw.numero)),
    );
    expect(verified).toMatchObject({
      kind: 'seed',
      gameCode: GAME,
      family: 'SSC',
      seedMatchesHash: true,
      resultMatches: true,
      valid: true,
      result: row.result,
      ticketCount: 2,
    });
    const board = value(await call<TWinnerBoard>(null, 'GET', `${LOTTERY_API_PATHS.winners}?gameCode=${GAME}`));
    expect(board.winners.filter((winner) => winner.numero === draw.numero).map((winner) => winner.winAmount)).toEqual([
      990, 990,
    ]);
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('chases and cancels on a ZY game like any electronic game, its draws apart from the 5D game’s', async () => {
    const { client, memberId } = await funded(20_000n);
    const draw = await currentDraw(GAME);
    const [zy] = await lottery.testApp.db.db
      .select()
      .from(lotteryGames)
      .where(and(eq(lotteryGames.merchantId, DEMO_MERCHANT_ID), eq(lotteryGames.gameCode, GAME)));
    const [electronic] = await lottery.testApp.db.db
      .select()
      .from(lotteryGames)
      .where(and(eq(lotteryGames.merchantId, DEMO_MERCHANT_ID), eq(lotteryGames.gameCode, 'SSC_1M')));
    const own = await lottery.testApp.db.db
      .select({ seedHash: lotteryDraws.seedHash })
      .from(lotteryDraws)
      .where(eq(lotteryDraws.gameId, zy!.id));
    const other = await lottery.testApp.db.db
      .select({ seedHash: lotteryDraws.seedHash })
      .from(lotteryDraws)
      .where(eq(lotteryDraws.gameId, electronic!.id));
    expect(own.length).toBeGreaterThan(0);
    expect(own.some((each) => other.some((them) => them.seedHash === each.seedHash))).toBe(false);

    const cancelled = value(
      await place(client, {
        gameCode: GAME,
        numero: draw.numero,
        prizeGroup: ZY_PRIZE_GROUP,
        bets: [bigAndSmallTotal],
      }),
    ).bets[0]!;
    const refund = value(
      await call<TCancelBetsResult>(
        client,
        'POST',
        LOTTERY_API_PATHS.cancelBets,
        { betIds: [cancelled.betId] },
        { [IDEMPOTENCY_HEADER]: newKey() },
      ),
    );
    expect(refund.refunded).toBe(1000);
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(20_000n);

    const made = value(
      await call<TChaseResult>(
        client,
        'POST',
        LOTTERY_API_PATHS.createChase,
        {
          gameCode: GAME,
          numero: draw.numero,
          prizeGroup: ZY_PRIZE_GROUP,
          bets: [everyBallOne],
          draws: 4,
          multipliers: [1, 1, 1, 1],
          stopOnWin: false,
        },
        { [IDEMPOTENCY_HEADER]: newKey() },
      ),
    );
    expect(made.chase).toMatchObject({ prizeGroup: ZY_PRIZE_GROUP, debited: 1000, totalStake: 4000 });
    await runDraw();
    await runDraw();
    const [view] = value(await call<TMyChases>(client, 'GET', `${LOTTERY_API_PATHS.myChases}?gameCode=${GAME}`)).chases;
    expect(view!.draws.map((each) => [each.state, each.betState])).toEqual([
      ['placed', 'won'],
      ['placed', 'won'],
      ['placed', 'pending'],
      ['waiting', null],
    ]);
    const stopped = value(
      await call<TChase>(client, 'POST', lotteryChasePath(LOTTERY_API_PATHS.cancelChase, made.chase.chaseId)),
    );
    expect(stopped).toMatchObject({ state: 'stopped', stopReason: 'cancelled' });
    expect(stopped.draws.map((each) => each.state)).toEqual(['placed', 'placed', 'placed', 'cancelled']);
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(20_000n - 3000n + 990n * 2n);
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('launches a ZY lobby and a game on the board the link asks', async () => {
    const { client } = await funded(0n);
    const lobby = value(
      await call<TLotteryLaunch>(
        client,
        'GET',
        `${LOTTERY_API_PATHS.launch}?lottoPrizeMode=ZY&lottoView=lobby&backUrl=%2Fm%2Fhome`,
      ),
    );
    expect(lobby.gameUrl).toBe('/m/startLottery?view=lobby&mode=ZY&back=%2Fm%2Fhome');
    const game = value(
      await call<TLotteryLaunch>(
        client,
        'GET',
        `${LOTTERY_API_PATHS.launch}?lottoPrizeMode=Elott&lottoGameCode=SSC_1M&lottoView=betting&playType=Entertainment`,
      ),
    );
    expect(game.gameUrl).toBe('/m/startLottery?game=SSC_1M&view=betting&play=Entertainment');
    refused(
      await call(client, 'GET', `${LOTTERY_API_PATHS.launch}?lottoView=lobby&playType=Fun`),
      400,
      ERROR_CODES.validation,
    );
  });
});
