import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  IDEMPOTENCY_HEADER,
  LOTTERY_API_PATHS,
  LOTTERY_ERROR_CODES,
  PRIZE_GROUP_DEFAULT,
  betTypeRule,
  lotteryChasePath,
  lotteryGamePath,
  oddsTable,
  settleBet,
  ticketsDigest,
  type TCancelBetsResult,
  type TChase,
  type TChaseRequest,
  type TChaseResult,
  type TLotteryGameDetail,
  operatorPath,
  type TGameSettingsChange,
  type TMyChases,
  type TMyLotteryBets,
  type TOperatorGameSettings,
  type TPlaceBetsRequest,
  type TPlaceBetsResult,
} from '@palaro/contract';
import { TEST_OPERATOR_TOKEN } from '../../test-app';
import { changeMemberRow, type AccountsClient } from '../accounts/testing';
import { memberBalance } from '../wallet/ledger';
import { journalEntries } from '../wallet/schema';
import { creditMember, DEMO_MERCHANT_ID, newKey, registeredMember } from '../wallet/testing';
import { turnoverLeft } from '../wallet/turnover';
import { verifyLedger } from '../wallet/verify';
import { placeChaseDraws } from './chase';
import { drawDraw, lockDraw, scheduleDraws, type LotteryDeps } from './draws';
import { setMemberPrizeGroup } from './prize-groups';
import { lotteryBets, lotteryChaseDraws, lotteryChases, lotteryRebates } from './schema';
import { lotteryTestApp } from './testing';
import { settleDraw } from './settlement';

/**
 * Chasing, cancel before lock and prize groups through real HTTP and the real ledger, on a clock of
 * the test's own: a chase debits each draw when it opens (once, with two placers at once), stops
 * when the balance runs out or after a win, and is cancelled by the player; a bet is cancelled
 * before the lock and never after, and the lock's public value leaves it out whichever wins the
 * race; a member bets at its capped prize group and its agents' rebates are recorded at settlement.
 */

const GAME = 'SSC_1M';
let clock = Date.parse('2031-05-06T07:08:05Z');
const lottery = lotteryTestApp(() => new Date(clock));
const { call, value, refused, place, funded, currentDraw, drawRow } = lottery;

beforeAll(async () => {
  await scheduleDraws(lottery.deps);
});

/** Every ball-1 digit: exactly one combination wins (975 on a stake of 1,000). */
const sureWin = {
  betType: 'SSC_FIXED_PLACE',
  picks: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []],
  unitStake: 100,
  multiplier: 1,
};
const bigFirst = { betType: 'SSC_BSOE', picks: [[0], [], [], [], []], unitStake: 200, multiplier: 1 };

const chase = (client: AccountsClient, body: TChaseRequest, key = newKey()) =>
  call<TChaseResult>(client, 'POST', LOTTERY_API_PATHS.createChase, body, { [IDEMPOTENCY_HEADER]: key });
const cancel = (client: AccountsClient, betIds: string[], key = newKey()) =>
  call<TCancelBetsResult>(client, 'POST', LOTTERY_API_PATHS.cancelBets, { betIds }, { [IDEMPOTENCY_HEADER]: key });
const gameSettings = (change: TGameSettingsChange) =>
  call<TOperatorGameSettings>(
    null,
    'POST',
    lotteryGamePath(operatorPath(LOTTERY_API_PATHS.operatorChangeGameSettings, 'PALARO'), GAME),
    change,
    { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
  );
const myChases = async (client: AccountsClient) =>
  value(await call<TMyChases>(client, 'GET', `${LOTTERY_API_PATHS.myChases}?gameCode=${GAME}`)).chases;

/** The draw on sale is drawn and settled; the schedule then opens the next one (and places its chases). */
async function runDraw(options: { settleBeforeNextOpens?: boolean } = {}): Promise<void> {
  const draw = await currentDraw(GAME);
  const row = await drawRow(GAME, draw.numero);
  clock = draw.drawsAt;
  await lockDraw(lottery.deps, row.id);
  await drawDraw(lottery.deps, row.id);
  if (options.settleBeforeNextOpens) await settleDraw(lottery.deps, row.id);
  await scheduleDraws(lottery.deps);
  if (!options.settleBeforeNextOpens) await settleDraw(lottery.deps, row.id);
  clock += 5000;
}

async function entries(kind: 'bet' | 'bet_refund', reference: string) {
  return lottery.testApp.db.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.kind, kind), eq(journalEntries.reference, reference)));
}

describe('chasing', () => {
  it('debits the first draw at once and each later draw when it opens, exactly once with two placers', async () => {
    const { client, memberId } = await funded(100_000n);
    const draw = await currentDraw(GAME);
    const body: TChaseRequest = {
      gameCode: GAME,
      numero: draw.numero,
      prizeGroup: PRIZE_GROUP_DEFAULT,
      bets: [bigFirst, sureWin],
      draws: 3,
      multipliers: [1, 2, 3],
    };
    const key = newKey();
    const made = value(await chase(client, body, key));
    expect(made.chase).toMatchObject({
      state: 'active',
      stopReason: null,
      slipStake: 1200,
      totalStake: 1200 * 6,
      debited: 1200,
      stopOnWin: false,
    });
    expect(made.chase.draws.map((each) => [each.seq, each.state, each.multiplier, each.stake])).toEqual([
      [1, 'placed', 1, 1200],
      [2, 'waiting', 2, 2400],
      [3, 'waiting', 3, 3600],
    ]);
    expect(made.chase.draws[0]!.numero).toBe(draw.numero);
    expect(made.balance).toBe(100_000 - 1200);
    // A retry with the same key answers the same chase and moves nothing.
    expect(value(await chase(client, body, key)).chase.chaseId).toBe(made.chase.chaseId);
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(98_800n);

    // The draw locks, is drawn and settled; the schedule opens the next one and places the chase's second draw.
    const second = lottery.deps;
    const firstRow = await drawRow(GAME, draw.numero);
    clock = draw.drawsAt;
    await lockDraw(lottery.deps, firstRow.id);
    await drawDraw(lottery.deps, firstRow.id);
    await scheduleDraws({ ...lottery.deps, db: lottery.testApp.db.db });
    await Promise.all([placeChaseDraws(lottery.deps), placeChaseDraws(second)]);
    await settleDraw(lottery.deps, firstRow.id);
    let [view] = await myChases(client);
    expect(view!.draws.map((each) => each.state)).toEqual(['placed', 'placed', 'waiting']);
    expect(view!.draws[0]!.betState).toBe('won');
    expect(view!.draws[1]!.betState).toBe('pending');
    expect(view!.debited).toBe(1200 + 2400);
    const mine = await lottery.testApp.db.db
      .select()
      .from(lotteryChaseDraws)
      .where(eq(lotteryChaseDraws.chaseId, Number(made.chase.chaseId)))
      .orderBy(asc(lotteryChaseDraws.seq));
    const debits = await lottery.testApp.db.db
      .select()
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.kind, 'bet'),
          inArray(
            journalEntries.reference,
            mine.map((each) => `LC${each.id}`),
          ),
        ),
      );
    expect(debits.map((entry) => entry.reference).sort()).toEqual([`LC${mine[0]!.id}`, `LC${mine[1]!.id}`].sort());
    // The second draw's bets carry the draw's multiplier.
    const bets = await lottery.testApp.db.db
      .select()
      .from(lotteryBets)
      .where(eq(lotteryBets.chaseId, Number(made.chase.chaseId)))
      .orderBy(asc(lotteryBets.id));
    expect(bets.map((bet) => [bet.multiplier, bet.stake])).toEqual([
      [1, 200n],
      [1, 1000n],
      [2, 400n],
      [2, 2000n],
    ]);

    clock += 5000;
    await runDraw();
    [view] = await myChases(client);
    expect(view).toMatchObject({ state: 'finished', debited: 1200 * 6 });
    expect(view!.draws.every((each) => each.state === 'placed')).toBe(true);
    await runDraw();
    [view] = await myChases(client);
    expect(view!.draws.every((each) => each.betState === 'won')).toBe(true);
    const won = await lottery.testApp.db.db
      .select()
      .from(lotteryBets)
      .where(eq(lotteryBets.chaseId, Number(made.chase.chaseId)));
    expect(view!.won).toBe(Number(won.reduce((sum, bet) => sum + bet.winAmount, 0n)));
    expect(won.filter((bet) => bet.betType === 'SSC_FIXED_PLACE').map((bet) => bet.winAmount)).toEqual([
      975n,
      1950n,
      2925n,
    ]);
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('stops with its reason when the balance does not cover a draw as it opens, nothing half-debited', async () => {
    const { client, memberId } = await funded(3000n);
    const draw = await currentDraw(GAME);
    value(
      await chase(client, {
        gameCode: GAME,
        numero: draw.numero,
        prizeGroup: PRIZE_GROUP_DEFAULT,
        bets: [sureWin],
        draws: 4,
        multipliers: [1, 1, 5, 1],
      }),
    );
    await runDraw(); // draw 2 (₱10) is placed: 3,000 − 1,000 + 975 − 1,000
    await runDraw(); // draw 3 needs 5,000: the chase stops
    const [view] = await myChases(client);
    expect(view).toMatchObject({ state: 'stopped', stopReason: 'balance', debited: 2000 });
    expect(view!.draws.map((each) => each.state)).toEqual(['placed', 'placed', 'cancelled', 'cancelled']);
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(BigInt(3000 - 2000 + 2 * 975));
    const bets = await lottery.testApp.db.db.select().from(lotteryBets).where(eq(lotteryBets.memberId, memberId));
    expect(bets).toHaveLength(2);
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('stops after a win: the waiting draws are cancelled, and a next draw already placed is refunded while on sale', async () => {
    const early = await funded(50_000n);
    const late = await funded(50_000n);
    const draw = await currentDraw(GAME);
    for (const member of [early, late]) {
      value(
        await chase(member.client, {
          gameCode: GAME,
          numero: draw.numero,
          prizeGroup: PRIZE_GROUP_DEFAULT,
          bets: [sureWin],
          draws: 5,
          stopOnWin: true,
        }),
      );
    }
    // The draw settles after the next draw opened: both chases' second draws are placed, then taken back.
    await runDraw();
    for (const member of [early, late]) {
      const [view] = await myChases(member.client);
      expect(view).toMatchObject({ state: 'stopped', stopReason: 'won', debited: 1000, won: 975 });
      expect(view!.draws.map((each) => each.state)).toEqual([
        'placed',
        'cancelled',
        'cancelled',
        'cancelled',
        'cancelled',
      ]);
      expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, member.memberId)).toBe(
        50_000n - 1000n + 975n,
      );
      const bets = await lottery.testApp.db.db
        .select()
        .from(lotteryBets)
        .where(eq(lotteryBets.memberId, member.memberId))
        .orderBy(asc(lotteryBets.id));
      expect(bets.map((bet) => bet.state)).toEqual(['won', 'cancelled']);
      expect(await entries('bet_refund', `LX${bets[1]!.id}`)).toHaveLength(1);
    }
    // The draw settles before the next one opens: nothing of the next draw is ever debited.
    const member = await funded(50_000n);
    value(
      await chase(member.client, {
        gameCode: GAME,
        numero: (await currentDraw(GAME)).numero,
        prizeGroup: PRIZE_GROUP_DEFAULT,
        bets: [sureWin],
        draws: 3,
        stopOnWin: true,
      }),
    );
    await runDraw({ settleBeforeNextOpens: true });
    const [view] = await myChases(member.client);
    expect(view).toMatchObject({ state: 'stopped', stopReason: 'won', debited: 1000 });
    expect(view!.draws.map((each) => each.state)).toEqual(['placed', 'cancelled', 'cancelled']);
    expect(
      await lottery.testApp.db.db.select().from(lotteryBets).where(eq(lotteryBets.memberId, member.memberId)),
    ).toHaveLength(1);
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('is cancelled by its player (the draws not yet debited), once, and by nobody else', async () => {
    const { client, memberId } = await funded(20_000n);
    const other = await funded(1000n);
    const made = value(
      await chase(client, {
        gameCode: GAME,
        numero: (await currentDraw(GAME)).numero,
        prizeGroup: PRIZE_GROUP_DEFAULT,
        bets: [bigFirst],
        draws: 10,
      }),
    );
    const path = lotteryChasePath(LOTTERY_API_PATHS.cancelChase, made.chase.chaseId);
    refused(await call(other.client, 'POST', path), 404, LOTTERY_ERROR_CODES.chaseUnknown);
    const cancelled = value(await call<TChase>(client, 'POST', path));
    expect(cancelled).toMatchObject({ state: 'stopped', stopReason: 'cancelled', debited: 200 });
    expect(cancelled.draws.filter((each) => each.state === 'cancelled')).toHaveLength(9);
    refused(await call(client, 'POST', path), 409, LOTTERY_ERROR_CODES.chaseEnded);
    refused(
      await call(client, 'POST', lotteryChasePath(LOTTERY_API_PATHS.cancelChase, '999999999')),
      404,
      LOTTERY_ERROR_CODES.chaseUnknown,
    );
    await runDraw();
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBeGreaterThanOrEqual(
      20_000n - 200n,
    );
    expect(
      await lottery.testApp.db.db.select().from(lotteryBets).where(eq(lotteryBets.memberId, memberId)),
    ).toHaveLength(1);
  });

  it('a cancel racing the next draw’s placement: one of them wins, no deadlock, the books agree', async () => {
    const racers = await Promise.all([0, 1, 2, 3].map(() => funded(20_000n)));
    const draw = await currentDraw(GAME);
    const made: TChase[] = [];
    for (const racer of racers) {
      made.push(
        value(
          await chase(racer.client, {
            gameCode: GAME,
            numero: draw.numero,
            prizeGroup: PRIZE_GROUP_DEFAULT,
            bets: [bigFirst],
            draws: 3,
          }),
        ).chase,
      );
    }
    const row = await drawRow(GAME, draw.numero);
    clock = draw.drawsAt;
    await lockDraw(lottery.deps, row.id);
    await drawDraw(lottery.deps, row.id);
    const answers = await Promise.all([
      scheduleDraws(lottery.deps).then(() => null),
      ...racers.map((racer, index) =>
        call<TChase>(racer.client, 'POST', lotteryChasePath(LOTTERY_API_PATHS.cancelChase, made[index]!.chaseId)),
      ),
    ]);
    expect(answers.slice(1).map((answer) => answer!.statusCode)).toEqual([200, 200, 200, 200]);
    await settleDraw(lottery.deps, row.id);
    for (const racer of racers) {
      const [view] = await myChases(racer.client);
      expect(view).toMatchObject({ state: 'stopped', stopReason: 'cancelled' });
      expect(view!.draws[2]!.state).toBe('cancelled');
      const placed = view!.draws.filter((each) => each.state === 'placed');
      expect(view!.debited).toBe(placed.length * 200);
      expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, racer.memberId)).toBe(
        BigInt(20_000 - placed.length * 200 + view!.won),
      );
    }
    clock += 5000;
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('marks a draw missed when its sale went by while no server ran, debiting nothing, and goes on', async () => {
    const { client, memberId } = await funded(10_000n);
    const first = await currentDraw(GAME);
    value(
      await chase(client, {
        gameCode: GAME,
        numero: first.numero,
        prizeGroup: PRIZE_GROUP_DEFAULT,
        bets: [bigFirst],
        draws: 3,
      }),
    );
    // The servers stop before the first draw locks and come back during the third draw's sale.
    clock = first.drawsAt + 60_000 + 5000;
    await scheduleDraws(lottery.deps);
    const [view] = await myChases(client);
    expect(view).toMatchObject({ state: 'finished', debited: 400 });
    expect(view!.draws.map((each) => each.state)).toEqual(['placed', 'missed', 'placed']);
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(10_000n - 400n);
    const skipped = await drawRow(GAME, first.numero);
    clock = (await currentDraw(GAME)).drawsAt;
    await lockDraw(lottery.deps, skipped.id);
    await drawDraw(lottery.deps, skipped.id);
    await settleDraw(lottery.deps, skipped.id);
    await runDraw();
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('refuses chases that cannot be placed, moving nothing', async () => {
    const { client, memberId } = await funded(5000n);
    const draw = await currentDraw(GAME);
    const base: TChaseRequest = {
      gameCode: GAME,
      numero: draw.numero,
      prizeGroup: PRIZE_GROUP_DEFAULT,
      bets: [sureWin],
      draws: 3,
    };
    refused(await chase(client, { ...base, draws: 121 }), 400, 'request.invalid');
    refused(await chase(client, { ...base, multipliers: [1, 2] }), 400, 'request.invalid');
    refused(await chase(client, { ...base, multipliers: [1, 1, 1001] }), 400, 'request.invalid');
    refused(await chase(client, { ...base, multipliers: [1, 1, 6000] }), 400, 'request.invalid');
    refused(
      await chase(client, { ...base, bets: [{ ...sureWin, multiplier: 600 }], multipliers: [1, 1, 2] }),
      400,
      LOTTERY_ERROR_CODES.stakeOutOfLimits,
    );
    refused(await chase(client, { ...base, numero: '20310506-0001' }), 409, LOTTERY_ERROR_CODES.drawClosed);
    refused(await chase(client, { ...base, prizeGroup: 1900 }), 409, LOTTERY_ERROR_CODES.oddsChanged);
    refused(
      await chase(client, { ...base, bets: [{ ...sureWin, unitStake: 1000 }] }),
      409,
      ERROR_CODES.insufficientBalance,
    );
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(5000n);
    expect(await myChases(client)).toEqual([]);
  });
});

describe('cancel before lock', () => {
  it('gives a bet’s stake back once while the draw is on sale, never after the lock, and not where the game forbids it', async () => {
    const { client, memberId } = await funded(10_000n);
    const draw = await currentDraw(GAME);
    const placed = value(
      await place(client, {
        gameCode: GAME,
        numero: draw.numero,
        prizeGroup: PRIZE_GROUP_DEFAULT,
        bets: [sureWin, bigFirst],
      }),
    );
    const mine = value(await call<TMyLotteryBets>(client, 'GET', `${LOTTERY_API_PATHS.myBets}?gameCode=${GAME}`));
    expect(mine.bets.map((bet) => [bet.cancellable, bet.slipReference])).toEqual([
      [true, placed.bets[0]!.slipReference],
      [true, placed.bets[0]!.slipReference],
    ]);

    const key = newKey();
    const cancelled = value(await cancel(client, [placed.bets[1]!.betId], key));
    expect(cancelled).toMatchObject({ refunded: 200, balance: 10_000 - 1200 + 200 });
    expect(cancelled.bets[0]).toMatchObject({ state: 'cancelled', cancellable: false });
    expect(value(await cancel(client, [placed.bets[1]!.betId], key)).refunded).toBe(200); // the retry answers the same
    refused(await cancel(client, [placed.bets[1]!.betId]), 409, LOTTERY_ERROR_CODES.betNotPending);
    refused(await cancel(client, ['987654321']), 404, LOTTERY_ERROR_CODES.betUnknown);
    const other = await funded(0n);
    refused(await cancel(other.client, [placed.bets[0]!.betId]), 404, LOTTERY_ERROR_CODES.betUnknown);
    expect(await entries('bet_refund', `LX${placed.bets[1]!.betId}`)).toHaveLength(1);

    // The operator's cancel switch (npm run admin -- lottery game SSC_1M cancel=off) applies to the next request.
    expect(value(await gameSettings({ cancelAllowed: false }))).toMatchObject({ gameCode: GAME, cancelAllowed: false });
    expect(
      value(await call<TLotteryGameDetail>(null, 'GET', lotteryGamePath(LOTTERY_API_PATHS.game, GAME))).cancelAllowed,
    ).toBe(false);
    expect(
      value(await call<TMyLotteryBets>(client, 'GET', `${LOTTERY_API_PATHS.myBets}?gameCode=${GAME}`)).bets.map(
        (bet) => bet.cancellable,
      ),
    ).toEqual([false, false]);
    refused(await cancel(client, [placed.bets[0]!.betId]), 409, LOTTERY_ERROR_CODES.cancelNotAllowed);
    expect(value(await gameSettings({ cancelAllowed: true })).cancelAllowed).toBe(true);

    clock = draw.locksAt; // the page may still show a second: the server's lock decides
    refused(await cancel(client, [placed.bets[0]!.betId]), 409, LOTTERY_ERROR_CODES.drawClosed);
    await lockDraw(lottery.deps, (await drawRow(GAME, draw.numero)).id);
    const locked = await drawRow(GAME, draw.numero);
    const tickets = await lottery.testApp.db.db
      .select({ id: lotteryBets.id })
      .from(lotteryBets)
      .where(and(eq(lotteryBets.drawId, locked.id), ne(lotteryBets.state, 'cancelled')));
    expect(tickets.map((ticket) => String(ticket.id))).not.toContain(placed.bets[1]!.betId);
    expect(locked.publicValue).toBe(await ticketsDigest(tickets.map((ticket) => String(ticket.id))));
    expect(locked.ticketCount).toBe(tickets.length);
    clock = draw.drawsAt;
    await drawDraw(lottery.deps, locked.id);
    await settleDraw(lottery.deps, locked.id);
    const bets = await lottery.testApp.db.db
      .select()
      .from(lotteryBets)
      .where(eq(lotteryBets.memberId, memberId))
      .orderBy(asc(lotteryBets.id));
    expect(bets.map((bet) => bet.state)).toEqual(['won', 'cancelled']);
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(BigInt(10_000 - 1000 + 975));
    await scheduleDraws(lottery.deps);
    clock += 5000;
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('races the lock: each cancelled bet is refunded and out of the public value, each ticket of it stands', async () => {
    const members = await Promise.all([0, 1, 2, 3, 4, 5].map(() => funded(10_000n)));
    const draw = await currentDraw(GAME);
    const slips: TPlaceBetsResult[] = [];
    for (const member of members)
      slips.push(
        value(
          await place(member.client, {
            gameCode: GAME,
            numero: draw.numero,
            prizeGroup: PRIZE_GROUP_DEFAULT,
            bets: [sureWin, bigFirst],
          }),
        ),
      );
    const row = await drawRow(GAME, draw.numero);
    // The cancels arrive a millisecond before the lock time while the lock job (its clock at the lock time) runs.
    clock = draw.locksAt - 1;
    const lockAt: LotteryDeps = { ...lottery.deps, now: () => new Date(draw.locksAt) };
    const answers = await Promise.all([
      ...members.map((member, index) =>
        cancel(
          member.client,
          slips[index]!.bets.map((bet) => bet.betId),
        ),
      ),
      lockDraw(lockAt, row.id).then(() => null),
    ]);
    const statuses = answers.filter((answer) => answer !== null).map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const locked = await drawRow(GAME, draw.numero);
    const bets = await lottery.testApp.db.db.select().from(lotteryBets).where(eq(lotteryBets.drawId, locked.id));
    const standing = bets.filter((bet) => bet.state !== 'cancelled');
    expect(locked.publicValue).toBe(await ticketsDigest(standing.map((bet) => String(bet.id))));
    expect(locked.ticketCount).toBe(standing.length);
    const refunds = await lottery.testApp.db.db
      .select()
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.kind, 'bet_refund'),
          inArray(
            journalEntries.reference,
            bets.map((bet) => `LX${bet.id}`),
          ),
        ),
      );
    expect(refunds.map((entry) => entry.reference).sort()).toEqual(
      bets
        .filter((bet) => bet.state === 'cancelled')
        .map((bet) => `LX${bet.id}`)
        .sort(),
    );
    for (const [index, member] of members.entries()) {
      const cancelledHere = statuses[index] === 200;
      expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, member.memberId)).toBe(
        cancelledHere ? 10_000n : 10_000n - 1200n,
      );
    }
    clock = draw.drawsAt;
    await drawDraw(lottery.deps, locked.id);
    await settleDraw(lottery.deps, locked.id);
    await scheduleDraws(lottery.deps);
    clock += 5000;
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });
});

describe('the draw limit per member', () => {
  it('holds with slips sent at once', async () => {
    const { client, memberId } = await funded(100_000n);
    // The operator's limits: a member's stakes per draw below the largest bet are refused, nothing changed.
    refused(await gameSettings({ maxDrawStakePerMember: 4000 }), 400, LOTTERY_ERROR_CODES.settingsInvalid);
    expect(value(await gameSettings({ maxBetStake: 5000, maxDrawStakePerMember: 5000 }))).toMatchObject({
      minUnitStake: 100,
      maxBetStake: 5000,
      maxDrawStakePerMember: 5000,
    });
    const draw = await currentDraw(GAME);
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6, 7].map(() =>
        place(client, { gameCode: GAME, numero: draw.numero, prizeGroup: PRIZE_GROUP_DEFAULT, bets: [sureWin] }),
      ),
    );
    value(await gameSettings({ maxBetStake: 5_000_000, maxDrawStakePerMember: 20_000_000 }));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    for (const answer of answers.filter((each) => each.statusCode !== 200))
      refused(answer, 409, LOTTERY_ERROR_CODES.drawLimitReached);
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(95_000n);
  });
});

describe('prize groups and rebates', () => {
  it('prices a member at its group capped by its line, settles at it, and records each upline’s rebate', async () => {
    const top = await funded(0n);
    const agent = await funded(0n);
    const { client, memberId } = await funded(100_000n);
    await changeMemberRow(lottery.testApp.db.db, agent.memberId, { uplineMemberId: top.memberId, type: 1 });
    await changeMemberRow(lottery.testApp.db.db, memberId, { uplineMemberId: agent.memberId });
    const now = new Date(clock);
    await setMemberPrizeGroup(lottery.testApp.db.db, DEMO_MERCHANT_ID, top.memberId, 1960, now); // capped by the game's 1950
    await setMemberPrizeGroup(lottery.testApp.db.db, DEMO_MERCHANT_ID, agent.memberId, 1940, now);
    await setMemberPrizeGroup(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId, 1945, now); // capped by the agent's 1940

    const detail = value(await call<TLotteryGameDetail>(client, 'GET', lotteryGamePath(LOTTERY_API_PATHS.game, GAME)));
    expect(detail.prizeGroup).toBe(1940);
    const rule = betTypeRule('SSC_FIXED_PLACE')!;
    expect(detail.betTypes.find((type) => type.code === rule.code)!.odds).toEqual(oddsTable(rule, 1940));
    const visitor = await lottery.testApp.app.inject({ url: lotteryGamePath(LOTTERY_API_PATHS.game, GAME) });
    expect(visitor.json().value.prizeGroup).toBe(PRIZE_GROUP_DEFAULT);

    const draw = await currentDraw(GAME);
    const slip: TPlaceBetsRequest = {
      gameCode: GAME,
      numero: draw.numero,
      prizeGroup: PRIZE_GROUP_DEFAULT,
      bets: [sureWin, bigFirst],
    };
    const stale = await place(client, slip);
    refused(stale, 409, LOTTERY_ERROR_CODES.oddsChanged);
    expect(stale.body).toMatchObject({ value: { prizeGroup: 1940 } });
    const placed = value(await place(client, { ...slip, prizeGroup: 1940 }));
    expect(placed.bets.map((bet) => bet.prizeGroup)).toEqual([1940, 1940]);
    const cancelledBet = value(await place(client, { ...slip, prizeGroup: 1940, bets: [bigFirst] })).bets[0]!;
    value(await cancel(client, [cancelledBet.betId]));

    await runDraw();
    const settled = await drawRow(GAME, draw.numero);
    const bets = await lottery.testApp.db.db
      .select()
      .from(lotteryBets)
      .where(
        inArray(
          lotteryBets.id,
          placed.bets.map((bet) => Number(bet.betId)),
        ),
      )
      .orderBy(asc(lotteryBets.id));
    for (const bet of bets) {
      expect(bet.winAmount).toBe(
        settleBet(betTypeRule(bet.betType)!, bet.picks, settled.result!, 1940, bet.unitStake, bet.multiplier).winAmount,
      );
    }
    expect(bets[0]!.winAmount).toBe(970n); // 9.70 × ₱10 at 1940
    const rebates = await lottery.testApp.db.db
      .select()
      .from(lotteryRebates)
      .where(eq(lotteryRebates.memberId, memberId))
      .orderBy(asc(lotteryRebates.betId), asc(lotteryRebates.agentMemberId));
    // The agent earns nothing (the member is at its group); the top agent earns 1950 − 1940 on each stake.
    expect(
      rebates.map((rebate) => [
        rebate.betId,
        rebate.agentMemberId,
        rebate.agentGroup,
        rebate.childGroup,
        rebate.amount,
      ]),
    ).toEqual([
      [bets[0]!.id, top.memberId, 1950, 1940, 5n], // 1,000 × 10 / 2000
      [bets[1]!.id, top.memberId, 1950, 1940, 1n], // 200 × 10 / 2000
    ]);

    // The agent lowers the member: the agent now earns on it too; the cancelled bet earned nothing.
    await setMemberPrizeGroup(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId, 1900, new Date(clock));
    const next = await currentDraw(GAME);
    const lowered = value(await place(client, { ...slip, numero: next.numero, prizeGroup: 1900, bets: [sureWin] }));
    await runDraw();
    await settleDraw(lottery.deps, (await drawRow(GAME, next.numero)).id); // settling again records nothing twice
    const more = await lottery.testApp.db.db
      .select()
      .from(lotteryRebates)
      .where(eq(lotteryRebates.betId, Number(lowered.bets[0]!.betId)))
      .orderBy(asc(lotteryRebates.agentMemberId));
    expect(more.map((rebate) => [rebate.agentMemberId, rebate.agentGroup, rebate.childGroup, rebate.amount])).toEqual(
      [
        [top.memberId, 1950, 1940, 5n] as const,
        [agent.memberId, 1940, 1900, 20n] as const, // 1,000 × 40 / 2000
      ].sort((a, b) => a[0] - b[0]),
    );
    expect(
      await lottery.testApp.db.db
        .select()
        .from(lotteryRebates)
        .where(eq(lotteryRebates.betId, Number(cancelledBet.betId))),
    ).toEqual([]);
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('counts settled bets toward turnover, not placed or cancelled ones', async () => {
    const { client, memberId } = await registeredMember(lottery.testApp.app, lottery.testApp.db);
    await creditMember(lottery.testApp.db, memberId, 10_000n, 100);
    expect(await turnoverLeft(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(10_000n);
    const draw = await currentDraw(GAME);
    const placed = value(
      await place(client, {
        gameCode: GAME,
        numero: draw.numero,
        prizeGroup: PRIZE_GROUP_DEFAULT,
        bets: [sureWin, bigFirst],
      }),
    );
    expect(await turnoverLeft(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(10_000n);
    value(await cancel(client, [placed.bets[1]!.betId]));
    await runDraw();
    expect(await turnoverLeft(lottery.testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(9000n);
    const chases = await lottery.testApp.db.db.select().from(lotteryChases).where(eq(lotteryChases.memberId, memberId));
    expect(chases).toEqual([]);
  });
});
