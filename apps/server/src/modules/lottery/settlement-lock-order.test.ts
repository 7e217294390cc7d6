import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, LOTTERY_API_PATHS, PRIZE_GROUP_DEFAULT, type TChaseResult } from '@palaro/contract';
import { testDatabaseUrl } from '../../platform/testing/test-database';
import { memberBalance } from '../wallet/ledger';
import { journalEntries } from '../wallet/schema';
import { creditMember, DEMO_MERCHANT_ID, newKey } from '../wallet/testing';
import { verifyLedger } from '../wallet/verify';
import { drawDraw, lockDraw, scheduleDraws } from './draws';
import { lotteryBets, lotteryChases } from './schema';
import { settleDraw } from './settlement';
import { lotteryTestApp } from './testing';

/**
 * A late settlement keeps the ledger's lock order (wallets, then the house) on the real
 * PostgreSQL: a stop-on-win chase whose next draw is placed already is refunded while a winner's
 * wallet is held by another transaction that will take the house next, as a provider call, a slip
 * group or a cancel does. The settlement may wait for that wallet, but never while it holds the
 * house: before, the chase's refund took the house and the wins' posting then waited for the
 * winner's wallet, and the two transactions deadlocked. Likewise a member's turnover: a provider's
 * round-closing credit locks the wallet, then the member's turnover requirements; the settlement
 * takes the wallets it pays before it counts the chunk's turnover.
 */

const GAME = 'SSC_1M';
let clock = Date.parse('2031-09-10T11:12:05Z');
const lottery = lotteryTestApp(() => new Date(clock));
const { call, value, place, funded, currentDraw, drawRow } = lottery;

/** Every ball-1 digit: exactly one combination wins. */
const sureWin = {
  betType: 'SSC_FIXED_PLACE',
  picks: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []],
  unitStake: 100,
  multiplier: 1,
};

let provider: pg.Client;

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  await scheduleDraws(lottery.deps);
  // Another process's transaction, on a connection of its own: the server's retries do not reach it.
  provider = new pg.Client({ connectionString: await testDatabaseUrl(lottery.testApp.db) });
  await provider.connect();
});

afterAll(async () => {
  await provider?.end();
});

/** Other sessions of the test database waiting for a lock (the posting statement's text is too long for pg_stat_activity to show its table). */
const lockWaits = async () => {
  const { rows } = await provider.query<{ waiting: number }>(`select count(*)::int as waiting from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`);
  return rows[0]!.waiting;
};

describe.skipIf(!process.env.DATABASE_URL)('a settlement refunding stopped chases', () => {
  it('never holds the house while it waits for a wallet, so a transaction holding that wallet and then taking the house passes', async () => {
    const chaser = await funded(50_000n);
    const winner = await funded(50_000n);
    const draw = await currentDraw(GAME);
    value(
      await call<TChaseResult>(
        chaser.client,
        'POST',
        LOTTERY_API_PATHS.createChase,
        {
          gameCode: GAME,
          numero: draw.numero,
          prizeGroup: PRIZE_GROUP_DEFAULT,
          bets: [sureWin],
          draws: 3,
          stopOnWin: true,
        },
        { [IDEMPOTENCY_HEADER]: newKey() },
      ),
    );
    value(
      await place(winner.client, {
        gameCode: GAME,
        numero: draw.numero,
        prizeGroup: PRIZE_GROUP_DEFAULT,
        bets: [sureWin],
      }),
    );
    const row = await drawRow(GAME, draw.numero);
    clock = draw.drawsAt;
    await lockDraw(lottery.deps, row.id);
    await drawDraw(lottery.deps, row.id);
    // The next draw opens and the chase's second draw is placed before the (late) settlement.
    await scheduleDraws(lottery.deps);

    await provider.query('begin');
    await provider.query(`select id from ledger_accounts where merchant_id = $1 and code = $2 for update`, [
      DEMO_MERCHANT_ID,
      `member:${winner.memberId}`,
    ]);
    const settling = settleDraw(lottery.deps, row.id);
    await expect.poll(lockWaits).toBe(1);
    // NOWAIT: the house is free unless the waiting settlement holds it — which is the deadlock.
    const house = await provider
      .query(`select id from ledger_accounts where merchant_id = $1 and code = 'house' for update nowait`, [
        DEMO_MERCHANT_ID,
      ])
      .then(
        () => 'taken',
        (error: { code?: string }) => error.code,
      );
    await provider.query(house === 'taken' ? 'commit' : 'rollback');
    expect(house).toBe('taken');
    await settling;

    const db = lottery.testApp.db.db;
    const [chase] = await db.select().from(lotteryChases).where(eq(lotteryChases.memberId, chaser.memberId));
    expect(chase).toMatchObject({ state: 'stopped', stopReason: 'won' });
    const bets = await db
      .select()
      .from(lotteryBets)
      .where(eq(lotteryBets.memberId, chaser.memberId))
      .orderBy(asc(lotteryBets.id));
    expect(bets.map((bet) => bet.state)).toEqual(['won', 'cancelled']);
    expect(
      await db
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.kind, 'bet_refund'), eq(journalEntries.reference, `LX${bets[1]!.id}`))),
    ).toHaveLength(1);
    // Chase draws 1 and 2 debited, the second refunded, the first's win paid.
    expect(await memberBalance(db, DEMO_MERCHANT_ID, chaser.memberId)).toBe(
      50_000n - 1000n + BigInt(bets[0]!.winAmount),
    );
    expect((await verifyLedger(db)).problems).toEqual([]);
  });

  it('stops the won chases before it locks the wallets, so a chase draw being placed (its chase, then the wallet) passes', async () => {
    const chaser = await funded(50_000n);
    const draw = await currentDraw(GAME);
    const { chase } = value(
      await call<TChaseResult>(
        chaser.client,
        'POST',
        LOTTERY_API_PATHS.createChase,
        {
          gameCode: GAME,
          numero: draw.numero,
          prizeGroup: PRIZE_GROUP_DEFAULT,
          bets: [sureWin],
          draws: 3,
          stopOnWin: true,
        },
        { [IDEMPOTENCY_HEADER]: newKey() },
      ),
    );
    const row = await drawRow(GAME, draw.numero);
    clock = draw.drawsAt;
    await lockDraw(lottery.deps, row.id);
    await drawDraw(lottery.deps, row.id);
    await scheduleDraws(lottery.deps);

    // As placing a chase draw does: the chase first, then the member's wallet.
    await provider.query('begin');
    await provider.query('select id from lottery_chases where id = $1 for update', [chase.chaseId]);
    const settling = settleDraw(lottery.deps, row.id);
    await expect.poll(lockWaits).toBe(1);
    const wallet = await provider
      .query(`select id from ledger_accounts where merchant_id = $1 and code = $2 for update nowait`, [
        DEMO_MERCHANT_ID,
        `member:${chaser.memberId}`,
      ])
      .then(
        () => 'taken',
        (error: { code?: string }) => error.code,
      );
    await provider.query(wallet === 'taken' ? 'commit' : 'rollback');
    expect(wallet).toBe('taken');
    await settling;
    const [stopped] = await lottery.testApp.db.db
      .select()
      .from(lotteryChases)
      .where(eq(lotteryChases.memberId, chaser.memberId));
    expect(stopped).toMatchObject({ state: 'stopped', stopReason: 'won' });
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('locks the wallets it pays before the members’ turnover, so a provider credit holding a wallet and then taking its turnover passes', async () => {
    const winner = await funded(0n);
    // A deposit with a turnover requirement: the chunk's stake counts toward it.
    await creditMember(lottery.testApp.db, winner.memberId, 50_000n, 100);
    const draw = await currentDraw(GAME);
    value(
      await place(winner.client, {
        gameCode: GAME,
        numero: draw.numero,
        prizeGroup: PRIZE_GROUP_DEFAULT,
        bets: [sureWin],
      }),
    );
    const row = await drawRow(GAME, draw.numero);
    clock = draw.drawsAt;
    await lockDraw(lottery.deps, row.id);
    await drawDraw(lottery.deps, row.id);

    // As a provider's round-closing credit does: the wallet first, then the member's turnover.
    await provider.query('begin');
    await provider.query(`select id from ledger_accounts where merchant_id = $1 and code = $2 for update`, [
      DEMO_MERCHANT_ID,
      `member:${winner.memberId}`,
    ]);
    const settling = settleDraw(lottery.deps, row.id);
    await expect.poll(lockWaits).toBe(1);
    const turnover = await provider
      .query(`select id from turnover_requirements where merchant_id = $1 and member_id = $2 for update nowait`, [
        DEMO_MERCHANT_ID,
        winner.memberId,
      ])
      .then(
        () => 'taken',
        (error: { code?: string }) => error.code,
      );
    await provider.query(turnover === 'taken' ? 'commit' : 'rollback');
    expect(turnover).toBe('taken');
    await settling;
    expect(
      (await lottery.testApp.db.db.select().from(lotteryBets).where(eq(lotteryBets.memberId, winner.memberId))).map(
        (bet) => bet.state,
      ),
    ).toEqual(['won']);
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });
});
