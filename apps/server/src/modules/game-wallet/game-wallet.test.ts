import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  ERROR_CODES,
  GAME_API_PATHS,
  GAME_WALLET_API_PATHS,
  LAUNCH_TOKEN_TTL_MS,
  PROVIDER_API_PATHS,
  type TGameRecords,
} from '@palaro/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { AccountsClient } from '../accounts/testing';
import { memberBalance } from '../wallet/ledger';
import { creditMember, DEMO_MERCHANT_ID, openBalanceStream, registeredMember, TEST_PASSWORD } from '../wallet/testing';
import { insertProviderIfAbsent } from './store';
import { changeMemberRow } from '../accounts/testing';
import { turnoverLeft } from '../wallet/turnover';
import { verifyLedger } from '../wallet/verify';
import { authenticatedLaunch, launchToken, newRequestId, newTransactionId, nodeIdOf, ProviderClient } from './testing';

/**
 * The game wallet end to end over HTTP: a member launches a PLR game, the provider (signing like a
 * real one) authenticates the token and moves money with debits, credits and rollbacks. Runs on
 * PGlite, and on the real PostgreSQL when DATABASE_URL is set (the concurrency test then races
 * real connections).
 */

let clock = new Date('2026-11-26T04:00:00Z');
const now = () => clock;
const tick = (ms = 1000) => {
  clock = new Date(clock.getTime() + ms);
};

let testApp: TestApp;
let provider: ProviderClient;
let slotNodeId: number;
let minesNodeId: number;

beforeAll(async () => {
  testApp = await createTestApp({}, { platform: { overrides: { now } } });
  provider = await ProviderClient.of(testApp.app, testApp.db, now);
  slotNodeId = await nodeIdOf(testApp.db, 'PLR-INHOUSE-001');
  minesNodeId = await nodeIdOf(testApp.db, 'PLR-INHOUSE-002');
});
afterAll(async () => {
  await testApp?.close();
});

const SLOT = 'PLR-INHOUSE-001';

/** A new member with `funds` centavos, the PLR slot launched: its token and player id. */
async function player(funds: bigint) {
  const member = await registeredMember(testApp.app, testApp.db);
  if (funds > 0n) await creditMember(testApp.db, member.memberId, funds);
  const { token } = await launchToken(member.client, 'PLR', slotNodeId);
  const session = await provider.call(PROVIDER_API_PATHS.authenticate, { token });
  expect(session.statusCode, session.body).toBe(200);
  const playerId = session.json().value.playerId as string;
  return { ...member, token, playerId };
}

const balanceOf = (memberId: number) => memberBalance(testApp.db.db, DEMO_MERCHANT_ID, memberId);

function debitBody(who: { token: string; playerId: string }, amount: number, extra: Record<string, unknown> = {}) {
  return {
    token: who.token,
    playerId: who.playerId,
    transactionId: newTransactionId('bet'),
    roundId: newTransactionId('round'),
    gameCode: SLOT,
    amount,
    currency: 'PHP',
    ...extra,
  };
}

async function rowCount(table: string): Promise<number> {
  const result = await testApp.db.db.execute(sql.raw(`select count(*)::int as count from ${table}`));
  return (result as unknown as { rows: { count: number }[] }).rows[0]!.count;
}

describe('whom a provider may see', () => {
  it('refuses a balance read of a player who never launched its games, under any id, and ids are not sequential', async () => {
    const stranger = await registeredMember(testApp.app, testApp.db);
    await creditMember(testApp.db, stranger.memberId, 5_000n);
    // The id form providers once got (merchant-member, sequential): it names no one now.
    const guessed = await provider.call(PROVIDER_API_PATHS.balance, {
      playerId: `${DEMO_MERCHANT_ID}-${stranger.memberId}`,
    });
    expect(guessed.statusCode, guessed.body).toBe(400);
    expect(guessed.body).not.toContain('5000');
    const randomId = await provider.call(PROVIDER_API_PATHS.balance, { playerId: 'AAAAAAAAAAAAAAAAAAAAAA' });
    expect(randomId.json().errorCode).toBe(ERROR_CODES.playerUnknown);

    const first = await player(1_000n);
    const second = await player(1_000n);
    expect(second.playerId).not.toBe(first.playerId);
    expect(second.memberId).toBe(first.memberId + 1);
    // 128 random bits, not a form of the member id: neighbouring members share no prefix.
    expect(second.playerId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second.playerId.slice(0, 6)).not.toBe(first.playerId.slice(0, 6));
    const own = await provider.call(PROVIDER_API_PATHS.balance, { playerId: first.playerId });
    expect(own.json().value).toEqual({ playerId: first.playerId, currency: 'PHP', balance: 1_000 });
  });

  it('refuses a second provider the first one’s players: its signed balance, debit and credit calls name no one', async () => {
    await insertProviderIfAbsent(testApp.db.db, {
      vendorCode: 'SECOND',
      name: 'A second provider',
      secret: 'second-provider-secret-0123456789abcdef',
      launchUrlTemplate: 'https://second.example/play?t={token}',
    });
    const second = await ProviderClient.of(testApp.app, testApp.db, now, 'SECOND');
    const victim = await player(2_000n);
    const read = await second.call(PROVIDER_API_PATHS.balance, { playerId: victim.playerId });
    expect(read.statusCode, read.body).toBe(404);
    expect(read.json().errorCode).toBe(ERROR_CODES.playerUnknown);
    const bet = await second.call(PROVIDER_API_PATHS.debit, debitBody(victim, 100));
    expect(bet.json().errorCode).toBe(ERROR_CODES.tokenInvalid);
    expect(await balanceOf(victim.memberId)).toBe(2_000n);
  });
});

describe('game credentials end with the member’s sessions', () => {
  it('sign-out: the old launch token authenticates no more and debits nothing; a new launch works', async () => {
    const who = await player(5_000n);
    expect((await provider.call(PROVIDER_API_PATHS.debit, debitBody(who, 100))).statusCode).toBe(200);
    expect((await who.client.request('DELETE', API_PATHS.logout)).statusCode).toBe(200);
    const reopened = await provider.call(PROVIDER_API_PATHS.authenticate, { token: who.token });
    expect(reopened.statusCode).toBe(403);
    expect(reopened.json().errorCode).toBe(ERROR_CODES.tokenInvalid);
    expect((await provider.call(PROVIDER_API_PATHS.debit, debitBody(who, 100))).json().errorCode).toBe(
      ERROR_CODES.tokenInvalid,
    );
    expect((await provider.call(PROVIDER_API_PATHS.balance, { playerId: who.playerId })).json().errorCode).toBe(
      ERROR_CODES.tokenExpired,
    );
    expect(await balanceOf(who.memberId)).toBe(4_900n);
  });

  it('password change: the old token debits nothing (this device’s new session launches anew), a bet already taken still settles', async () => {
    const who = await player(5_000n);
    const bet = debitBody(who, 300);
    expect((await provider.call(PROVIDER_API_PATHS.debit, bet)).statusCode).toBe(200);
    const changed = await who.client.request('POST', API_PATHS.changePassword, {
      oldPassword: TEST_PASSWORD,
      newPassword: 'Bago12345',
      confirmNewPassword: 'Bago12345',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await provider.call(PROVIDER_API_PATHS.debit, debitBody(who, 100));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe(ERROR_CODES.tokenInvalid);
    const win = await provider.call(PROVIDER_API_PATHS.credit, {
      playerId: who.playerId,
      transactionId: newTransactionId('win'),
      roundId: bet.roundId,
      betTransactionId: bet.transactionId,
      gameCode: SLOT,
      amount: 600,
      currency: 'PHP',
      roundEnded: true,
    });
    expect(win.statusCode, win.body).toBe(200);
    expect(await balanceOf(who.memberId)).toBe(5_300n);
    const relaunched = await launchToken(who.client, 'PLR', slotNodeId);
    expect(
      (await provider.call(PROVIDER_API_PATHS.debit, debitBody({ ...who, token: relaunched.token }, 100))).statusCode,
    ).toBe(200);
  });

  it('a disabled account: its launch token authenticates no more, debits nothing and its balance is not read', async () => {
    const who = await player(5_000n);
    await changeMemberRow(testApp.db.db, who.memberId, { disabled: true });
    expect((await provider.call(PROVIDER_API_PATHS.authenticate, { token: who.token })).json().errorCode).toBe(
      ERROR_CODES.playerUnknown,
    );
    expect((await provider.call(PROVIDER_API_PATHS.debit, debitBody(who, 100))).json().errorCode).toBe(
      ERROR_CODES.playerUnknown,
    );
    expect((await provider.call(PROVIDER_API_PATHS.balance, { playerId: who.playerId })).json().errorCode).toBe(
      ERROR_CODES.playerUnknown,
    );
    expect(await balanceOf(who.memberId)).toBe(5_000n);
  });
});

describe('launch', () => {
  it('needs a session', async () => {
    const guest = new AccountsClient(testApp.app, '198.51.100.90');
    const response = await guest.request('POST', GAME_WALLET_API_PATHS.launchGame, {
      vendor: 'PLR',
      nodeId: slotNodeId,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe(ERROR_CODES.unauthorised);
  });

  it('gives a PLR game a /m/play URL whose token authenticate accepts, bound to that member and game, and records it among recents', async () => {
    const member = await registeredMember(testApp.app, testApp.db);
    await creditMember(testApp.db, member.memberId, 12_345n);
    const response = await member.client.request('POST', GAME_WALLET_API_PATHS.launchGame, {
      vendor: 'PLR',
      nodeId: minesNodeId,
      gameType: 'INHOUSE',
      pageBack: '/m/gameList?gameType=INHOUSE',
      language: 'EN',
    });
    expect(response.statusCode, response.body).toBe(200);
    const launch = response.json().value;
    // The token in the fragment: never sent to a server, so in no request line or log.
    expect(launch.gameUrl).toMatch(
      /^\/m\/play\/PLR-INHOUSE-002#token=[A-Za-z0-9_-]{43}&back=%2Fm%2FgameList%3FgameType%3DINHOUSE$/,
    );
    expect(launch).toMatchObject({ vendor: 'PLR', nodeId: minesNodeId, gameId: 'PLR-INHOUSE-002' });
    expect(new Date(launch.expiresAt).getTime() - clock.getTime()).toBe(LAUNCH_TOKEN_TTL_MS);

    const token = new URLSearchParams(new URL(launch.gameUrl, 'http://x').hash.slice(1)).get('token')!;
    const session = await provider.call(PROVIDER_API_PATHS.authenticate, { token });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().value).toMatchObject({
      playerId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      currency: 'PHP',
      balance: 12_345,
      trial: false,
      game: { code: 'PLR-INHOUSE-002', name: 'Palaro Mines', category: 'INHOUSE', nodeId: minesNodeId },
      backUrl: '/m/gameList?gameType=INHOUSE',
    });
    // Only its hash is kept.
    expect(await rowCount(`game_launch_tokens where token_hash = '${token}'`)).toBe(0);

    const list = await member.client.request('GET', GAME_API_PATHS.recents);
    expect(list.json().value.list.map((game: { nodeId: number }) => game.nodeId)).toEqual([minesNodeId]);
  });

  it('answers game.provider.not_connected for a vendor with no provider here, without minting a token', async () => {
    const member = await registeredMember(testApp.app, testApp.db);
    const [row] = (
      (await testApp.db.db.execute(
        sql`select g.id from games g join game_vendors v on v.id = g.vendor_id where v.code = 'ALON' and g.category = 'RNG' order by g.id limit 1`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const tokens = await rowCount('game_launch_tokens');
    const response = await member.client.request('POST', GAME_WALLET_API_PATHS.launchGame, {
      vendor: 'ALON',
      nodeId: row!.id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errorCode: ERROR_CODES.providerNotConnected, value: { vendor: 'ALON' } });
    expect(await rowCount('game_launch_tokens')).toBe(tokens);
  });

  it('refuses a trial member a game without play money, and lets them play one with it', async () => {
    const trial = new AccountsClient(testApp.app, '198.51.100.91');
    expect((await trial.request('POST', API_PATHS.trial)).statusCode).toBe(200);
    const [live] = (
      (await testApp.db.db.execute(
        sql`select id from games where category = 'LIVE' and not support_play order by id limit 1`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const vendor = (
      (await testApp.db.db.execute(
        sql`select v.code from games g join game_vendors v on v.id = g.vendor_id where g.id = ${live!.id}`,
      )) as unknown as { rows: { code: string }[] }
    ).rows[0]!.code;
    const refused = await trial.request('POST', GAME_WALLET_API_PATHS.launchGame, { vendor, nodeId: live!.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe(ERROR_CODES.trialRefused);

    const { token } = await launchToken(trial, 'PLR', slotNodeId);
    const session = (await provider.call(PROVIDER_API_PATHS.authenticate, { token })).json().value;
    expect(session.trial).toBe(true);
    // Play money goes back to the play-money account, never to the house.
    const bet = await provider.call(PROVIDER_API_PATHS.debit, debitBody({ token, playerId: session.playerId }, 100));
    expect(bet.statusCode, bet.body).toBe(200);
    expect(bet.json().value.balance).toBe(session.balance - 100);
  });

  it('finds no game that is unknown, of another vendor, or cockfight while its switch is off; malformed ids are bad input', async () => {
    const member = await registeredMember(testApp.app, testApp.db);
    const [cockfight] = (
      (await testApp.db.db.execute(
        sql`select id from games where category = 'COCKFIGHT' order by id limit 1`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const launch = (query: string) =>
      member.client.request('POST', GAME_WALLET_API_PATHS.launchGame, Object.fromEntries(new URLSearchParams(query)));
    expect((await launch(`vendor=PLR&nodeId=999999`)).statusCode).toBe(404);
    expect((await launch(`vendor=ALON&nodeId=${slotNodeId}`)).statusCode).toBe(404);
    expect((await launch(`vendor=DS88&nodeId=${cockfight!.id}`)).statusCode).toBe(404);
    expect((await launch(`vendor=PLR&nodeId=${slotNodeId}&gameId=OTHER-GAME`)).statusCode).toBe(404);
    expect((await launch(`vendor=PLR&nodeId=${slotNodeId}&gameType=RNG`)).statusCode).toBe(400);
    for (const query of [
      'vendor=PLR&nodeId=abc',
      'vendor=PLR&nodeId=-1',
      'vendor=PLR&nodeId=99999999999',
      'vendor=pl r&nodeId=1',
      'nodeId=1',
      `vendor=PLR&nodeId=${slotNodeId}&pageBack=//evil.example`,
    ]) {
      const response = await launch(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errorCode).toBe(ERROR_CODES.validation);
    }
  });
});

describe('the provider API', () => {
  it('moves a debit retried with the same transaction id once, and answers it the same', async () => {
    const who = await player(10_000n);
    const body = debitBody(who, 2_500);
    const first = await provider.call(PROVIDER_API_PATHS.debit, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({
      transactionId: body.transactionId,
      type: 'debit',
      amount: 2_500,
      balance: 7_500,
      currency: 'PHP',
      walletReference: `PLR:${body.transactionId}`,
    });
    tick();
    const retry = await provider.call(PROVIDER_API_PATHS.debit, body);
    expect(retry.json()).toEqual(first.json());
    expect(await balanceOf(who.memberId)).toBe(7_500n);
    // The same transaction id with another amount is a conflict, not a second bet.
    const conflict = await provider.call(PROVIDER_API_PATHS.debit, { ...body, amount: 100 });
    expect(conflict.json().errorCode).toBe(ERROR_CODES.transactionConflict);
    expect(await balanceOf(who.memberId)).toBe(7_500n);
  });

  it('answers a repeated request id with the identical stored answer and processes it once; another body under it is refused', async () => {
    const who = await player(5_000n);
    const requestId = newRequestId();
    const body = debitBody(who, 1_000);
    const first = await provider.call(PROVIDER_API_PATHS.debit, body, { requestId });
    tick(5_000);
    const again = await provider.call(PROVIDER_API_PATHS.debit, body, { requestId });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await balanceOf(who.memberId)).toBe(4_000n);

    // A refusal is stored too: the same request again gets the same refusal even once the funds are there.
    const refusedId = newRequestId();
    const tooMuch = debitBody(who, 9_000);
    const refused = await provider.call(PROVIDER_API_PATHS.debit, tooMuch, { requestId: refusedId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: ERROR_CODES.insufficientFunds, value: { balance: 4_000 } });
    // Nothing of the refused call stays: neither the round it opened nor its transaction id.
    const written = await testApp.db.db
      .execute(sql`select (select count(*) from game_rounds where round_id = ${tooMuch.roundId})::int as rounds,
      (select count(*) from game_transactions where transaction_id = ${tooMuch.transactionId})::int as transactions`);
    expect((written as unknown as { rows: unknown[] }).rows[0]).toEqual({ rounds: 0, transactions: 0 });
    await creditMember(testApp.db, who.memberId, 10_000n);
    const refusedAgain = await provider.call(PROVIDER_API_PATHS.debit, tooMuch, { requestId: refusedId });
    expect(refusedAgain.statusCode).toBe(409);
    expect(refusedAgain.body).toBe(refused.body);
    expect(await balanceOf(who.memberId)).toBe(14_000n);

    const reused = await provider.call(PROVIDER_API_PATHS.debit, debitBody(who, 10), { requestId });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().errorCode).toBe(ERROR_CODES.requestIdReused);
    expect(await balanceOf(who.memberId)).toBe(14_000n);
  });

  it('refuses a forged signature, a stale timestamp, a wrong secret and an unknown provider, and moves nothing', async () => {
    const who = await player(5_000n);
    const entries = await rowCount('journal_entries');
    const body = debitBody(who, 1_000);
    const forged = await provider.call(PROVIDER_API_PATHS.debit, body, { signature: 'ab'.repeat(32) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().errorCode).toBe(ERROR_CODES.signatureInvalid);
    const wrongSecret = await provider.call(PROVIDER_API_PATHS.debit, body, { secret: 'not-the-secret' });
    expect(wrongSecret.json().errorCode).toBe(ERROR_CODES.signatureInvalid);
    const stale = await provider.call(PROVIDER_API_PATHS.debit, body, { timestamp: clock.getTime() - 61_000 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().errorCode).toBe(ERROR_CODES.timestampStale);
    const future = await provider.call(PROVIDER_API_PATHS.debit, body, { timestamp: clock.getTime() + 61_000 });
    expect(future.json().errorCode).toBe(ERROR_CODES.timestampStale);
    const unknown = await provider.call(PROVIDER_API_PATHS.debit, body, { vendorCode: 'ALON' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().errorCode).toBe(ERROR_CODES.providerUnknown);
    // A body changed after signing is a forgery too.
    const tampered = await provider.app.inject({
      method: 'POST',
      url: PROVIDER_API_PATHS.debit,
      payload: JSON.stringify({ ...body, amount: 1 }),
      headers: provider.signedHeaders(JSON.stringify(body)),
    });
    expect(tampered.statusCode).toBe(401);
    const unsigned = await provider.app.inject({ method: 'POST', url: PROVIDER_API_PATHS.debit, payload: body });
    expect(unsigned.statusCode).toBe(401);
    expect(await rowCount('journal_entries')).toBe(entries);
    expect(await balanceOf(who.memberId)).toBe(5_000n);
  });

  it('checks the signature before the body: an unsigned call with a bad body of any type learns nothing of the schema', async () => {
    const unsignedCalls = [
      { payload: { amount: 'lots' } },
      { payload: 'amount=lots', headers: { 'content-type': 'text/plain' } },
      { payload: '', headers: { 'content-type': 'text/plain' } },
      {},
    ];
    for (const call of unsignedCalls) {
      const answer = await provider.app.inject({ method: 'POST', url: PROVIDER_API_PATHS.debit, ...call });
      expect(answer.statusCode, JSON.stringify(call)).toBe(401);
      // Without the provider header the call is refused as from an unknown provider: 401 as well.
      expect([ERROR_CODES.signatureInvalid, ERROR_CODES.providerUnknown], JSON.stringify(call)).toContain(
        answer.json().errorCode,
      );
      expect(answer.json().value, JSON.stringify(call)).toBeUndefined();
    }
  });

  it('pays a credit, refuses a credit for an unknown bet, a credit for a rolled-back bet and a rollback after a credit', async () => {
    const who = await player(10_000n);
    const won = debitBody(who, 1_000);
    expect((await provider.call(PROVIDER_API_PATHS.debit, won)).statusCode).toBe(200);
    const credit = (extra: Record<string, unknown>) => ({
      playerId: who.playerId,
      transactionId: newTransactionId('win'),
      roundId: won.roundId,
      betTransactionId: won.transactionId,
      gameCode: SLOT,
      amount: 3_000,
      currency: 'PHP',
      roundEnded: true,
      ...extra,
    });
    const unknownBet = await provider.call(PROVIDER_API_PATHS.credit, credit({ betTransactionId: 'no-such-bet' }));
    expect(unknownBet.statusCode).toBe(404);
    expect(unknownBet.json().errorCode).toBe(ERROR_CODES.betUnknown);
    const paid = await provider.call(PROVIDER_API_PATHS.credit, credit({}));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().value).toMatchObject({ type: 'credit', amount: 3_000, balance: 12_000 });
    const lateRollback = await provider.call(PROVIDER_API_PATHS.rollback, {
      playerId: who.playerId,
      transactionId: newTransactionId('rb'),
      referenceTransactionId: won.transactionId,
    });
    expect(lateRollback.statusCode).toBe(409);
    expect(lateRollback.json().errorCode).toBe(ERROR_CODES.rollbackAfterCredit);
    // The settled round takes no more bets or wins.
    expect(
      (await provider.call(PROVIDER_API_PATHS.debit, debitBody(who, 10, { roundId: won.roundId }))).json().errorCode,
    ).toBe(ERROR_CODES.roundClosed);

    const refunded = debitBody(who, 2_000);
    expect((await provider.call(PROVIDER_API_PATHS.debit, refunded)).statusCode).toBe(200);
    const rollbackBody = {
      playerId: who.playerId,
      transactionId: newTransactionId('rb'),
      referenceTransactionId: refunded.transactionId,
    };
    const back = await provider.call(PROVIDER_API_PATHS.rollback, rollbackBody);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().value).toMatchObject({ type: 'rollback', amount: 2_000, balance: 12_000 });
    expect((await provider.call(PROVIDER_API_PATHS.rollback, rollbackBody)).json()).toEqual(back.json());
    const secondRollback = await provider.call(PROVIDER_API_PATHS.rollback, {
      ...rollbackBody,
      transactionId: newTransactionId('rb'),
    });
    expect(secondRollback.json().errorCode).toBe(ERROR_CODES.betRolledBack);
    const creditAfterRollback = await provider.call(PROVIDER_API_PATHS.credit, {
      ...credit({}),
      roundId: refunded.roundId,
      betTransactionId: refunded.transactionId,
    });
    expect(creditAfterRollback.statusCode).toBe(409);
    expect(creditAfterRollback.json().errorCode).toBe(ERROR_CODES.betRolledBack);
    const unknownRollback = await provider.call(PROVIDER_API_PATHS.rollback, {
      ...rollbackBody,
      transactionId: newTransactionId('rb'),
      referenceTransactionId: 'never-sent',
    });
    expect(unknownRollback.statusCode).toBe(404);
    expect(unknownRollback.json().errorCode).toBe(ERROR_CODES.transactionUnknown);
    const rollbackOfCredit = await provider.call(PROVIDER_API_PATHS.rollback, {
      ...rollbackBody,
      transactionId: newTransactionId('rb'),
      referenceTransactionId: paid.json().value.transactionId,
    });
    expect(rollbackOfCredit.json().errorCode).toBe(ERROR_CODES.rollbackNotBet);
    expect(await balanceOf(who.memberId)).toBe(12_000n);
  });

  it('refuses a debit for another player, game or currency than the token’s, and insufficient funds with the balance', async () => {
    const who = await player(1_000n);
    const other = await player(1_000n);
    expect(
      (await provider.call(PROVIDER_API_PATHS.debit, debitBody(who, 100, { playerId: other.playerId }))).json()
        .errorCode,
    ).toBe(ERROR_CODES.playerMismatch);
    expect(
      (await provider.call(PROVIDER_API_PATHS.debit, debitBody(who, 100, { gameCode: 'PLR-INHOUSE-002' }))).json()
        .errorCode,
    ).toBe(ERROR_CODES.gameMismatch);
    expect(
      (await provider.call(PROVIDER_API_PATHS.debit, debitBody(who, 100, { currency: 'USD' }))).json().errorCode,
    ).toBe(ERROR_CODES.currencyMismatch);
    expect(
      (await provider.call(PROVIDER_API_PATHS.debit, debitBody(who, 100, { token: 'x'.repeat(43) }))).json().errorCode,
    ).toBe(ERROR_CODES.tokenInvalid);
    const broke = await provider.call(PROVIDER_API_PATHS.debit, debitBody(who, 1_001));
    expect(broke.json()).toMatchObject({ errorCode: ERROR_CODES.insufficientFunds, value: { balance: 1_000 } });
    // Another player's round cannot be joined.
    const round = debitBody(who, 100);
    expect((await provider.call(PROVIDER_API_PATHS.debit, round)).statusCode).toBe(200);
    expect(
      (await provider.call(PROVIDER_API_PATHS.debit, debitBody(other, 100, { roundId: round.roundId }))).json()
        .errorCode,
    ).toBe(ERROR_CODES.playerMismatch);
    expect(await balanceOf(who.memberId)).toBe(900n);
    expect(await balanceOf(other.memberId)).toBe(1_000n);
  });

  it('never refuses a win or a rollback because the launch token expired; a new debit is refused', async () => {
    const who = await player(10_000n);
    const toWin = debitBody(who, 1_000);
    const toRefund = debitBody(who, 2_000);
    expect((await provider.call(PROVIDER_API_PATHS.debit, toWin)).statusCode).toBe(200);
    expect((await provider.call(PROVIDER_API_PATHS.debit, toRefund)).statusCode).toBe(200);
    tick(LAUNCH_TOKEN_TTL_MS + 60_000);
    const late = await provider.call(PROVIDER_API_PATHS.debit, debitBody(who, 100));
    expect(late.statusCode).toBe(403);
    expect(late.json().errorCode).toBe(ERROR_CODES.tokenExpired);
    // A retry of a debit taken in time still answers what it got.
    expect((await provider.call(PROVIDER_API_PATHS.debit, toWin)).statusCode).toBe(200);
    const win = await provider.call(PROVIDER_API_PATHS.credit, {
      playerId: who.playerId,
      transactionId: newTransactionId('win'),
      roundId: toWin.roundId,
      betTransactionId: toWin.transactionId,
      gameCode: SLOT,
      amount: 5_000,
      currency: 'PHP',
      roundEnded: true,
    });
    expect(win.statusCode, win.body).toBe(200);
    const refund = await provider.call(PROVIDER_API_PATHS.rollback, {
      playerId: who.playerId,
      transactionId: newTransactionId('rb'),
      referenceTransactionId: toRefund.transactionId,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await balanceOf(who.memberId)).toBe(14_000n);
  });

  it(
    'never overdraws under 50 concurrent debits: exactly as many succeed as the balance covers',
    { timeout: 60_000 },
    async () => {
      for (const [funds, expectedBalance] of [
        [2_000n, 0n],
        [2_050n, 50n],
      ] as const) {
        const who = await player(funds);
        const answers = await Promise.all(
          Array.from({ length: 50 }, () => provider.call(PROVIDER_API_PATHS.debit, debitBody(who, 100))),
        );
        const accepted = answers.filter((answer) => answer.statusCode === 200);
        const refused = answers.filter((answer) => answer.statusCode !== 200);
        expect(accepted).toHaveLength(20);
        expect(refused.map((answer) => answer.json().errorCode)).toEqual(Array(30).fill(ERROR_CODES.insufficientFunds));
        expect(await balanceOf(who.memberId)).toBe(expectedBalance);
      }
    },
  );

  it('settles a bet and its win in one call, counts the stake toward turnover only once settled, and lists the round for reconciliation', async () => {
    const member = await registeredMember(testApp.app, testApp.db);
    await creditMember(testApp.db, member.memberId, 10_000n, 100);
    const { token, playerId } = await authenticatedLaunch(member.client, provider, 'PLR', slotNodeId);
    const from = clock.toISOString();
    const open = debitBody({ token, playerId }, 3_000);
    expect((await provider.call(PROVIDER_API_PATHS.debit, open)).statusCode).toBe(200);
    expect(await turnoverLeft(testApp.db.db, DEMO_MERCHANT_ID, member.memberId)).toBe(10_000n);
    tick();
    const settle = {
      token,
      playerId,
      roundId: newTransactionId('round'),
      gameCode: SLOT,
      currency: 'PHP',
      betTransactionId: newTransactionId('bet'),
      betAmount: 4_000,
      winTransactionId: newTransactionId('win'),
      winAmount: 500,
    };
    const settled = await provider.call(PROVIDER_API_PATHS.betAndSettle, settle);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().value).toMatchObject({
      balance: 3_500,
      currency: 'PHP',
      bet: { amount: 4_000, balance: 3_000 },
      win: { amount: 500, balance: 3_500 },
    });
    expect(await turnoverLeft(testApp.db.db, DEMO_MERCHANT_ID, member.memberId)).toBe(6_000n);

    const byRound = await provider.call(PROVIDER_API_PATHS.transactions, { roundId: settle.roundId });
    expect(
      byRound.json().value.list.map((row: { type: string; transactionId: string }) => [row.type, row.transactionId]),
    ).toEqual([
      ['debit', settle.betTransactionId],
      ['credit', settle.winTransactionId],
    ]);
    tick();
    const byTime = await provider.call(PROVIDER_API_PATHS.transactions, {
      from,
      to: clock.toISOString(),
      pageSize: 2,
      page: 1,
    });
    expect(byTime.statusCode, byTime.body).toBe(200);
    expect(byTime.json().value.total).toBeGreaterThanOrEqual(3);
    expect(byTime.json().value.list).toHaveLength(2);
    expect((await provider.call(PROVIDER_API_PATHS.transactions, {})).statusCode).toBe(400);
    const balance = await provider.call(PROVIDER_API_PATHS.balance, { playerId });
    expect(balance.json().value).toEqual({ playerId, currency: 'PHP', balance: 3_500 });
  });
});

describe('the header balance', () => {
  it('follows a provider’s debit and credit live (the ledger’s notice on commit reaches the balance stream)', async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const who = await player(10_000n);
    const stream = await openBalanceStream(
      `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`,
      `palaro_session=${who.client.sessionToken}`,
    );
    const until = async (count: number) => {
      for (let attempt = 0; attempt < 400 && stream.events.length < count; attempt += 1)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(stream.events.length).toBeGreaterThanOrEqual(count);
    };
    try {
      await until(1);
      const bet = debitBody(who, 1_500);
      expect((await provider.call(PROVIDER_API_PATHS.debit, bet)).statusCode).toBe(200);
      await until(2);
      expect(stream.events[1]).toEqual({ sumBalance: 8_500, pendingWithdrawals: 0, reason: 'bet' });
      expect(
        (
          await provider.call(PROVIDER_API_PATHS.credit, {
            playerId: who.playerId,
            transactionId: newTransactionId('win'),
            roundId: bet.roundId,
            betTransactionId: bet.transactionId,
            gameCode: SLOT,
            amount: 4_000,
            currency: 'PHP',
            roundEnded: true,
          })
        ).statusCode,
      ).toBe(200);
      await until(3);
      expect(stream.events[2]).toEqual({ sumBalance: 12_500, pendingWithdrawals: 0, reason: 'win' });
    } finally {
      stream.close();
    }
  });
});

describe('betting records', () => {
  it('shows the member their own rounds newest first, paged, with totals over the whole filter', async () => {
    const who = await player(100_000n);
    const other = await player(100_000n);
    const play = async (who_: typeof who, bet: number, win: number) => {
      tick(60_000);
      const response = await provider.call(PROVIDER_API_PATHS.betAndSettle, {
        token: who_.token,
        playerId: who_.playerId,
        roundId: newTransactionId('round'),
        gameCode: SLOT,
        currency: 'PHP',
        betTransactionId: newTransactionId('bet'),
        betAmount: bet,
        winTransactionId: newTransactionId('win'),
        winAmount: win,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await play(who, 1_000, 0);
    await play(who, 2_000, 5_000);
    await play(other, 9_999, 0);
    tick(60_000);
    const refunded = debitBody(who, 3_000);
    await provider.call(PROVIDER_API_PATHS.debit, refunded);
    await provider.call(PROVIDER_API_PATHS.rollback, {
      playerId: who.playerId,
      transactionId: newTransactionId('rb'),
      referenceTransactionId: refunded.transactionId,
    });
    tick(60_000);
    await provider.call(PROVIDER_API_PATHS.debit, debitBody(who, 500));

    const records = async (query: string) => {
      const response = await who.client.request('GET', `${GAME_WALLET_API_PATHS.gameRecords}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value as TGameRecords;
    };
    const first = await records('pageSize=3');
    expect(first.total).toBe(4);
    expect(first.totals).toEqual({ stake: 6_500, refunded: 3_000, win: 5_000, net: 1_500 });
    expect(first.list.map((row) => [row.status, row.stake, row.win, row.net])).toEqual([
      ['open', 500, 0, -500],
      ['refunded', 3_000, 0, 0],
      ['settled', 2_000, 5_000, 3_000],
    ]);
    expect(first.list[0]).toMatchObject({
      gameName: 'Palaro Isla Slots',
      vendor: 'PLR',
      vendorName: 'Palaro Originals',
      gameType: 'INHOUSE',
      gameId: SLOT,
    });
    const second = await records('pageSize=3&page=2');
    expect(second.list.map((row) => [row.status, row.stake, row.net])).toEqual([['settled', 1_000, -1_000]]);
    expect(second.totals).toEqual(first.totals);
    expect((await records('gameType=RNG')).total).toBe(0);
    expect((await records('gameType=INHOUSE')).total).toBe(4);
    expect((await records('page=50')).list).toEqual([]);
    const tomorrow = new Date(clock.getTime() + 86_400_000).toISOString().slice(0, 10);
    expect((await records(`from=${tomorrow}&to=${tomorrow}`)).total).toBe(0);

    const otherRecords = (await other.client.request('GET', GAME_WALLET_API_PATHS.gameRecords)).json()
      .value as TGameRecords;
    expect(otherRecords.list.map((row) => row.stake)).toEqual([9_999]);

    for (const query of [
      'from=2026-13-01',
      'from=2026-01-01&to=2026-12-31',
      'to=9999-12-31',
      'from=2026-02-30&to=2026-03-01',
      'page=0',
      'page=99999999',
      'gameType=POKER',
      'pageSize=1000',
    ]) {
      const response = await who.client.request('GET', `${GAME_WALLET_API_PATHS.gameRecords}?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    const guest = new AccountsClient(testApp.app, '198.51.100.92');
    expect((await guest.request('GET', GAME_WALLET_API_PATHS.gameRecords)).statusCode).toBe(401);
  });
});

describe('the ledger afterwards', () => {
  it('verifies clean', async () => {
    expect((await verifyLedger(testApp.db.db)).problems).toEqual([]);
  });
});
