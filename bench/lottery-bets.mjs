#!/usr/bin/env node
/**
 * The lottery's betting figure of `npm run bench` (issue 12; run.mjs runs it; alone:
 * `DATABASE_URL=postgres://… node --import tsx bench/lottery-bets.mjs`): bets placed per second by
 * concurrent players — signed-in members posting slips of three bets (POST /lgw/orders/lottery,
 * each slip validated, priced at the member's prize group, written and debited through the ledger
 * in one transaction behind its Idempotency-Key) — over real HTTP against the whole app (its job
 * scheduler opening and locking the draws on the real clock) on the PostgreSQL server, beside
 * pgbench's TPC-B tps in the same run, before and after.
 *
 * The players run in this process: HTTP costs client CPU on the same machine. Needs DATABASE_URL;
 * both sides work in throw-away databases. BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default
 * 10) size pgbench and the app's pool alike; BENCH_LOTTERY_CLIENTS (default 50) slips in flight,
 * BENCH_LOTTERY_PLAYERS (default 200) funded members they pick from. The 5-minute 5D game is bet on;
 * the run waits for a draw with enough sale time left. Fails only on errors or a ledger that does
 * not verify, never on slowness.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { IDEMPOTENCY_HEADER, LOTTERY_API_PATHS, PRIZE_GROUP_DEFAULT, SIDE, lotteryGamePath } from '@palaro/contract';
import { throwAwayDatabase } from './throw-away-database.mjs';
import { initPgbench, tpcb } from './pgbench.mjs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { sha256Hex } from '../apps/server/src/platform/crypto.ts';
import { fromPool } from '../apps/server/src/platform/db/database.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { seedDemoData } from '../apps/server/src/seed.ts';
import { DEMO_MERCHANT_CODE } from '../apps/server/src/modules/site/seed.ts';
import { findMerchantByCode } from '../apps/server/src/modules/site/store.ts';
import { insertMember, insertSession } from '../apps/server/src/modules/accounts/store.ts';
import { SESSION } from '../apps/server/src/modules/accounts/policy.ts';
import { postAdjustment } from '../apps/server/src/modules/wallet/service.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/verify.ts';

const serverUrl = process.env.DATABASE_URL;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const clients = Number(process.env.BENCH_LOTTERY_CLIENTS ?? 50);
const playerCount = Number(process.env.BENCH_LOTTERY_PLAYERS ?? 200);
const scale = Number(process.env.BENCH_PGBENCH_SCALE ?? 10);
const GAME = 'SSC_5M';
/** ₱10,000.00 each; a slip stakes ₱5.00, so no player runs dry in a run. */
const FUNDING = 1_000_000n;
/** Three different bets a slip (5 balls' fixed place, big/small on ball 1, a 2-star straight): 300 + 100 + 100 centavos. */
const slipBets = () => [
  { betType: 'SSC_FIXED_PLACE', picks: [[randomInt(10)], [randomInt(10)], [randomInt(10)], [], []], unitStake: 100, multiplier: 1 },
  { betType: 'SSC_BSOE', picks: [[randomInt(2) === 0 ? SIDE.BIG : SIDE.SMALL], [], [], [], []], unitStake: 100, multiplier: 1 },
  { betType: 'SSC_STRAIGHT_LAST2', picks: [[randomInt(10)], [randomInt(10)]], unitStake: 100, multiplier: 1 },
];
const BETS_PER_SLIP = 3;
/** A slip is one money transaction, as TPC-B's is (with its validation, pricing and the draw's share lock besides). */
const GOAL_RATIO = 0.5;

if (!serverUrl || !/^postgres(ql)?:/.test(serverUrl)) {
  console.log('\nlottery bets placed/s vs pgbench TPC-B: skipped: needs DATABASE_URL (pgbench needs a PostgreSQL server)');
  process.exit(0);
}

const onWorkers = (count, task) => Promise.all(Array.from({ length: count }, (_, worker) => task(worker)));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const pgbenchDatabase = await throwAwayDatabase(serverUrl, 'pgbench');
const lotteryDatabase = await throwAwayDatabase(serverUrl, 'lotterybets');
const pool = new pg.Pool({ connectionString: lotteryDatabase.url, max: connections });
const database = fromPool(pool, { log: createLogger({ logLevel: 'error' }) });
let app;
let failed = false;
try {
  await initPgbench(pgbenchDatabase.url, scale);
  await database.migrate();
  await seedDemoData(database.db);
  const merchant = await findMerchantByCode(database.db, DEMO_MERCHANT_CODE);

  // Funded members, each signed in (a session row and its cookie; the sign-in itself is not measured).
  const tag = randomBytes(3).toString('hex');
  const players = [];
  let next = 0;
  await onWorkers(connections, async () => {
    for (let index = next++; index < playerCount; index = next++) {
      const member = await insertMember(database.db, { merchantId: merchant.id, username: `lb${tag}${index}`, type: 0, registerMethod: 'H5' });
      await database.db.transaction((tx) => postAdjustment(tx, {
        merchantId: merchant.id, memberId: member.id, amount: FUNDING, reference: `BENCHLB${tag}${index}`, memo: 'bench funding', turnoverPercent: 0,
      }));
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      await insertSession(database.db, {
        tokenHash: sha256Hex(token), merchantId: merchant.id, memberId: member.id, now, expiresAt: new Date(now.getTime() + 3600_000), ip: '127.0.0.1', device: 'bench',
      });
      players.push({ cookie: `${SESSION.cookieName}=${token}` });
    }
  });

  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', DATABASE_URL: lotteryDatabase.url, WEB_DIST: join(mkdtempSync(join(tmpdir(), 'palaro-bench-web-')), 'missing') });
  app = await buildApp({ config, db: database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });

  /** The draw on sale once the app's scheduler made it, with at least `needMs` of sale left (else the next one). */
  const drawOnSale = async (needMs) => {
    let last = '';
    for (let attempt = 0; attempt < 120; attempt += 1) {
      const response = await fetch(`${address}${lotteryGamePath(LOTTERY_API_PATHS.numero, GAME)}`);
      const answer = await response.json();
      if (response.ok && answer.value.isSale && answer.value.locksAt - answer.value.serverTime >= needMs) return answer.value;
      last = `${response.status} ${JSON.stringify(answer).slice(0, 300)}`;
      await sleep(1000);
    }
    throw new Error(`${GAME} never had a draw on sale long enough; its numero answered ${last}`);
  };

  let staked = 0n;
  let closed = 0;
  const place = async (who, numero) => {
    const response = await fetch(`${address}${LOTTERY_API_PATHS.placeBets}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: who.cookie, [IDEMPOTENCY_HEADER]: randomBytes(12).toString('hex') },
      body: JSON.stringify({ gameCode: GAME, numero, prizeGroup: PRIZE_GROUP_DEFAULT, bets: slipBets() }),
    });
    const answer = await response.json();
    if (response.status === 409 && answer.errorCode === 'lottery.draw.closed') {
      closed += 1;
      return false;
    }
    if (response.status !== 200) throw new Error(`placing a slip answered ${response.status}: ${JSON.stringify(answer)}`);
    staked += BigInt(answer.value.totalStake);
    return true;
  };

  const slips = async (until, numero) => {
    let placed = 0;
    let latencyMs = 0;
    const started = performance.now();
    await onWorkers(clients, async () => {
      while (Date.now() < until) {
        const begun = performance.now();
        if (!(await place(players[randomInt(players.length)], numero))) return;
        placed += 1;
        latencyMs += performance.now() - begun;
      }
    });
    const elapsed = (performance.now() - started) / 1000;
    return { perSecond: placed / elapsed, placed, latencyMs: latencyMs / Math.max(placed, 1) };
  };

  const tpcbRun = async () => (await tpcb(pgbenchDatabase.url, { clients: connections, threads: Math.min(2, connections), seconds })).tps;

  await pool.query('checkpoint').catch(() => undefined);
  const loadBefore = loadavg()[0];
  const tpcbBefore = await tpcbRun();
  const draw = await drawOnSale((seconds + 3) * 1000);
  await slips(Date.now() + 1000, draw.numero);
  const measured = await slips(Date.now() + seconds * 1000, draw.numero);
  const tpcbAfter = await tpcbRun();
  const tps = (tpcbBefore + tpcbAfter) / 2;
  const ratio = measured.perSecond / tps;
  const loadAfter = loadavg()[0];

  const rows = [
    [`pgbench TPC-B tps (scale ${scale}, -M prepared, ${connections} clients), before`, tpcbBefore.toFixed(0).padStart(7)],
    [`lottery slips/s: ${BETS_PER_SLIP} bets each, over HTTP (${clients} in flight, ${players.length} members)`,
      `${measured.perSecond.toFixed(0).padStart(7)}  latency avg ${measured.latencyMs.toFixed(1)} ms per slip (${measured.placed} slips)`],
    [`lottery bets placed/s`, (measured.perSecond * BETS_PER_SLIP).toFixed(0).padStart(7)],
    [`pgbench TPC-B tps, after`, tpcbAfter.toFixed(0).padStart(7)],
    [`  ratio slips/s / TPC-B tps (mean of before and after)`, `${ratio.toFixed(3).padStart(7)}  ${ratio >= GOAL_RATIO ? '✓' : '✗'} goal ≥ ${GOAL_RATIO}× (one money transaction a slip)`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\nLottery betting on the PostgreSQL server (${GAME}, draw ${draw.numero}) — pool of ${connections} connections, ${seconds} s; load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`);
  for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
  if (closed > 0) console.log(`(${closed} slips arrived after the draw's lock and were refused, as they must be; not counted)`);

  const report = await verifyLedger(database.db);
  const { rows: [total] } = await pool.query(`select coalesce(sum(balance) filter (where kind = 'member_cash'), 0)::text as members, coalesce(sum(balance), 0)::text as everything from ledger_accounts`);
  const { rows: [bets] } = await pool.query(`select coalesce(sum(stake), 0)::text as stakes from lottery_bets where state <> 'cancelled' and state <> 'refunded'`);
  const expected = (FUNDING * BigInt(players.length) - staked).toString();
  const settledWins = await pool.query(`select coalesce(sum(win_amount), 0)::text as won from lottery_bets`);
  const expectedWithWins = (FUNDING * BigInt(players.length) - staked + BigInt(settledWins.rows[0].won)).toString();
  if (report.problems.length > 0 || total.members !== expectedWithWins || total.everything !== '0' || bets.stakes !== staked.toString()) {
    failed = true;
    console.error(`LEDGER NOT CLEAN after the bench: ${report.problems.length} problems; wallets hold ${total.members}, expected ${expectedWithWins} (${expected} before wins); all accounts sum to ${total.everything}; bets stake ${bets.stakes}, slips debited ${staked}`);
    for (const problem of report.problems) console.error(`  ${problem.kind}  ${problem.detail}`);
  } else {
    console.log(`ledger verified clean: ${report.entries} entries; wallets hold their funding minus the slips' stakes (plus any settled win), all accounts sum to zero`);
  }
} catch (error) {
  failed = true;
  console.error('The lottery betting bench failed:', error);
} finally {
  await app?.close();
  await database.close();
  pool.removeAllListeners('error').on('error', () => undefined);
  await Promise.all([pgbenchDatabase.drop(), lotteryDatabase.drop()]);
}
process.exit(failed ? 1 : 0);
