#!/usr/bin/env node
/**
 * The game wallet's figure of `npm run bench` (run.mjs runs it; alone: `node --import tsx
 * bench/provider-wallet.mjs`, it imports the server's TypeScript): game rounds per second a
 * provider settles through the seamless wallet API — a signed debit (POST /gw/v1/debit), then its
 * signed final credit (POST /gw/v1/credit, roundEnded) — over real HTTP against the whole app on
 * the PostgreSQL server, beside pgbench's TPC-B tps in the same run (before and after, the ratio
 * against their mean, so a change of the machine's load in between shows).
 *
 * The provider side runs in this process (as the in-house game server does in the app's): signing
 * and HTTP cost the client CPU of the same 2-core machine. Needs DATABASE_URL; both sides work in
 * throw-away databases. BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) size pgbench and
 * the app's pool alike; BENCH_WALLET_CALLERS (default 50) rounds in flight, BENCH_WALLET_PLAYERS
 * (default 200) funded players they pick from. Fails only on errors or a ledger that does not
 * verify, never on slowness.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { INHOUSE_VENDOR_CODE, LAUNCH_TOKEN_TTL_MS, PROVIDER_API_PATHS, PROVIDER_HEADERS } from '@palaro/contract';
import { throwAwayDatabase } from './throw-away-database.mjs';
import { initPgbench, tpcb } from './pgbench.mjs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { fromPool } from '../apps/server/src/platform/db/database.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { seedDemoData } from '../apps/server/src/seed.ts';
import { DEMO_MERCHANT_CODE } from '../apps/server/src/modules/site/seed.ts';
import { findMerchantByCode } from '../apps/server/src/modules/site/store.ts';
import { insertMember } from '../apps/server/src/modules/accounts/store.ts';
import { findGameByCode } from '../apps/server/src/modules/games/store.ts';
import { postAdjustment } from '../apps/server/src/modules/wallet/service.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/verify.ts';
import { providerCredentials } from '../apps/server/src/modules/game-wallet/service.ts';
import { findProviderByCode, insertLaunchToken } from '../apps/server/src/modules/game-wallet/store.ts';
import { tokenHashOf } from '../apps/server/src/modules/game-wallet/provider-api.ts';
import { signProviderRequest } from '../apps/server/src/modules/game-wallet/signing.ts';

const serverUrl = process.env.DATABASE_URL;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const callers = Number(process.env.BENCH_WALLET_CALLERS ?? 50);
const playerCount = Number(process.env.BENCH_WALLET_PLAYERS ?? 200);
const scale = Number(process.env.BENCH_PGBENCH_SCALE ?? 10);
/** ₱10,000.00 each; a round bets ₱1.00 and wins ₱0–2.00, so no player runs dry in a run. */
const FUNDING = 1_000_000n;
const BET = 100;
/** A round is two money calls; TPC-B's transaction is one. Goal: rounds/s at least half of TPC-B tps. */
const GOAL_RATIO = 0.5;
const GAME = 'PLR-INHOUSE-001';

if (!serverUrl) {
  console.log('\nprovider wallet rounds/s vs pgbench TPC-B: skipped: needs DATABASE_URL (pgbench needs a PostgreSQL server)');
  process.exit(0);
}

const onWorkers = (count, task) => Promise.all(Array.from({ length: count }, (_, worker) => task(worker)));

const pgbenchDatabase = await throwAwayDatabase(serverUrl, 'pgbench');
const walletDatabase = await throwAwayDatabase(serverUrl, 'gamewallet');
const pool = new pg.Pool({ connectionString: walletDatabase.url, max: connections });
const database = fromPool(pool, { log: createLogger({ logLevel: 'error' }) });
let app;
let failed = false;
try {
  await initPgbench(pgbenchDatabase.url, scale);
  await database.migrate();
  await seedDemoData(database.db);
  const merchant = await findMerchantByCode(database.db, DEMO_MERCHANT_CODE);
  const game = await findGameByCode(database.db, merchant.id, GAME);
  const provider = await findProviderByCode(database.db, INHOUSE_VENDOR_CODE);
  const { secret } = await providerCredentials(database.db, INHOUSE_VENDOR_CODE);

  // Funded players, each with a launch token for the slot (the launch itself is not measured).
  const tag = randomBytes(3).toString('hex');
  const players = [];
  let next = 0;
  await onWorkers(connections, async () => {
    for (let index = next++; index < playerCount; index = next++) {
      const member = await insertMember(database.db, { merchantId: merchant.id, username: `gw${tag}${index}`, type: 0, registerMethod: 'H5' });
      await database.db.transaction((tx) => postAdjustment(tx, {
        merchantId: merchant.id, memberId: member.id, amount: FUNDING, reference: `BENCHGW${tag}${index}`, memo: 'bench funding', turnoverPercent: 0,
      }));
      const token = randomBytes(32).toString('base64url');
      await insertLaunchToken(database.db, {
        tokenHash: tokenHashOf(token), providerId: provider.id, merchantId: merchant.id, memberId: member.id, gameNodeId: game.id, gameCode: game.code,
        currency: merchant.currencyCode, trial: false, backUrl: '/m/home', createdAt: new Date(), expiresAt: new Date(Date.now() + LAUNCH_TOKEN_TTL_MS),
      });
      players.push({ token, playerId: `${merchant.id}-${member.id}`, currency: merchant.currencyCode });
    }
  });

  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', DATABASE_URL: walletDatabase.url, WEB_DIST: join(mkdtempSync(join(tmpdir(), 'palaro-bench-web-')), 'missing') });
  app = await buildApp({ config, db: database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });

  let requestCounter = 0;
  const call = async (path, body) => {
    const rawBody = JSON.stringify(body);
    const requestId = `bench-${tag}-${(requestCounter += 1)}`;
    const timestamp = String(Date.now());
    const response = await fetch(`${address}${path}`, {
      method: 'POST', body: rawBody,
      headers: {
        'content-type': 'application/json', [PROVIDER_HEADERS.provider]: INHOUSE_VENDOR_CODE, [PROVIDER_HEADERS.timestamp]: timestamp,
        [PROVIDER_HEADERS.requestId]: requestId, [PROVIDER_HEADERS.signature]: signProviderRequest(secret, timestamp, requestId, rawBody),
      },
    });
    const answer = await response.json();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer.value;
  };

  let wonTotal = 0n;
  let betTotal = 0n;
  const rounds = async (until, label) => {
    let settled = 0;
    let latencyMs = 0;
    const started = performance.now();
    await onWorkers(callers, async (worker) => {
      for (let sequence = 0; Date.now() < until; sequence += 1) {
        const who = players[randomInt(players.length)];
        const roundId = `${label}${tag}-${worker}-${sequence}`;
        const win = randomInt(0, 3) * BET;
        const begun = performance.now();
        await call(PROVIDER_API_PATHS.debit, { token: who.token, playerId: who.playerId, transactionId: `${roundId}-bet`, roundId, gameCode: GAME, amount: BET, currency: who.currency });
        await call(PROVIDER_API_PATHS.credit, {
          playerId: who.playerId, transactionId: `${roundId}-win`, roundId, betTransactionId: `${roundId}-bet`, gameCode: GAME, amount: win, currency: who.currency, roundEnded: true,
        });
        betTotal += BigInt(BET);
        wonTotal += BigInt(win);
        settled += 1;
        latencyMs += performance.now() - begun;
      }
    });
    const elapsed = (performance.now() - started) / 1000;
    return { perSecond: settled / elapsed, settled, latencyMs: latencyMs / Math.max(settled, 1) };
  };

  const tpcbRun = async () => (await tpcb(pgbenchDatabase.url, { clients: connections, threads: Math.min(2, connections), seconds })).tps;

  await pool.query('checkpoint').catch(() => undefined);
  const loadBefore = loadavg()[0];
  await rounds(Date.now() + 1000, 'W');
  const tpcbBefore = await tpcbRun();
  const measured = await rounds(Date.now() + seconds * 1000, 'M');
  const tpcbAfter = await tpcbRun();
  const tps = (tpcbBefore + tpcbAfter) / 2;
  const ratio = measured.perSecond / tps;
  const loadAfter = loadavg()[0];

  const rows = [
    [`pgbench TPC-B tps (scale ${scale}, -M prepared, ${connections} clients), before`, tpcbBefore.toFixed(0).padStart(7)],
    [`provider rounds/s: signed debit + final credit over HTTP (${callers} in flight, ${players.length} players)`,
      `${measured.perSecond.toFixed(0).padStart(7)}  latency avg ${measured.latencyMs.toFixed(1)} ms per round (${measured.settled} rounds)`],
    [`pgbench TPC-B tps, after`, tpcbAfter.toFixed(0).padStart(7)],
    [`  ratio rounds/s / TPC-B tps (mean of before and after)`, `${ratio.toFixed(3).padStart(7)}  ${ratio >= GOAL_RATIO ? '✓' : '✗'} goal ≥ ${GOAL_RATIO}× (two money calls a round)`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\nGame wallet on the PostgreSQL server — pool of ${connections} connections, ${seconds} s; load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`);
  for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);

  const report = await verifyLedger(database.db);
  const { rows: [total] } = await pool.query(`select coalesce(sum(balance) filter (where kind = 'member_cash'), 0)::text as members, coalesce(sum(balance), 0)::text as everything from ledger_accounts`);
  const expected = (FUNDING * BigInt(players.length) - betTotal + wonTotal).toString();
  if (report.problems.length > 0 || total.members !== expected || total.everything !== '0') {
    failed = true;
    console.error(`LEDGER NOT CLEAN after the bench: ${report.problems.length} problems; wallets hold ${total.members}, expected ${expected}; all accounts sum to ${total.everything}`);
    for (const problem of report.problems) console.error(`  ${problem.kind}  ${problem.detail}`);
  } else {
    console.log(`ledger verified clean: ${report.entries} entries; wallets hold their funding minus bets plus wins, all accounts sum to zero`);
  }
} catch (error) {
  failed = true;
  console.error('The provider wallet bench failed:', error);
} finally {
  await app?.close();
  await database.close();
  pool.removeAllListeners('error').on('error', () => undefined);
  await Promise.all([pgbenchDatabase.drop(), walletDatabase.drop()]);
}
process.exit(failed ? 1 : 0);
