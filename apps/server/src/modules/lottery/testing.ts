import { and, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  IDEMPOTENCY_HEADER,
  LOTTERY_API_PATHS,
  lotteryGamePath,
  type TLotteryDraw,
  type TPlaceBetsResult,
} from '@palaro/contract';
import { createTestApp, type TestApp } from '../../test-app';
import type { AccountsClient } from '../accounts/testing';
import { creditMember, DEMO_MERCHANT_ID, newKey, registeredMember } from '../wallet/testing';
import type { Db } from '../../platform/db/database';
import { journalEntries, journalLines } from '../wallet/schema';
import type { LotteryDeps } from './draws';
import { lotteryBets, lotteryDraws, lotteryGames } from './schema';
import { settleDraw } from './settlement';

/**
 * The settlement's payments of `bets` ('win' LW<betId> or 'bet_refund' LR<betId>: one per member
 * and chunk, named by its lowest bet), each with what it credited the member.
 */
export async function lotteryPayments(
  db: Db,
  kind: 'win' | 'bet_refund',
  bets: readonly { id: number }[],
): Promise<{ reference: string; amount: bigint }[]> {
  const prefix = kind === 'win' ? 'LW' : 'LR';
  return db
    .select({ reference: journalEntries.reference, amount: journalLines.amount })
    .from(journalEntries)
    .innerJoin(journalLines, and(eq(journalLines.entryId, journalEntries.id), gt(journalLines.amount, 0n)))
    .where(
      and(
        eq(journalEntries.kind, kind),
        inArray(
          journalEntries.reference,
          bets.map((bet) => `${prefix}${bet.id}`),
        ),
      ),
    );
}

export interface Answer<T> {
  statusCode: number;
  body:
    | { success: true; value: T }
    | { success: false; errorCode: string; message: string; value?: Record<string, unknown> };
}

/**
 * The whole app on a clock of the test's own (`now`; the scheduler's real-time ticks never reach
 * its draws), started before the file's tests and closed after them, with the lottery's functions'
 * deps on the same clock and database (`jobs` receives what they enqueue; by default nothing), and
 * the helpers the lottery's tests share: HTTP calls as a member or as no one, placing slips, funded
 * members, a game's draw on sale and a draw's row, settling a draw.
 */
export function lotteryTestApp(now: () => Date, jobs: LotteryDeps['jobs'] = { enqueue: async () => null }) {
  let testApp: TestApp;
  let deps: LotteryDeps;
  beforeAll(async () => {
    testApp = await createTestApp({}, { platform: { overrides: { now } } });
    deps = { db: testApp.db.db, now, jobs };
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** A request as the member `client` signs in as, or as no one (null). */
  async function call<T>(
    client: AccountsClient | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const response = client
      ? await client.request(method, url, payload, headers)
      : await testApp.app.inject({
          method,
          url,
          ...(payload === undefined ? {} : { payload: payload as object }),
          headers,
        });
    return { statusCode: response.statusCode, body: response.json() };
  }

  /** The answer's value; fails the test when the answer is a refusal. */
  function value<T>(answer: Answer<T>): T {
    expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
    return (answer.body as { value: T }).value;
  }

  function refused(answer: Answer<unknown>, status: number, code: string): void {
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body).toMatchObject({ success: false, errorCode: code });
  }

  const place = (client: AccountsClient, body: unknown, key = newKey()) =>
    call<TPlaceBetsResult>(client, 'POST', LOTTERY_API_PATHS.placeBets, body, { [IDEMPOTENCY_HEADER]: key });

  /** A member registered and signed in, its wallet credited with `amount` centavos (none when 0). */
  async function funded(amount: bigint) {
    const member = await registeredMember(testApp.app, testApp.db);
    if (amount > 0n) await creditMember(testApp.db, member.memberId, amount);
    return member;
  }

  /** The game's draw on sale, as the player API answers it. */
  const currentDraw = async (gameCode: string) =>
    value(await call<TLotteryDraw>(null, 'GET', lotteryGamePath(LOTTERY_API_PATHS.numero, gameCode)));

  async function drawRow(gameCode: string, numero: string) {
    const [game] = await testApp.db.db
      .select()
      .from(lotteryGames)
      .where(and(eq(lotteryGames.merchantId, DEMO_MERCHANT_ID), eq(lotteryGames.gameCode, gameCode)));
    const [draw] = await testApp.db.db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameId, game!.id), eq(lotteryDraws.numero, numero)));
    return draw!;
  }

  /**
   * Settles a draw and waits until none of its bets is pending: the app's own job worker may be
   * settling the same draw (its settlement job was enqueued with the result), and the settlement skips
   * the bets another settler holds.
   */
  async function settled(drawId: number): Promise<void> {
    await settleDraw(deps, drawId);
    await expect
      .poll(
        async () =>
          (
            await testApp.db.db
              .select({ id: lotteryBets.id })
              .from(lotteryBets)
              .where(and(eq(lotteryBets.drawId, drawId), eq(lotteryBets.state, 'pending')))
          ).length,
      )
      .toBe(0);
  }

  return {
    /** The app, once the file's tests run. */
    get testApp() {
      return testApp;
    },
    /** The lottery functions' deps on the test's clock, once the file's tests run. */
    get deps() {
      return deps;
    },
    call,
    value,
    refused,
    place,
    funded,
    currentDraw,
    drawRow,
    settled,
  };
}
