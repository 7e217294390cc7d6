import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_HEADER,
  LOTTERY_API_PATHS,
  PRIZE_GROUP_DEFAULT,
  lotteryGamePath,
  type TLotteryDraw,
} from '@palaro/contract';
import type { Database } from '../../platform/db/database';
import { closeReplicaDatabase, openReplicaDatabase } from '../../platform/testing/replica-database';
import { createTestApp, type TestApp } from '../../test-app';
import { memberBalance } from '../wallet/ledger';
import { creditMember, DEMO_MERCHANT_ID, newKey, registeredMember } from '../wallet/testing';
import { verifyLedger } from '../wallet/verify';
import { lotteryBets, lotteryDraws, lotteryGames } from './schema';
import { lotteryPayments } from './testing';

/**
 * Two server replicas on one database, each with its own job scheduler, on the real clock: a
 * 10-second game is scheduled, locked, drawn and settled by whichever replica claims each job, and
 * every draw is drawn and settled exactly once.
 */

const GAME = 'TEST_10S';
let first: TestApp;
let second: TestApp;
let replicaDb: Database;

beforeAll(async () => {
  first = await createTestApp();
  replicaDb = await openReplicaDatabase(first.db);
  second = await createTestApp({}, { database: replicaDb });
  await first.db.db.insert(lotteryGames).values({
    merchantId: DEMO_MERCHANT_ID,
    gameCode: GAME,
    gameGroupCode: 'SSC',
    family: 'SSC',
    prizeMode: 'Elott',
    nameEn: 'Test 10 s',
    nameTl: 'Test 10 s',
    menus: ['ELOTT'],
    intervalSeconds: 10,
    lockSeconds: 2,
    prizeGroup: PRIZE_GROUP_DEFAULT,
    minUnitStake: 100n,
    maxBetStake: 1_000_000n,
    maxDrawStakePerMember: 5_000_000n,
  });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await closeReplicaDatabase(replicaDb, first.db);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

describe('lottery on two replicas’ schedulers', () => {
  it('opens, locks, draws and settles each draw once, paying each winner once', async () => {
    const { client, memberId } = await registeredMember(first.app, first.db);
    await creditMember(first.db, memberId, 100_000n);
    // A draw on sale with at least 3 s before its lock.
    const draw = await until(
      'a draw on sale',
      async () => {
        const response = await first.app.inject({
          method: 'GET',
          url: lotteryGamePath(LOTTERY_API_PATHS.numero, GAME),
        });
        if (response.statusCode !== 200) return undefined;
        const current = (response.json() as { value: TLotteryDraw }).value;
        return current.isSale && current.locksAt - current.serverTime > 3000 ? current : undefined;
      },
      40_000,
    );
    const bet = {
      betType: 'SSC_FIXED_PLACE',
      picks: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []],
      unitStake: 100,
      multiplier: 1,
    };
    for (const app of [first, second]) {
      const placed = await client.request(
        'POST',
        LOTTERY_API_PATHS.placeBets,
        { gameCode: GAME, numero: draw.numero, prizeGroup: PRIZE_GROUP_DEFAULT, bets: [bet] },
        { [IDEMPOTENCY_HEADER]: newKey() },
      );
      expect(placed.statusCode, `${placed.body} via ${app === first ? 'first' : 'second'}`).toBe(200);
    }

    const [game] = await first.db.db
      .select()
      .from(lotteryGames)
      .where(and(eq(lotteryGames.merchantId, DEMO_MERCHANT_ID), eq(lotteryGames.gameCode, GAME)));
    const settled = await until(
      'the draw settled',
      async () => {
        const [row] = await first.db.db
          .select()
          .from(lotteryDraws)
          .where(and(eq(lotteryDraws.gameId, game!.id), eq(lotteryDraws.numero, draw.numero)));
        return row?.state === 'settled' ? row : undefined;
      },
      40_000,
    );
    expect(settled.ticketCount).toBe(2);
    const bets = await first.db.db.select().from(lotteryBets).where(eq(lotteryBets.drawId, settled.id));
    expect(bets.map((row) => [row.state, row.winAmount])).toEqual([
      ['won', 975n],
      ['won', 975n],
    ]);
    // The member's two winning bets paid in one entry.
    expect((await lotteryPayments(first.db.db, 'win', bets)).map((win) => win.amount)).toEqual([1950n]);
    expect(await memberBalance(first.db.db, DEMO_MERCHANT_ID, memberId)).toBe(100_000n - 2000n + 1950n);
    // Each draw of the game exists once per numero and the later ones keep coming.
    const draws = await first.db.db.select().from(lotteryDraws).where(eq(lotteryDraws.gameId, game!.id));
    expect(new Set(draws.map((row) => row.numero)).size).toBe(draws.length);
    expect((await verifyLedger(first.db.db)).problems).toEqual([]);
  }, 110_000);
});
