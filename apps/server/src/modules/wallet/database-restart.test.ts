import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { API_PATHS, ERROR_CODES, IDEMPOTENCY_HEADER } from '@palaro/contract';
import type { Database } from '../../platform/db/database';
import { proxiedTestDatabase, type ProxiedTestDatabase } from '../../platform/testing/database-proxy';
import { createTestApp, type TestApp } from '../../test-app';
import { DEMO_AFFILIATE_CODE, DEMO_AGENT_USERNAME } from '../accounts/seed';
import { findMemberByUsername } from '../accounts/store';
import type { AccountsClient } from '../accounts/testing';
import { findMerchantByCode, updateMerchant } from '../site/store';
import { UPLINE_TRANSFER_FLAG } from '../transfers/service';
import { memberBalance } from './ledger-accounts';
import { journalEntries } from './schema';
import {
  creditMember,
  DEMO_MERCHANT_ID,
  newKey,
  openBalanceStream,
  registeredMember,
  TEST_PAYMENT_PASSWORD,
} from './testing';
import { verifyLedger } from './verify';

/**
 * What a PostgreSQL restart does to a running server, on the real PostgreSQL. The server reaches
 * the database through a TCP proxy; the restart is the proxy refusing connections (as a database
 * that is down does) and every connection of the server ended by pg_terminate_backend, for a few
 * seconds, while members move money and another member keeps the balance stream open. Meanwhile
 * another replica — its own connections, which the restart spares — credits the streaming member,
 * a credit PostgreSQL announces to nobody on this server: it is not listening.
 */

const SERVER_APPLICATION = 'palaro-under-test';
const TRANSFER_AMOUNT = 100_00;
const STARTING_BALANCE = 1_000_000_00n;
const CREDIT_WHILE_DOWN = 4_321_00n;
const TRAFFIC_MEMBERS = 3;
const POOL_SIZE = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let proxied: ProxiedTestDatabase;
let database: Database;
let serverDatabase: Database;
let testApp: TestApp;
let origin: string;

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  // Migrated and dropped by the test helper; its direct connections stand for the other replica.
  proxied = await proxiedTestDatabase(SERVER_APPLICATION, { max: POOL_SIZE, connectionTimeoutMillis: 5000 });
  database = proxied.direct;
  serverDatabase = proxied.server;
  testApp = await createTestApp({}, { database: serverDatabase });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  const merchant = (await findMerchantByCode(database.db, 'PALARO'))!;
  await updateMerchant(database.db, merchant.id, {
    whitelabel: { ...merchant.whitelabel, [UPLINE_TRANSFER_FLAG]: true },
  });
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await proxied?.close();
});

async function serverIsListening(): Promise<boolean> {
  const result = await proxied.injector.query<{ listening: string }>(
    "select count(*) as listening from pg_stat_activity where datname = current_database() and application_name = $1 and query ilike 'listen %'",
    [SERVER_APPLICATION],
  );
  return Number(result.rows[0]!.listening) > 0;
}

interface Traffic {
  acknowledged: number;
  statuses: number[];
  unavailableAnswers: { retryAfter: string | undefined; errorCode: string }[];
  others: string[];
}

/**
 * One member transferring to the upline until told to stop, each transfer retried with the same
 * Idempotency-Key while the server answers 503, as a client should: each ends acknowledged once.
 */
async function transferUntil(client: AccountsClient, stop: () => boolean, traffic: Traffic): Promise<void> {
  while (!stop()) {
    const key = newKey();
    for (;;) {
      const response = await client.request(
        'POST',
        API_PATHS.uplineTransfer,
        { amount: TRANSFER_AMOUNT, paymentPassword: TEST_PAYMENT_PASSWORD },
        { [IDEMPOTENCY_HEADER]: key },
      );
      traffic.statuses.push(response.statusCode);
      if (response.statusCode === 200) {
        traffic.acknowledged += 1;
        break;
      }
      if (response.statusCode === 503) {
        traffic.unavailableAnswers.push({
          retryAfter: response.headers['retry-after'] as string | undefined,
          errorCode: response.json().errorCode,
        });
        await sleep(50);
        continue;
      }
      traffic.others.push(`${response.statusCode} ${response.body}`);
      return;
    }
  }
}

describe.skipIf(!process.env.DATABASE_URL)('a database restart under money traffic', () => {
  it('answers 503 with Retry-After, never 500; loses and doubles nothing; and the open stream catches up', async () => {
    const upline = (await findMemberByUsername(database.db, DEMO_MERCHANT_ID, DEMO_AGENT_USERNAME))!;
    const uplineBefore = await memberBalance(database.db, DEMO_MERCHANT_ID, upline.id);
    const senders = [];
    for (let index = 0; index < TRAFFIC_MEMBERS; index += 1) {
      const sender = await registeredMember(testApp.app, serverDatabase, {
        withPaymentPassword: true,
        affiliateCode: DEMO_AFFILIATE_CODE,
      });
      await creditMember(database, sender.memberId, STARTING_BALANCE);
      senders.push({
        ...sender,
        traffic: { acknowledged: 0, statuses: [], unavailableAnswers: [], others: [] } as Traffic,
      });
    }
    const watcher = await registeredMember(testApp.app, serverDatabase);
    const stream = await openBalanceStream(origin, `palaro_session=${watcher.client.sessionToken}`);
    await expect.poll(() => stream.events.length, { timeout: 10_000 }).toBe(1);
    expect(stream.events[0]).toMatchObject({ sumBalance: 0, reason: 'snapshot' });
    expect(await serverIsListening()).toBe(true);

    let trafficStopped = false;
    const traffic = senders.map((sender) => transferUntil(sender.client, () => trafficStopped, sender.traffic));
    const stopTraffic = async () => {
      trafficStopped = true;
      await Promise.all(traffic);
    };
    onTestFinished(stopTraffic);
    await sleep(1500);

    // The restart: no new connection, every open one ended.
    proxied.proxy.refuse();
    await proxied.terminateServerConnections();
    await sleep(500);
    expect(await serverIsListening()).toBe(false);
    const ready = await testApp.app.inject({ url: API_PATHS.healthReady });
    expect(ready.statusCode).toBe(503);
    expect((await testApp.app.inject({ url: API_PATHS.healthLive })).statusCode).toBe(200);
    // Credited by the other replica while this server cannot listen: announced to nobody here.
    await creditMember(database, watcher.memberId, CREDIT_WHILE_DOWN);
    await sleep(2000);
    expect(await serverIsListening()).toBe(false);

    // The database is back: traffic goes on a moment, then every transfer in flight finishes.
    await proxied.proxy.accept();
    await sleep(1500);
    await stopTraffic();

    // 503 with Retry-After during the restart, never a 500, nothing else.
    const all = senders.map((sender) => sender.traffic);
    expect(all.flatMap((entry) => entry.others)).toEqual([]);
    expect([...new Set(all.flatMap((entry) => entry.statuses))].sort()).toEqual([200, 503]);
    for (const answer of all.flatMap((entry) => entry.unavailableAnswers)) {
      expect(answer).toEqual({ retryAfter: '5', errorCode: ERROR_CODES.upstreamUnavailable });
    }
    expect((await testApp.app.inject({ url: API_PATHS.healthReady })).statusCode).toBe(200);

    // The stream, open throughout, gets the balance that moved while the server was not listening.
    await expect
      .poll(() => stream.events.at(-1), { timeout: 30_000 })
      .toEqual({ sumBalance: Number(CREDIT_WHILE_DOWN), pendingWithdrawals: 0, reason: 'reconnected' });
    stream.close();

    // Every acknowledged transfer moved money exactly once; the ledger verifies clean.
    let acknowledged = 0;
    for (const sender of senders) {
      acknowledged += sender.traffic.acknowledged;
      expect(await memberBalance(database.db, DEMO_MERCHANT_ID, sender.memberId)).toBe(
        STARTING_BALANCE - BigInt(sender.traffic.acknowledged * TRANSFER_AMOUNT),
      );
    }
    expect(acknowledged).toBeGreaterThan(0);
    expect(await memberBalance(database.db, DEMO_MERCHANT_ID, upline.id)).toBe(
      uplineBefore + BigInt(acknowledged * TRANSFER_AMOUNT),
    );
    const [entries] = await database.db
      .select({ n: count() })
      .from(journalEntries)
      .where(and(eq(journalEntries.merchantId, DEMO_MERCHANT_ID), eq(journalEntries.kind, 'upline_transfer')));
    expect(entries!.n).toBe(acknowledged);
    expect((await verifyLedger(database.db)).problems).toEqual([]);

    // Every connection that died lent out went back to the pool: only the one LISTEN connection is
    // out (shared by the balance stream, the job scheduler's wake-up and the cache change feed).
    await expect
      .poll(
        () => ({
          lent: proxied.serverPool.totalCount - proxied.serverPool.idleCount,
          waiting: proxied.serverPool.waitingCount,
        }),
        { timeout: 15_000 },
      )
      .toEqual({ lent: 1, waiting: 0 });
  }, 180_000);
});
