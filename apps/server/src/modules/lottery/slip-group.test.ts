import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  LOTTERY_API_PATHS,
  LOTTERY_ERROR_CODES,
  PRIZE_GROUP_DEFAULT,
  lotteryGamePath,
  operatorPath,
  type TGameSettingsChange,
  type TOperatorGameSettings,
  type TPlaceBetsResult,
} from '@palaro/contract';
import { TEST_OPERATOR_TOKEN } from '../../test-app';
import { DomainError } from '../../platform/http/errors';
import { memberBalance } from '../wallet/ledger';
import { journalEntries } from '../wallet/schema';
import { creditMember, DEMO_MERCHANT_ID, newKey } from '../wallet/testing';
import { verifyLedger } from '../wallet/verify';
import { lockDraw, scheduleDraws } from './draws';
import { lotteryBets } from './schema';
import { placeBets, type Bettor } from './service';
import { SlipCommitter } from './slip-group';
import { lotteryTestApp } from './testing';

/**
 * Slips placed in groups (slip-group.ts), straight through the service with a committer of the
 * test's own so that its groups can be counted: concurrent slips share transactions and each keeps
 * the outcome it would have had alone — an overdraft refused without failing its neighbours, a key
 * repeated in flight placed once and answered the same, a key reused for another slip refused, a
 * refused slip's key free again — a slip is checked again when its game's terms changed since they
 * were kept, and a slip after the draw's lock is refused; the books verify.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */

const GAME = 'SSC_1M';
let clock = Date.parse('2031-07-08T09:10:05Z');
const lottery = lotteryTestApp(() => new Date(clock));
const { call, value, funded, currentDraw, drawRow } = lottery;

beforeAll(async () => {
  await scheduleDraws(lottery.deps);
});

/** 1,000 centavos a slip: ten fixed-place digits at 100 each. */
const tenDigits = {
  betType: 'SSC_FIXED_PLACE',
  picks: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []],
  unitStake: 100,
  multiplier: 1,
};
const bigFirst = { betType: 'SSC_BSOE', picks: [[0], [], [], [], []], unitStake: 300, multiplier: 1 };

/** A slip as the route hands it over (validated: every bet with its multiplier). */
type Slip = Parameters<typeof placeBets>[4];

type Outcome = { ok: true; value: TPlaceBetsResult } | { ok: false; code: string };

const outcomeOf = (promise: Promise<TPlaceBetsResult>): Promise<Outcome> =>
  promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => {
      if (error instanceof DomainError) return { ok: false, code: error.code };
      throw error;
    },
  );

async function bettor(amount: bigint): Promise<Bettor & { memberId: number }> {
  const { memberId } = await funded(amount);
  return { merchantId: DEMO_MERCHANT_ID, memberId, memberType: 0 };
}

const betsOf = async (slipReference: string) =>
  lottery.testApp.db.db.select().from(lotteryBets).where(eq(lotteryBets.slipReference, slipReference));

describe('slips placed in groups', () => {
  it('keeps each slip’s outcome: an overdraft, a repeated key and a reused key in the same groups as slips that pass', async () => {
    const slips = new SlipCommitter(lottery.testApp.db.db, () => new Date(clock));
    const draw = await currentDraw(GAME);
    const slip = (bets: Slip['bets']): Slip => ({
      gameCode: GAME,
      numero: draw.numero,
      prizeGroup: PRIZE_GROUP_DEFAULT,
      bets,
    });
    const place = (who: Bettor, request: Slip, key = newKey()) =>
      outcomeOf(placeBets(slips, lottery.testApp.db.db, who, key, request));

    // Covers two slips of 1,000 and not a third; the other bets freely.
    const short = await bettor(2_500n);
    const rich = await bettor(100_000n);
    const repeatedKey = newKey();
    const reusedKey = newKey();
    // Sent at once: each waits for its reads (the game, the member's pricing), then for the next group.
    const answers = await Promise.all([
      place(rich, slip([bigFirst])),
      place(short, slip([tenDigits])),
      place(rich, slip([tenDigits, bigFirst]), repeatedKey),
      place(short, slip([tenDigits])),
      place(rich, slip([tenDigits, bigFirst]), repeatedKey),
      place(short, slip([tenDigits])),
      place(rich, slip([tenDigits]), reusedKey),
      place(rich, slip([bigFirst]), reusedKey),
    ]);
    // Eight slips, fewer transactions: the first ran alone, the others waited for its commit together.
    expect(slips.stats.slips).toBe(8);
    expect(slips.stats.groups).toBeLessThan(8);

    const [first, shortA, repeatA, shortB, repeatB, shortC, reusedA, reusedB] = answers as Outcome[];
    expect(first).toMatchObject({ ok: true, value: { totalStake: 300 } });
    // The short member: two of its three slips pass, the third is refused for its balance.
    const shortOnes = [shortA!, shortB!, shortC!];
    expect(shortOnes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, code: ERROR_CODES.insufficientBalance }]);
    expect(shortOnes.flatMap((outcome) => (outcome.ok ? [outcome.value.balance] : [])).sort((a, b) => a - b)).toEqual([
      500, 1500,
    ]);
    // The same key and slip twice in flight: placed once, both answered the same; another slip under it is refused.
    expect(repeatA).toMatchObject({ ok: true, value: { totalStake: 1300 } });
    expect(repeatB).toEqual(repeatA);
    expect(await place(rich, slip([tenDigits]), repeatedKey)).toEqual({
      ok: false,
      code: ERROR_CODES.idempotencyKeyReused,
    });
    // Two different slips under one key at once: one placed, the other refused.
    expect([reusedA!, reusedB!].filter((outcome) => outcome.ok)).toHaveLength(1);
    expect([reusedA!, reusedB!].filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, code: ERROR_CODES.idempotencyKeyReused },
    ]);
    const reusedStake = [reusedA!, reusedB!].flatMap((outcome) => (outcome.ok ? [outcome.value.totalStake] : []))[0]!;

    const repeated = (repeatA as { value: TPlaceBetsResult }).value;
    expect(await betsOf(repeated.bets[0]!.slipReference)).toHaveLength(2);
    expect(
      await lottery.testApp.db.db
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.kind, 'bet'), eq(journalEntries.reference, repeated.bets[0]!.slipReference))),
    ).toHaveLength(1);
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, short.memberId)).toBe(500n);
    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, rich.memberId)).toBe(
      100_000n - 300n - 1300n - BigInt(reusedStake),
    );

    // A refused slip's key is free again: once the wallet covers it, its retry is placed.
    const retryKey = newKey();
    expect(await place(short, slip([tenDigits]), retryKey)).toEqual({
      ok: false,
      code: ERROR_CODES.insufficientBalance,
    });
    await creditMember(lottery.testApp.db, short.memberId, 500n);
    expect(await place(short, slip([tenDigits]), retryKey)).toMatchObject({ ok: true, value: { balance: 0 } });
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  it('checks a slip again on a fresh read of its game when the kept one changed or refuses it: a lower limit refuses it, the higher one again places it', async () => {
    const slips = new SlipCommitter(lottery.testApp.db.db, () => new Date(clock));
    const who = await bettor(10_000n);
    const draw = await currentDraw(GAME);
    const request: Slip = { gameCode: GAME, numero: draw.numero, prizeGroup: PRIZE_GROUP_DEFAULT, bets: [tenDigits] };
    // The game kept by the committer, then its largest bet lowered below the slip by the operator.
    expect(await outcomeOf(placeBets(slips, lottery.testApp.db.db, who, newKey(), request))).toMatchObject({
      ok: true,
    });
    const settings = (change: TGameSettingsChange) =>
      call<TOperatorGameSettings>(
        null,
        'POST',
        lotteryGamePath(operatorPath(LOTTERY_API_PATHS.operatorChangeGameSettings, 'PALARO'), GAME),
        change,
        { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
      );
    const { maxBetStake } = value(await settings({ maxBetStake: 500 }));
    expect(maxBetStake).toBe(500);
    const key = newKey();
    expect(await outcomeOf(placeBets(slips, lottery.testApp.db.db, who, key, request))).toEqual({
      ok: false,
      code: LOTTERY_ERROR_CODES.stakeOutOfLimits,
    });
    value(await settings({ maxBetStake: 5_000_000 }));
    expect(await outcomeOf(placeBets(slips, lottery.testApp.db.db, who, key, request))).toMatchObject({
      ok: true,
      value: { balance: 8_000 },
    });
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });

  // Two transactions at once need a server: PGlite has one connection.
  it.skipIf(!process.env.DATABASE_URL)(
    'locks the wallets before the house, so a transaction holding a wallet and then taking the house (a provider call, a settlement) never deadlocks with a group',
    async () => {
      const slips = new SlipCommitter(lottery.testApp.db.db, () => new Date(clock));
      const who = await bettor(10_000n);
      const draw = await currentDraw(GAME);
      const db = lottery.testApp.db.db;
      let placing: Promise<Outcome> | undefined;
      await db.transaction(async (tx) => {
        // As a provider call does: the member's wallet first, the house at its posting.
        await tx.execute(
          sql`select id from ledger_accounts where merchant_id = ${DEMO_MERCHANT_ID} and code = ${`member:${who.memberId}`} for update`,
        );
        placing = outcomeOf(
          placeBets(slips, db, who, newKey(), {
            gameCode: GAME,
            numero: draw.numero,
            prizeGroup: PRIZE_GROUP_DEFAULT,
            bets: [tenDigits],
          }),
        );
        // The slip's group waits for the wallet, holding no house.
        await expect
          .poll(async () => {
            const waiting = await db.execute(sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query like '%ledger_accounts%'`);
            return (waiting as unknown as { rows: { waiting: number }[] }).rows[0]!.waiting;
          })
          .toBe(1);
        await tx.execute(
          sql`select id from ledger_accounts where merchant_id = ${DEMO_MERCHANT_ID} and code = 'house' for update`,
        );
      });
      expect(await placing).toMatchObject({ ok: true, value: { balance: 9_000 } });
    },
  );

  it('refuses a slip after the draw’s lock, whatever group it is in, and writes nothing for it', async () => {
    const slips = new SlipCommitter(lottery.testApp.db.db, () => new Date(clock));
    const who = await bettor(10_000n);
    const draw = await currentDraw(GAME);
    const request: Slip = { gameCode: GAME, numero: draw.numero, prizeGroup: PRIZE_GROUP_DEFAULT, bets: [tenDigits] };
    const before = await outcomeOf(placeBets(slips, lottery.testApp.db.db, who, newKey(), request));
    expect(before).toMatchObject({ ok: true });

    // The server's clock at the lock time: on sale no more, though the lock job has not run yet.
    clock = draw.locksAt;
    const late = await Promise.all(
      [0, 1, 2].map(() => outcomeOf(placeBets(slips, lottery.testApp.db.db, who, newKey(), request))),
    );
    expect(late).toEqual([0, 1, 2].map(() => ({ ok: false, code: LOTTERY_ERROR_CODES.drawClosed })));
    // Locked by the job: still refused.
    await lockDraw(lottery.deps, (await drawRow(GAME, draw.numero)).id);
    expect(await outcomeOf(placeBets(slips, lottery.testApp.db.db, who, newKey(), request))).toEqual({
      ok: false,
      code: LOTTERY_ERROR_CODES.drawClosed,
    });

    expect(await memberBalance(lottery.testApp.db.db, DEMO_MERCHANT_ID, who.memberId)).toBe(9_000n);
    expect(
      await lottery.testApp.db.db.select().from(lotteryBets).where(eq(lotteryBets.memberId, who.memberId)),
    ).toHaveLength(1);
    expect((await verifyLedger(lottery.testApp.db.db)).problems).toEqual([]);
  });
});
