import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, GAME_WALLET_API_PATHS, PROVIDER_API_PATHS, operatorPath } from '@palaro/contract';
import type { OperatorRequest } from '../../admin/command';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { creditMember, registeredMember } from '../wallet/testing';
import { gameWalletCommands } from './commands';
import { providerCredentials } from './service';
import { authenticatedLaunch, newTransactionId, nodeIdOf, ProviderClient } from './testing';

/** The operator's view over the operator API, driven through the `npm run admin` commands' own requests. */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

/** Runs an admin command as the command line would (its request, over the operator API) and answers the rendered text. */
async function admin(words: string[]): Promise<{ status: number; text: string; value: unknown }> {
  const command = [...gameWalletCommands]
    .sort((a, b) => b.name.length - a.name.length)
    .find((candidate) => words.join(' ').startsWith(candidate.name));
  const request: OperatorRequest = command!.request({
    args: words.slice(command!.name.split(' ').length),
    options: {},
    merchantPath: (template) => operatorPath(template, 'PALARO'),
  });
  const response = await testApp.app.inject({
    method: request.method,
    url: request.path,
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
  const envelope = response.json();
  return {
    status: response.statusCode,
    value: envelope.value,
    text: envelope.success ? request.render(envelope.value) : envelope.message,
  };
}

describe('the OpenAPI description', () => {
  it('documents the provider API with its bodies, and the player’s launch and records', async () => {
    const document = (await testApp.app.inject({ url: '/docs/json' })).json();
    expect(
      document.paths[PROVIDER_API_PATHS.debit].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['token', 'transactionId', 'amount']));
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        ...Object.values(PROVIDER_API_PATHS),
        GAME_WALLET_API_PATHS.launchGame,
        GAME_WALLET_API_PATHS.gameRecords,
      ]),
    );
  });
});

describe('the operator and the game providers', () => {
  it('lists providers and which vendors can launch, rotates a secret (old one refused at once), switches a provider off and looks up rounds', async () => {
    const listed = await admin(['providers']);
    expect(listed.status).toBe(200);
    expect(listed.text).toMatch(/^PLR +on +Palaro Originals/m);
    expect(listed.text).toMatch(/ALON +Alon Gaming +NOT CONNECTED/);
    expect(listed.text).toMatch(/PLR +Palaro Originals +connected/);
    expect(JSON.stringify(listed.value)).not.toContain((await providerCredentials(testApp.db.db, 'PLR'))!.secret);

    const member = await registeredMember(testApp.app, testApp.db);
    await creditMember(testApp.db, member.memberId, 10_000n);
    const provider = await ProviderClient.of(testApp.app, testApp.db, () => new Date());
    const { token, playerId } = await authenticatedLaunch(
      member.client,
      provider,
      'PLR',
      await nodeIdOf(testApp.db, 'PLR-INHOUSE-001'),
    );
    const roundId = newTransactionId('round');
    const betTransactionId = newTransactionId('bet');
    const settled = await provider.call(PROVIDER_API_PATHS.betAndSettle, {
      token,
      playerId,
      roundId,
      gameCode: 'PLR-INHOUSE-001',
      currency: 'PHP',
      betTransactionId,
      betAmount: 1_000,
      winTransactionId: newTransactionId('win'),
      winAmount: 2_500,
    });
    expect(settled.statusCode, settled.body).toBe(200);

    const round = await admin(['providers', 'round', 'PLR', roundId]);
    expect(round.status).toBe(200);
    expect(round.text).toContain(`Round ${roundId} of PLR — settled`);
    expect(round.text).toContain(member.username);
    expect(round.text).toMatch(/debit +bet-\w+ +10\.00/);
    expect(round.text).toMatch(/credit +win-\w+ +25\.00 +for bet-/);
    expect((await admin(['providers', 'transaction', 'plr', betTransactionId])).text).toContain(`Round ${roundId}`);
    expect((await admin(['providers', 'round', 'PLR', 'no-such-round'])).status).toBe(404);

    const rotated = await admin(['providers', 'rotate-secret', 'PLR']);
    expect(rotated.status).toBe(200);
    const secret = (rotated.value as { secret: string }).secret;
    expect(rotated.text).toContain(secret);
    const stale = await provider.call(PROVIDER_API_PATHS.balance, { playerId });
    expect(stale.json().errorCode).toBe(ERROR_CODES.signatureInvalid);
    provider.useSecret(secret);
    expect((await provider.call(PROVIDER_API_PATHS.balance, { playerId })).json().value.balance).toBe(11_500);

    // Switched off: no launches, sessions or bets; what was already played still settles.
    const open = {
      token,
      playerId,
      transactionId: newTransactionId('bet'),
      roundId: newTransactionId('round'),
      gameCode: 'PLR-INHOUSE-001',
      amount: 500,
      currency: 'PHP',
    };
    expect((await provider.call(PROVIDER_API_PATHS.debit, open)).statusCode).toBe(200);
    const off = await admin(['providers', 'set', 'PLR', 'enabled=off']);
    expect(off.text).toMatch(/^PLR +off/);
    const launch = await member.client.request('POST', GAME_WALLET_API_PATHS.launchGame, {
      vendor: 'PLR',
      nodeId: await nodeIdOf(testApp.db, 'PLR-INHOUSE-001'),
    });
    expect(launch.json().errorCode).toBe(ERROR_CODES.providerNotConnected);
    const refusedBet = await provider.call(PROVIDER_API_PATHS.debit, {
      ...open,
      transactionId: newTransactionId('bet'),
      roundId: newTransactionId('round'),
    });
    expect(refusedBet.statusCode).toBe(403);
    expect(refusedBet.json().errorCode).toBe(ERROR_CODES.providerDisabled);
    expect((await provider.call(PROVIDER_API_PATHS.authenticate, { token })).json().errorCode).toBe(
      ERROR_CODES.providerDisabled,
    );
    const win = await provider.call(PROVIDER_API_PATHS.credit, {
      playerId: open.playerId,
      transactionId: newTransactionId('win'),
      roundId: open.roundId,
      betTransactionId: open.transactionId,
      gameCode: open.gameCode,
      amount: 1_000,
      currency: 'PHP',
      roundEnded: true,
    });
    expect(win.statusCode, win.body).toBe(200);
    expect(win.json().value.balance).toBe(12_000);
    expect(await providerCredentials(testApp.db.db, 'PLR')).toBeDefined();
    expect((await admin(['providers', 'set', 'PLR', 'enabled=on'])).text).toMatch(/^PLR +on/);

    const audit = (
      (await testApp.db.db.execute(
        sql`select actor, action, details::text as details from audit_log where action like 'game-wallet.%' order by id`,
      )) as unknown as { rows: { actor: string; action: string; details: string }[] }
    ).rows;
    expect(audit.map((row) => row.action)).toEqual([
      'game-wallet.provider.rotate-secret',
      'game-wallet.provider.update',
      'game-wallet.provider.update',
    ]);
    expect(audit.every((row) => row.actor.startsWith('operator:') && !row.details.includes(secret))).toBe(true);
  });
});
