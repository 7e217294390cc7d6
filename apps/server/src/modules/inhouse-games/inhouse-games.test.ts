import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  ERROR_CODES,
  GAME_WALLET_API_PATHS,
  INHOUSE_API_PATHS,
  INHOUSE_ERROR_CODES,
  INHOUSE_SESSION_HEADER,
  MINES_GAME_CODE,
  PROVIDER_API_PATHS,
  SLOT_BET_STEPS,
  SLOT_GAME_CODE,
  inhouseRoundPath,
  mineCellsFromSeeds,
  minesMultiplier,
  minesPayout,
  slotRoundFromSeeds,
  slotWinAmount,
  type TInhouseRoundDetail,
  type TInhouseRoundPage,
  type TInhouseSession,
  type TMinesCurrent,
  type TMinesResult,
  type TSeedRotation,
  type TSlotSpinResult,
  type TFairnessState,
} from '@palaro/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { games } from '../games/schema';
import { memberCashAccount } from '../wallet/ledger';
import { creditMember, DEMO_MERCHANT_ID, registeredMember, TEST_PASSWORD } from '../wallet/testing';
import { verifyLedger } from '../wallet/verify';
import { isDatabaseUnavailable } from '../../platform/db/unavailable';
import { providerPlayerIdOfMember } from '../game-wallet/testing';
import { inhouseRounds } from './schema';
import type { InhouseDeps } from './deps';
import { startMines } from './mines';
import { requireSession } from './sessions';
import type { WalletClient } from './wallet-client';

/**
 * The in-house game server through real HTTP, its money through the real seamless wallet (signed
 * provider calls to this same app, listening on a port of its own): sessions, spins, mines rounds,
 * seeds, verification, bad input, and a wallet that does not answer.
 */

let testApp: TestApp;
let base: string;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await testApp?.close();
});

interface Answer<T> {
  status: number;
  body: { success: true; value: T } | { success: false; errorCode: string; message: string };
}

async function call<T>(
  method: string,
  path: string,
  options: { session?: string; body?: unknown; baseUrl?: string } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${options.baseUrl ?? base}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.session ? { [INHOUSE_SESSION_HEADER]: options.session } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
}

function valueOf<T>(answer: Answer<T>): T {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: true });
  return (answer.body as { value: T }).value;
}

function expectFailure(answer: Answer<unknown>, status: number, errorCode: string): void {
  expect(
    { status: answer.status, errorCode: (answer.body as { errorCode?: string }).errorCode },
    JSON.stringify(answer.body),
  ).toEqual({ status, errorCode });
}

async function nodeIdOf(gameCode: string): Promise<number> {
  const [game] = await testApp.db.db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.merchantId, DEMO_MERCHANT_ID), eq(games.code, gameCode)));
  return game!.id;
}

/** A member with ₱1,000 who launched the game: the launch token from the game URL. */
async function launchedPlayer(gameCode: string, funds = 100_000n) {
  const player = await registeredMember(testApp.app, testApp.db);
  await creditMember(testApp.db, player.memberId, funds);
  const launch = await player.client.request('POST', GAME_WALLET_API_PATHS.launchGame, {
    vendor: 'PLR',
    nodeId: await nodeIdOf(gameCode),
    pageBack: '/m/gameList',
  });
  expect(launch.statusCode, launch.body).toBe(200);
  const gameUrl = new URL(JSON.parse(launch.body).value.gameUrl as string, base);
  expect(gameUrl.pathname).toBe(`/m/play/${gameCode}`);
  return { ...player, launchToken: new URLSearchParams(gameUrl.hash.slice(1)).get('token')! };
}

async function walletBalance(memberId: number): Promise<number> {
  return Number((await memberCashAccount(testApp.db.db, DEMO_MERCHANT_ID, memberId)).balance);
}

async function openSession(launchToken: string, baseUrl?: string): Promise<TInhouseSession> {
  return valueOf(
    await call<TInhouseSession>('POST', INHOUSE_API_PATHS.openSession, { body: { launchToken }, baseUrl }),
  );
}

/** The mines of a round, read where the server keeps them (the player sees them only at the end). */
async function minesCells(roundId: string): Promise<number[]> {
  const [row] = await testApp.db.db
    .select({ mineCells: inhouseRounds.mineCells })
    .from(inhouseRounds)
    .where(eq(inhouseRounds.id, Number(roundId.split('-')[1])));
  return row!.mineCells!;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('a session', () => {
  it('ends with the member’s sign-out and password change: the old session spins no more, the old launch opens none, no money moves', async () => {
    for (const end of ['sign-out', 'password change'] as const) {
      const player = await launchedPlayer(SLOT_GAME_CODE);
      const session = await openSession(player.launchToken);
      valueOf(
        await call<TSlotSpinResult>('POST', INHOUSE_API_PATHS.slotSpin, {
          session: session.sessionToken,
          body: { bet: 100 },
        }),
      );
      const before = await walletBalance(player.memberId);
      const ended =
        end === 'sign-out'
          ? await player.client.request('DELETE', API_PATHS.logout)
          : await player.client.request('POST', API_PATHS.changePassword, {
              oldPassword: TEST_PASSWORD,
              newPassword: 'Bago12345',
              confirmNewPassword: 'Bago12345',
            });
      expect(ended.statusCode, ended.body).toBe(200);

      expectFailure(
        await call('POST', INHOUSE_API_PATHS.slotSpin, { session: session.sessionToken, body: { bet: 100 } }),
        401,
        INHOUSE_ERROR_CODES.launchExpired,
      );
      expectFailure(
        await call('GET', INHOUSE_API_PATHS.session, { session: session.sessionToken }),
        401,
        INHOUSE_ERROR_CODES.launchExpired,
      );
      expectFailure(
        await call('POST', INHOUSE_API_PATHS.openSession, { body: { launchToken: player.launchToken } }),
        401,
        INHOUSE_ERROR_CODES.sessionInvalid,
      );
      expect(await walletBalance(player.memberId), end).toBe(before);
    }
  });

  it('opens with the launch token: game, balance, bets, stated RTP, rules and the seed commitment', async () => {
    const player = await launchedPlayer(SLOT_GAME_CODE);
    const session = await openSession(player.launchToken);
    expect(session.game).toEqual({ code: SLOT_GAME_CODE, name: 'Palaro Isla Slots', kind: 'slot' });
    expect(session.balance).toBe(100_000);
    expect(session.currency).toBe('PHP');
    expect(session.betSteps).toEqual(SLOT_BET_STEPS);
    expect(session.statedRtp).toBeCloseTo(0.9613, 4);
    expect(session.slot?.paylines).toHaveLength(20);
    expect(session.mines).toBeNull();
    expect(session.fairness).toMatchObject({ nextNonce: 0, previous: null });
    expect(session.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const again = valueOf(
      await call<TInhouseSession>('GET', INHOUSE_API_PATHS.session, { session: session.sessionToken }),
    );
    expect(again.fairness.serverSeedHash).toBe(session.fairness.serverSeedHash);
    expect(again.balance).toBe(100_000);
  });

  it('refuses an unknown launch token or session, and a missing one, with 4xx', async () => {
    expectFailure(
      await call('POST', INHOUSE_API_PATHS.openSession, { body: { launchToken: 'x'.repeat(43) } }),
      401,
      INHOUSE_ERROR_CODES.sessionInvalid,
    );
    expectFailure(await call('POST', INHOUSE_API_PATHS.openSession, { body: {} }), 400, ERROR_CODES.validation);
    expectFailure(
      await call('GET', INHOUSE_API_PATHS.session, { session: 'y'.repeat(43) }),
      401,
      INHOUSE_ERROR_CODES.sessionInvalid,
    );
    expectFailure(await call('GET', INHOUSE_API_PATHS.session), 401, INHOUSE_ERROR_CODES.sessionInvalid);
    expectFailure(
      await call('POST', INHOUSE_API_PATHS.slotSpin, { session: 'not a token', body: { bet: 100 } }),
      401,
      INHOUSE_ERROR_CODES.sessionInvalid,
    );
    // An unknown path of the API is a 404 of the API, not the web app's page.
    const unknown = await fetch(`${base}/inhouse/v1/nothing-here`, { headers: { accept: 'text/html,*/*' } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('an expired launch', () => {
  it('refuses new bets with a clear 401 once the launch token expired, moving nothing', async () => {
    let shift = 0;
    const clocked = await createTestApp(
      {},
      { database: testApp.db, platform: { overrides: { now: () => new Date(Date.now() + shift) } } },
    );
    try {
      await clocked.app.listen({ port: 0, host: '127.0.0.1' });
      const clockedBase = `http://127.0.0.1:${(clocked.app.server.address() as AddressInfo).port}`;
      const player = await launchedPlayer(SLOT_GAME_CODE);
      const session = await openSession(player.launchToken, clockedBase);
      valueOf(
        await call<TSlotSpinResult>('POST', INHOUSE_API_PATHS.slotSpin, {
          session: session.sessionToken,
          body: { bet: 100 },
          baseUrl: clockedBase,
        }),
      );
      const balance = await walletBalance(player.memberId);
      shift = 3 * 60 * 60_000;
      expectFailure(
        await call('POST', INHOUSE_API_PATHS.slotSpin, {
          session: session.sessionToken,
          body: { bet: 100 },
          baseUrl: clockedBase,
        }),
        401,
        INHOUSE_ERROR_CODES.launchExpired,
      );
      expect(await walletBalance(player.memberId)).toBe(balance);
      expectFailure(
        await call('POST', INHOUSE_API_PATHS.openSession, {
          body: { launchToken: player.launchToken },
          baseUrl: clockedBase,
        }),
        401,
        INHOUSE_ERROR_CODES.sessionInvalid,
      );
    } finally {
      await clocked.close();
    }
  });
});

describe('Palaro Isla Slots', () => {
  it('moves the balance by win − bet on every spin, each a round settled once at the wallet', async () => {
    const player = await launchedPlayer(SLOT_GAME_CODE);
    const session = await openSession(player.launchToken);
    let balance = session.balance;
    for (let spin = 0; spin < 12; spin += 1) {
      const result = valueOf(
        await call<TSlotSpinResult>('POST', INHOUSE_API_PATHS.slotSpin, {
          session: session.sessionToken,
          body: { bet: 200 },
        }),
      );
      expect(result.round.win).toBe(slotWinAmount(200, result.round.outcome.lineBets));
      expect(result.round.settlement).toBe('settled');
      expect(result.round.seeds).toMatchObject({
        nonce: spin,
        serverSeed: null,
        serverSeedHash: session.fairness.serverSeedHash,
      });
      expect(result.balance).toBe(balance - 200 + result.round.win);
      balance = result.balance;
      expect(result.fairness.nextNonce).toBe(spin + 1);
    }
    expect(await walletBalance(player.memberId)).toBe(balance);
    const page = valueOf(
      await call<TInhouseRoundPage>('GET', `${INHOUSE_API_PATHS.rounds}?pageNo=1`, { session: session.sessionToken }),
    );
    expect(page.rounds).toHaveLength(12);
    expect(page.rounds[0]!.nonce).toBe(11);
  });

  it('gives spins sent at once a nonce each, in order, and moves the money of each once', async () => {
    const player = await launchedPlayer(SLOT_GAME_CODE);
    const session = await openSession(player.launchToken);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call<TSlotSpinResult>('POST', INHOUSE_API_PATHS.slotSpin, {
          session: session.sessionToken,
          body: { bet: 500 },
        }),
      ),
    );
    const rounds = results.map((answer) => valueOf(answer).round);
    expect(rounds.map((round) => round.seeds.nonce).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    const won = rounds.reduce((sum, round) => sum + round.win, 0);
    expect(await walletBalance(player.memberId)).toBe(100_000 - 6 * 500 + won);
  });

  it('refuses bets off the steps, above the balance and of the wrong shape, moving nothing', async () => {
    const player = await launchedPlayer(SLOT_GAME_CODE, 300n);
    const session = await openSession(player.launchToken);
    const spin = (bet: unknown) =>
      call('POST', INHOUSE_API_PATHS.slotSpin, { session: session.sessionToken, body: { bet } });
    expectFailure(await spin(150), 400, INHOUSE_ERROR_CODES.betInvalid);
    expectFailure(await spin(100_000_000), 400, INHOUSE_ERROR_CODES.betInvalid);
    expectFailure(await spin(1.5), 400, ERROR_CODES.validation);
    expectFailure(await spin('100'), 400, ERROR_CODES.validation);
    expectFailure(await spin(-100), 400, ERROR_CODES.validation);
    expectFailure(await spin(500), 409, INHOUSE_ERROR_CODES.insufficientFunds);
    expect(await walletBalance(player.memberId)).toBe(300);
    // A refused bet never shows as a round.
    const page = valueOf(
      await call<TInhouseRoundPage>('GET', INHOUSE_API_PATHS.rounds, { session: session.sessionToken }),
    );
    expect(page.rounds).toEqual([]);
    // A slot session cannot play mines.
    expectFailure(
      await call('POST', INHOUSE_API_PATHS.minesStart, { session: session.sessionToken, body: { bet: 100, mines: 3 } }),
      400,
      ERROR_CODES.validation,
    );
  });
});

describe('Palaro Mines', () => {
  it('debits at the start, credits the cash-out, and survives a reload while open', async () => {
    const player = await launchedPlayer(MINES_GAME_CODE);
    const session = await openSession(player.launchToken);
    expect(session.mines?.multipliers[3]?.[1]).toBe(minesMultiplier(3, 1));
    const started = valueOf(
      await call<TMinesResult>('POST', INHOUSE_API_PATHS.minesStart, {
        session: session.sessionToken,
        body: { bet: 1000, mines: 3 },
      }),
    );
    expect(started.balance).toBe(99_000);
    expect(started.round).toMatchObject({
      status: 'open',
      mines: 3,
      revealed: [],
      multiplier: 0,
      mineCells: null,
      nextMultiplier: minesMultiplier(3, 1),
    });
    const mines = await minesCells(started.round.roundId);
    const safe = Array.from({ length: 25 }, (_, cell) => cell).filter((cell) => !mines.includes(cell));

    // A second start while one is open is refused; so is rotating the seed that placed the mines.
    expectFailure(
      await call('POST', INHOUSE_API_PATHS.minesStart, {
        session: session.sessionToken,
        body: { bet: 1000, mines: 3 },
      }),
      409,
      INHOUSE_ERROR_CODES.roundOpen,
    );
    expectFailure(
      await call('POST', INHOUSE_API_PATHS.rotateSeed, { session: session.sessionToken, body: {} }),
      409,
      INHOUSE_ERROR_CODES.roundOpen,
    );
    expectFailure(
      await call('POST', INHOUSE_API_PATHS.minesCashout, { session: session.sessionToken, body: {} }),
      409,
      INHOUSE_ERROR_CODES.nothingToCashOut,
    );

    const first = valueOf(
      await call<TMinesResult>('POST', INHOUSE_API_PATHS.minesReveal, {
        session: session.sessionToken,
        body: { cell: safe[0] },
      }),
    );
    expect(first.round).toMatchObject({
      status: 'open',
      revealed: [safe[0]],
      multiplier: minesMultiplier(3, 1),
      mineCells: null,
    });
    expectFailure(
      await call('POST', INHOUSE_API_PATHS.minesReveal, { session: session.sessionToken, body: { cell: safe[0] } }),
      409,
      INHOUSE_ERROR_CODES.cellRevealed,
    );
    valueOf(
      await call<TMinesResult>('POST', INHOUSE_API_PATHS.minesReveal, {
        session: session.sessionToken,
        body: { cell: safe[1] },
      }),
    );

    // A reload: the same launch opens a new session that finds the round where it was.
    const reloaded = await openSession(player.launchToken);
    expect(reloaded.currentRound).toMatchObject({ roundId: started.round.roundId, revealed: [safe[0], safe[1]] });
    const current = valueOf(
      await call<TMinesCurrent>('GET', INHOUSE_API_PATHS.minesCurrent, { session: reloaded.sessionToken }),
    );
    expect(current.round?.roundId).toBe(started.round.roundId);

    const cashed = valueOf(
      await call<TMinesResult>('POST', INHOUSE_API_PATHS.minesCashout, { session: reloaded.sessionToken, body: {} }),
    );
    const payout = minesPayout(1000, minesMultiplier(3, 2));
    expect(cashed.round).toMatchObject({ status: 'cashed_out', payout, settlement: 'settled', mineCells: mines });
    expect(cashed.balance).toBe(99_000 + payout);
    expect(await walletBalance(player.memberId)).toBe(99_000 + payout);

    expectFailure(
      await call('POST', INHOUSE_API_PATHS.minesReveal, { session: reloaded.sessionToken, body: { cell: safe[2] } }),
      409,
      INHOUSE_ERROR_CODES.noOpenRound,
    );
    expectFailure(
      await call('POST', INHOUSE_API_PATHS.minesCashout, { session: reloaded.sessionToken, body: {} }),
      409,
      INHOUSE_ERROR_CODES.noOpenRound,
    );
    expect(
      valueOf(await call<TMinesCurrent>('GET', INHOUSE_API_PATHS.minesCurrent, { session: reloaded.sessionToken }))
        .round,
    ).toBeNull();
  });

  it('lets one of two starts sent at once through', async () => {
    const player = await launchedPlayer(MINES_GAME_CODE);
    const session = await openSession(player.launchToken);
    const answers = await Promise.all(
      [1, 2].map(() =>
        call<TMinesResult>('POST', INHOUSE_API_PATHS.minesStart, {
          session: session.sessionToken,
          body: { bet: 1000, mines: 3 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await walletBalance(player.memberId)).toBe(99_000);
  });

  it('ends the round on a mine: nothing is paid, the mines are shown and the wallet closes the round', async () => {
    const player = await launchedPlayer(MINES_GAME_CODE);
    const session = await openSession(player.launchToken);
    const started = valueOf(
      await call<TMinesResult>('POST', INHOUSE_API_PATHS.minesStart, {
        session: session.sessionToken,
        body: { bet: 500, mines: 5 },
      }),
    );
    const mines = await minesCells(started.round.roundId);
    const lost = valueOf(
      await call<TMinesResult>('POST', INHOUSE_API_PATHS.minesReveal, {
        session: session.sessionToken,
        body: { cell: mines[2] },
      }),
    );
    expect(lost.round).toMatchObject({
      status: 'lost',
      payout: 0,
      multiplier: 0,
      mineCells: mines,
      revealed: [mines[2]],
      settlement: 'settled',
    });
    expect(lost.balance).toBe(99_500);
    expect(await walletBalance(player.memberId)).toBe(99_500);
  });

  it('refuses cells off the field, impossible mine counts and bets off the steps with 4xx', async () => {
    const player = await launchedPlayer(MINES_GAME_CODE);
    const session = await openSession(player.launchToken);
    const start = (body: unknown) =>
      call('POST', INHOUSE_API_PATHS.minesStart, { session: session.sessionToken, body });
    expectFailure(await start({ bet: 1000, mines: 0 }), 400, ERROR_CODES.validation);
    expectFailure(await start({ bet: 1000, mines: 25 }), 400, ERROR_CODES.validation);
    expectFailure(await start({ bet: 1000 }), 400, ERROR_CODES.validation);
    expectFailure(await start({ bet: 999, mines: 3 }), 400, INHOUSE_ERROR_CODES.betInvalid);
    expectFailure(
      await call('POST', INHOUSE_API_PATHS.minesReveal, { session: session.sessionToken, body: { cell: 0 } }),
      409,
      INHOUSE_ERROR_CODES.noOpenRound,
    );
    valueOf(await start({ bet: 1000, mines: 24 }));
    for (const cell of [25, -1, 2.5, '3', null]) {
      expectFailure(
        await call('POST', INHOUSE_API_PATHS.minesReveal, { session: session.sessionToken, body: { cell } }),
        400,
        ERROR_CODES.validation,
      );
    }
    expectFailure(
      await call('GET', inhouseRoundPath('MINES-abc'), { session: session.sessionToken }),
      400,
      ERROR_CODES.validation,
    );
    expectFailure(
      await call('GET', inhouseRoundPath('SLOT-999999999'), { session: session.sessionToken }),
      404,
      ERROR_CODES.notFound,
    );
    expectFailure(
      await call('GET', `${INHOUSE_API_PATHS.rounds}?pageNo=0`, { session: session.sessionToken }),
      400,
      ERROR_CODES.validation,
    );
  });
});

describe('provable fairness', () => {
  it('reveals on rotation a seed whose SHA-256 is the committed hash, and every past round recomputes from it', async () => {
    const slotPlayer = await launchedPlayer(SLOT_GAME_CODE);
    const session = await openSession(slotPlayer.launchToken);
    const clientSeed = valueOf(
      await call<TFairnessState>('PUT', INHOUSE_API_PATHS.clientSeed, {
        session: session.sessionToken,
        body: { clientSeed: 'isla-verify-1' },
      }),
    );
    expect(clientSeed).toMatchObject({ clientSeed: 'isla-verify-1', serverSeedHash: session.fairness.serverSeedHash });
    const spins = [];
    for (let spin = 0; spin < 5; spin += 1) {
      spins.push(
        valueOf(
          await call<TSlotSpinResult>('POST', INHOUSE_API_PATHS.slotSpin, {
            session: session.sessionToken,
            body: { bet: 100 },
          }),
        ).round,
      );
    }
    const rotation = valueOf(
      await call<TSeedRotation>('POST', INHOUSE_API_PATHS.rotateSeed, {
        session: session.sessionToken,
        body: { clientSeed: 'isla-verify-2' },
      }),
    );
    expect(rotation.revealed.serverSeedHash).toBe(session.fairness.serverSeedHash);
    expect(sha256(rotation.revealed.serverSeed)).toBe(session.fairness.serverSeedHash);
    expect(rotation.revealed).toMatchObject({ clientSeed: 'isla-verify-1', roundCount: 5 });
    expect(rotation.fairness).toMatchObject({ clientSeed: 'isla-verify-2', nextNonce: 0 });
    expect(rotation.fairness.serverSeedHash).not.toBe(session.fairness.serverSeedHash);
    expect(rotation.fairness.previous?.serverSeed).toBe(rotation.revealed.serverSeed);

    for (const spin of spins) {
      const detail = valueOf(
        await call<TInhouseRoundDetail>('GET', inhouseRoundPath(spin.roundId), { session: session.sessionToken }),
      );
      expect(detail.slot!.seeds).toEqual({
        serverSeedHash: session.fairness.serverSeedHash,
        clientSeed: 'isla-verify-1',
        nonce: spin.seeds.nonce,
        serverSeed: rotation.revealed.serverSeed,
      });
      const recomputed = await slotRoundFromSeeds({
        serverSeed: detail.slot!.seeds.serverSeed!,
        clientSeed: detail.slot!.seeds.clientSeed,
        nonce: detail.slot!.seeds.nonce,
      });
      expect(recomputed).toEqual(detail.slot!.outcome);
      expect(slotWinAmount(detail.slot!.bet, recomputed.lineBets)).toBe(detail.slot!.win);
    }
    // The next round plays the new pair from nonce 0.
    const next = valueOf(
      await call<TSlotSpinResult>('POST', INHOUSE_API_PATHS.slotSpin, {
        session: session.sessionToken,
        body: { bet: 100 },
      }),
    );
    expect(next.round.seeds).toMatchObject({
      nonce: 0,
      clientSeed: 'isla-verify-2',
      serverSeedHash: rotation.fairness.serverSeedHash,
      serverSeed: null,
    });
    expectFailure(
      await call('PUT', INHOUSE_API_PATHS.clientSeed, {
        session: session.sessionToken,
        body: { clientSeed: 'has:colon' },
      }),
      400,
      ERROR_CODES.validation,
    );
    expectFailure(
      await call('PUT', INHOUSE_API_PATHS.clientSeed, { session: session.sessionToken, body: { clientSeed: '' } }),
      400,
      ERROR_CODES.validation,
    );
  });

  // Concurrent requests of one session need a server: PGlite runs one transaction at a time.
  it.skipIf(!process.env.DATABASE_URL)(
    'spins racing seed rotations and client-seed changes: no 500, and every round recomputes from its revealed seed',
    async () => {
      const player = await launchedPlayer(SLOT_GAME_CODE);
      const session = await openSession(player.launchToken);
      const options = (body: unknown) => ({ session: session.sessionToken, body });
      const [spins, seedChanges] = await Promise.all([
        Promise.all(
          Array.from({ length: 12 }, () =>
            call<TSlotSpinResult>('POST', INHOUSE_API_PATHS.slotSpin, options({ bet: 100 })),
          ),
        ),
        Promise.all<Answer<unknown>>([
          ...Array.from({ length: 4 }, (_, index) =>
            call<TSeedRotation>('POST', INHOUSE_API_PATHS.rotateSeed, options({ clientSeed: `race-rotate-${index}` })),
          ),
          ...Array.from({ length: 4 }, (_, index) =>
            call<TFairnessState>('PUT', INHOUSE_API_PATHS.clientSeed, options({ clientSeed: `race-client-${index}` })),
          ),
        ]),
      ]);
      // A rotation may be refused (409: the seed changed meanwhile); a spin plays on whichever seed is active when it takes it.
      for (const answer of seedChanges) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      for (const spin of spins) expect(spin.status, JSON.stringify(spin.body)).toBe(200);
      // Every seed the spins used is revealed by one more rotation; each round recomputes from it.
      valueOf(await call<TSeedRotation>('POST', INHOUSE_API_PATHS.rotateSeed, options({})));
      for (const spin of spins) {
        const { roundId } = valueOf(spin).round;
        const detail = valueOf(
          await call<TInhouseRoundDetail>('GET', inhouseRoundPath(roundId), { session: session.sessionToken }),
        ).slot!;
        expect(sha256(detail.seeds.serverSeed!)).toBe(detail.seeds.serverSeedHash);
        expect(
          await slotRoundFromSeeds({
            serverSeed: detail.seeds.serverSeed!,
            clientSeed: detail.seeds.clientSeed,
            nonce: detail.seeds.nonce,
          }),
        ).toEqual(detail.outcome);
      }
      // No two rounds of one seed share a nonce.
      const used = spins.map(
        (spin) => `${valueOf(spin).round.seeds.serverSeedHash}:${valueOf(spin).round.seeds.nonce}`,
      );
      expect(new Set(used).size).toBe(used.length);
    },
  );

  it('recomputes a mines round’s mines from its revealed seeds', async () => {
    const player = await launchedPlayer(MINES_GAME_CODE);
    const session = await openSession(player.launchToken);
    const started = valueOf(
      await call<TMinesResult>('POST', INHOUSE_API_PATHS.minesStart, {
        session: session.sessionToken,
        body: { bet: 100, mines: 7 },
      }),
    );
    const hidden = started.round.mineCells;
    expect(hidden).toBeNull();
    const mines = await minesCells(started.round.roundId);
    const safe = Array.from({ length: 25 }, (_, cell) => cell).find((cell) => !mines.includes(cell))!;
    valueOf(
      await call<TMinesResult>('POST', INHOUSE_API_PATHS.minesReveal, {
        session: session.sessionToken,
        body: { cell: safe },
      }),
    );
    valueOf(
      await call<TMinesResult>('POST', INHOUSE_API_PATHS.minesCashout, { session: session.sessionToken, body: {} }),
    );
    const rotation = valueOf(
      await call<TSeedRotation>('POST', INHOUSE_API_PATHS.rotateSeed, { session: session.sessionToken, body: {} }),
    );
    const detail = valueOf(
      await call<TInhouseRoundDetail>('GET', inhouseRoundPath(started.round.roundId), {
        session: session.sessionToken,
      }),
    ).mines!;
    expect(detail.seeds.serverSeed).toBe(rotation.revealed.serverSeed);
    expect(
      await mineCellsFromSeeds(
        { serverSeed: detail.seeds.serverSeed!, clientSeed: detail.seeds.clientSeed, nonce: detail.seeds.nonce },
        detail.mines,
      ),
    ).toEqual(detail.mineCells);
    // Another player cannot read it.
    const other = await openSession((await launchedPlayer(MINES_GAME_CODE)).launchToken);
    expectFailure(
      await call('GET', inhouseRoundPath(started.round.roundId), { session: other.sessionToken }),
      404,
      ERROR_CODES.notFound,
    );
  });
});

/**
 * A proxy in front of the wallet that forwards every call but, while `dropAnswers` is set, destroys
 * the connection instead of passing the answer back (the wallet did the work; we never heard).
 */
async function lossyProxy(target: string) {
  const state = { dropAnswers: 0, forwarded: [] as string[] };
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      state.forwarded.push(incoming.url!);
      const upstream = httpRequest(
        `${target}${incoming.url}`,
        { method: incoming.method, headers: incoming.headers },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            if (state.dropAnswers > 0) {
              state.dropAnswers -= 1;
              outgoing.socket?.destroy();
              return;
            }
            outgoing.writeHead(answer.statusCode!, answer.headers).end(Buffer.concat(body));
          });
        },
      );
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('a wallet that does not answer', () => {
  it('retries a slot round’s bet-and-settle with the same transaction ids: the round is paid once', async () => {
    const proxy = await lossyProxy(base);
    const lossy = await createTestApp({ INHOUSE_WALLET_URL: proxy.url }, { database: testApp.db });
    try {
      await lossy.app.listen({ port: 0, host: '127.0.0.1' });
      const lossyBase = `http://127.0.0.1:${(lossy.app.server.address() as AddressInfo).port}`;
      const player = await launchedPlayer(SLOT_GAME_CODE);
      const session = await openSession(player.launchToken, lossyBase);
      proxy.state.dropAnswers = 1;
      const result = valueOf(
        await call<TSlotSpinResult>('POST', INHOUSE_API_PATHS.slotSpin, {
          session: session.sessionToken,
          body: { bet: 1000 },
          baseUrl: lossyBase,
        }),
      );
      expect(proxy.state.forwarded.filter((path) => path === PROVIDER_API_PATHS.betAndSettle)).toHaveLength(2);
      expect(result.balance).toBe(100_000 - 1000 + result.round.win);
      expect(await walletBalance(player.memberId)).toBe(100_000 - 1000 + result.round.win);

      // No answer at all: the player is told, the round waits, and the settlement job pays it once.
      proxy.state.dropAnswers = 3;
      expectFailure(
        await call('POST', INHOUSE_API_PATHS.slotSpin, {
          session: session.sessionToken,
          body: { bet: 1000 },
          baseUrl: lossyBase,
        }),
        503,
        INHOUSE_ERROR_CODES.walletUnavailable,
      );
      const [pending] = await testApp.db.db
        .select()
        .from(inhouseRounds)
        .where(
          and(
            eq(inhouseRounds.playerId, await providerPlayerIdOfMember(testApp.db, player.memberId)),
            eq(inhouseRounds.settlement, 'pending'),
          ),
        );
      expect(pending).toBeDefined();
      const { settlePendingRounds } = await import('./settlement');
      const { createWalletClient } = await import('./wallet-client');
      const { providerCredentials } = await import('../game-wallet/service');
      const later = new Date(Date.now() + 60_000);
      const outcome = await settlePendingRounds({
        db: testApp.db.db,
        now: () => later,
        wallet: createWalletClient({
          baseUrl: () => base,
          now: () => new Date(),
          secret: async () => (await providerCredentials(testApp.db.db, 'PLR'))!.secret,
        }),
      });
      expect(outcome.failed).toBe(0);
      const [settled] = await testApp.db.db.select().from(inhouseRounds).where(eq(inhouseRounds.id, pending!.id));
      expect(settled).toMatchObject({ status: 'settled', settlement: 'settled' });
      expect(await walletBalance(player.memberId)).toBe(100_000 - 2000 + result.round.win + Number(settled!.win));
    } finally {
      await lossy.close();
      await proxy.close();
    }
  });

  it('settles a mines start whose debit got no answer: opened by the player’s next start, or given back by the job', async () => {
    const proxy = await lossyProxy(base);
    const lossy = await createTestApp({ INHOUSE_WALLET_URL: proxy.url }, { database: testApp.db });
    try {
      await lossy.app.listen({ port: 0, host: '127.0.0.1' });
      const lossyBase = `http://127.0.0.1:${(lossy.app.server.address() as AddressInfo).port}`;
      const start = (session: string) =>
        call<TMinesResult>('POST', INHOUSE_API_PATHS.minesStart, {
          session,
          body: { bet: 1000, mines: 2 },
          baseUrl: lossyBase,
        });

      // The player tries again: the retried debit finds the bet taken, and the round opens (once).
      const player = await launchedPlayer(MINES_GAME_CODE);
      const session = await openSession(player.launchToken, lossyBase);
      proxy.state.dropAnswers = 3;
      expectFailure(await start(session.sessionToken), 503, INHOUSE_ERROR_CODES.walletUnavailable);
      expect(await walletBalance(player.memberId)).toBe(99_000);
      expectFailure(await start(session.sessionToken), 409, INHOUSE_ERROR_CODES.roundOpen);
      const current = valueOf(
        await call<TMinesCurrent>('GET', INHOUSE_API_PATHS.minesCurrent, {
          session: session.sessionToken,
          baseUrl: lossyBase,
        }),
      );
      expect(current.round).toMatchObject({ status: 'open', bet: 1000, mines: 2 });
      expect(await walletBalance(player.memberId)).toBe(99_000);

      // The player left: after a minute the job gives the bet back and the round is gone.
      const leaver = await launchedPlayer(MINES_GAME_CODE);
      const leaverSession = await openSession(leaver.launchToken, lossyBase);
      proxy.state.dropAnswers = 3;
      expectFailure(await start(leaverSession.sessionToken), 503, INHOUSE_ERROR_CODES.walletUnavailable);
      expect(await walletBalance(leaver.memberId)).toBe(99_000);
      const { settlePendingRounds } = await import('./settlement');
      const { createWalletClient } = await import('./wallet-client');
      const { providerCredentials } = await import('../game-wallet/service');
      const later = new Date(Date.now() + 120_000);
      await settlePendingRounds({
        db: testApp.db.db,
        now: () => later,
        wallet: createWalletClient({
          baseUrl: () => base,
          now: () => new Date(),
          secret: async () => (await providerCredentials(testApp.db.db, 'PLR'))!.secret,
        }),
      });
      expect(await walletBalance(leaver.memberId)).toBe(100_000);
      const [refunded] = await testApp.db.db
        .select()
        .from(inhouseRounds)
        .where(eq(inhouseRounds.playerId, await providerPlayerIdOfMember(testApp.db, leaver.memberId)));
      expect(refunded).toMatchObject({ status: 'refunded', settlement: 'settled' });
      expect(
        valueOf(
          await call<TMinesCurrent>('GET', INHOUSE_API_PATHS.minesCurrent, {
            session: leaverSession.sessionToken,
            baseUrl: lossyBase,
          }),
        ).round,
      ).toBeNull();
      valueOf(await start(leaverSession.sessionToken));
    } finally {
      await lossy.close();
      await proxy.close();
    }
  });

  it('keeps a cash-out whose credit got no answer, and the settlement job credits it once', async () => {
    const proxy = await lossyProxy(base);
    const lossy = await createTestApp({ INHOUSE_WALLET_URL: proxy.url }, { database: testApp.db });
    try {
      await lossy.app.listen({ port: 0, host: '127.0.0.1' });
      const lossyBase = `http://127.0.0.1:${(lossy.app.server.address() as AddressInfo).port}`;
      const player = await launchedPlayer(MINES_GAME_CODE);
      const session = await openSession(player.launchToken, lossyBase);
      const started = valueOf(
        await call<TMinesResult>('POST', INHOUSE_API_PATHS.minesStart, {
          session: session.sessionToken,
          body: { bet: 2000, mines: 1 },
          baseUrl: lossyBase,
        }),
      );
      const mines = await minesCells(started.round.roundId);
      const safe = Array.from({ length: 25 }, (_, cell) => cell).find((cell) => !mines.includes(cell))!;
      valueOf(
        await call<TMinesResult>('POST', INHOUSE_API_PATHS.minesReveal, {
          session: session.sessionToken,
          body: { cell: safe },
          baseUrl: lossyBase,
        }),
      );
      proxy.state.dropAnswers = 3;
      const cashed = valueOf(
        await call<TMinesResult>('POST', INHOUSE_API_PATHS.minesCashout, {
          session: session.sessionToken,
          body: {},
          baseUrl: lossyBase,
        }),
      );
      const payout = minesPayout(2000, minesMultiplier(1, 1));
      expect(cashed).toMatchObject({ balance: null, round: { status: 'cashed_out', payout, settlement: 'pending' } });
      // The wallet took the first of the three credits: the player already has the money, once.
      expect(await walletBalance(player.memberId)).toBe(98_000 + payout);
      const { settlePendingRounds } = await import('./settlement');
      const { createWalletClient } = await import('./wallet-client');
      const { providerCredentials } = await import('../game-wallet/service');
      const later = new Date(Date.now() + 60_000);
      await settlePendingRounds({
        db: testApp.db.db,
        now: () => later,
        wallet: createWalletClient({
          baseUrl: () => base,
          now: () => new Date(),
          secret: async () => (await providerCredentials(testApp.db.db, 'PLR'))!.secret,
        }),
      });
      const detail = valueOf(
        await call<TInhouseRoundDetail>('GET', inhouseRoundPath(started.round.roundId), {
          session: session.sessionToken,
          baseUrl: lossyBase,
        }),
      );
      expect(detail.mines).toMatchObject({ status: 'cashed_out', payout, settlement: 'settled' });
      expect(await walletBalance(player.memberId)).toBe(98_000 + payout);
    } finally {
      await lossy.close();
      await proxy.close();
    }
  });
});

describe('its own database going away during a money call', () => {
  it('fails as an outage (the error handler answers 503 with Retry-After), not as an "Unexpected failure" 500: the wallet took the bet, the round could not be opened', async () => {
    const player = await launchedPlayer(MINES_GAME_CODE);
    const session = await openSession(player.launchToken);
    const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    // The database answers the round's start, then goes away: the first write after the wallet's answer fails.
    const db = new Proxy(testApp.db.db, {
      get: (target, name, receiver) =>
        name === 'update'
          ? () => {
              throw lost;
            }
          : (Reflect.get(target, name, receiver) as unknown),
    });
    const wallet = { debit: async () => ({ balance: 99_900 }) } as unknown as WalletClient;
    const deps: InhouseDeps = { db, now: () => new Date(), wallet };
    const { session: row } = await requireSession(deps, session.sessionToken);
    const failure = await startMines(deps, row, 100n, 3).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
  });
});

describe('the ledger', () => {
  it('is consistent after all of it', async () => {
    expect((await verifyLedger(testApp.db.db)).problems).toEqual([]);
  });
});
