import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS, INHOUSE_API_PATHS, INHOUSE_SESSION_HEADER, PROVIDER_API_PATHS } from '@palaro/contract';
import { createLogger, OUTAGE_LOG_INTERVAL_MS } from './platform/logger';
import { proxiedTestDatabase, type ProxiedTestDatabase } from './platform/testing/database-proxy';
import { createTestApp, type TestApp } from './test-app';
import { SESSION } from './modules/accounts/policy';
import type { AccountsClient } from './modules/accounts/testing';
import { launchToken, newTransactionId, nodeIdOf, ProviderClient } from './modules/game-wallet/testing';
import { creditMember, registeredMember } from './modules/wallet/testing';

/**
 * What the whole server writes to its log while PostgreSQL is away, on the real PostgreSQL: the
 * server reaches it through a TCP proxy that refuses connections, its connections ended, while a
 * member, a provider and an in-house game keep calling. A person on call reads one line per kind of
 * failing operation an interval, with a count — no stack, no SQL, no parameter, no token or hash.
 */

const SERVER_APPLICATION = 'palaro-outage-logs';
const CALLS_PER_OPERATION = 8;

type Line = Record<string, unknown> & { level: number; msg: string };

const lines: Line[] = [];
const logger = createLogger(
  { logLevel: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
      done();
    },
  }),
);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let database: ProxiedTestDatabase;
let testApp: TestApp;
let member: AccountsClient;
let memberId: number;
let provider: ProviderClient;
let gameLaunchToken: string;
let inhouseSessionToken: string;

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  database = await proxiedTestDatabase(SERVER_APPLICATION, { max: 4, connectionTimeoutMillis: 3000, log: logger });
  const serverDatabase = database.server;
  testApp = await createTestApp({}, { database: serverDatabase, logger });
  // The in-house game server reaches the wallet over HTTP, on this app's own port.
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const registered = await registeredMember(testApp.app, serverDatabase);
  member = registered.client;
  memberId = registered.memberId;
  await creditMember(serverDatabase, memberId, 100_000n);
  gameLaunchToken = (await launchToken(member, 'PLR', await nodeIdOf(serverDatabase, 'PLR-INHOUSE-001'))).token;
  provider = await ProviderClient.of(testApp.app, serverDatabase, () => new Date());
  const opened = await testApp.app.inject({
    method: 'POST',
    url: INHOUSE_API_PATHS.openSession,
    payload: { launchToken: gameLaunchToken },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  inhouseSessionToken = opened.json().value.sessionToken as string;
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await testApp?.close();
  await database?.close();
});

/** The calls of one moment of traffic: a member's reads, a provider's calls, a game page, an in-house spin; answers whether the balance failed. */
async function trafficRound(): Promise<boolean> {
  await member.request('GET', API_PATHS.memberInfo);
  const balance = await member.request('GET', API_PATHS.walletBalance);
  await provider.call(PROVIDER_API_PATHS.balance, { playerId: `1-${memberId}` });
  await provider.call(PROVIDER_API_PATHS.debit, {
    token: gameLaunchToken,
    playerId: `1-${memberId}`,
    gameCode: 'PLR-INHOUSE-001',
    roundId: newTransactionId('round'),
    transactionId: newTransactionId(),
    amount: 100,
    currency: 'PHP',
  });
  await testApp.app.inject({
    method: 'GET',
    url: `/m/play/PLR-INHOUSE-001?token=${gameLaunchToken}&back=%2Fm%2FgameList`,
  });
  await testApp.app.inject({
    method: 'POST',
    url: INHOUSE_API_PATHS.slotSpin,
    headers: { [INHOUSE_SESSION_HEADER]: inhouseSessionToken },
    payload: { bet: 100 },
  });
  return balance.statusCode === 503;
}

describe.skipIf(!process.env.DATABASE_URL)('the log while the database is away', () => {
  it(
    'one line per failing operation an interval with its count; no stack, SQL, parameter, token or hash',
    { timeout: 120_000 },
    async () => {
      lines.length = 0;
      database.proxy.refuse();
      await database.terminateServerConnections();
      // Every connection the server held has learnt of its end.
      await expect.poll(() => database.serverPool.totalCount, { timeout: 10_000 }).toBe(0);
      let balanceFailures = 0;
      for (let round = 0; round < CALLS_PER_OPERATION; round += 1) if (await trafficRound()) balanceFailures += 1;
      expect(balanceFailures).toBe(CALLS_PER_OPERATION);

      const loud = lines.filter((line) => line.level >= 40);
      const kinds = loud.map((line) => `${line.msg} · ${String(line.operation ?? '')}`);
      expect(new Set(kinds).size, kinds.join('\n')).toBe(kinds.length);
      const outageOperations = loud
        .filter((line) => line.msg === 'the database is unavailable')
        .map((line) => line.operation);
      expect(outageOperations).toEqual(
        expect.arrayContaining([
          'GET /wps/wallet/balance',
          `POST ${PROVIDER_API_PATHS.balance}`,
          `POST ${PROVIDER_API_PATHS.debit}`,
        ]),
      );
      expect(
        loud.every((line) => line.level === 40),
        JSON.stringify(loud),
      ).toBe(true);

      // The interval over: the next failure of an operation says how many it stands for.
      const later = Date.now() + OUTAGE_LOG_INTERVAL_MS;
      vi.spyOn(Date, 'now').mockImplementation(() => later);
      await member.request('GET', API_PATHS.walletBalance);
      vi.restoreAllMocks();
      const balanceLines = lines.filter(
        (line) => line.msg === 'the database is unavailable' && line.operation === 'GET /wps/wallet/balance',
      );
      expect(balanceLines.map((line) => line.occurrences)).toEqual([1, CALLS_PER_OPERATION]);

      const everything = JSON.stringify(lines);
      const sessionToken = member.cookie(SESSION.cookieName)!;
      for (const secret of [
        gameLaunchToken,
        sha256(gameLaunchToken),
        sessionToken,
        sha256(sessionToken),
        inhouseSessionToken,
        sha256(inhouseSessionToken),
      ]) {
        expect(everything).not.toContain(secret);
      }
      expect(everything).not.toMatch(/"stack"|"params"|Failed query:|select "|insert into/);
      expect(
        lines.some(
          (line) => typeof line.url === 'string' && line.url.startsWith('/m/play/PLR-INHOUSE-001?token=[redacted]'),
        ),
      ).toBe(true);

      await database.proxy.accept();
      await expect
        .poll(async () => (await member.request('GET', API_PATHS.walletBalance)).statusCode, { timeout: 30_000 })
        .toBe(200);
    },
  );
});
