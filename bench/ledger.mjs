#!/usr/bin/env node
/**
 * The ledger figure of `npm run bench` (run.mjs runs it; alone: `node --import tsx bench/ledger.mjs`,
 * it imports the server's TypeScript): wallet-to-wallet transfers committed per second through the
 * server's own postEntry, beside pgbench's TPC-B on the same PostgreSQL server in the same run, as a
 * ratio — TPC-B is the classic "move money between accounts" transaction, so the ratio says what the
 * ledger's double-entry journal, no-overdraft updates and NOTIFY cost over the bare minimum.
 *
 * Needs DATABASE_URL (pgbench needs a server; the embedded database is skipped). Both sides work in
 * randomly named databases created for the run and dropped after it. BENCH_SECONDS (default 5) and
 * BENCH_CONNECTIONS (default 10) size both measurements alike; BENCH_LEDGER_MEMBERS (default 1000)
 * is how many funded wallets the transfers pick from, BENCH_PGBENCH_SCALE (default 10) the
 * pgbench scale. After the run the ledger is verified (verifyLedger) and the bench fails if it is not clean.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { throwAwayDatabase } from './throw-away-database.mjs';
import { ERROR_CODES } from '@palaro/contract';
import { fromPool } from '../apps/server/src/platform/db/database.ts';
import { seedDemoData } from '../apps/server/src/seed.ts';
import { DEMO_MERCHANT_CODE } from '../apps/server/src/modules/site/seed.ts';
import { findMerchantByCode } from '../apps/server/src/modules/site/store.ts';
import { insertMember } from '../apps/server/src/modules/accounts/store.ts';
import { memberCashAccount, postEntry } from '../apps/server/src/modules/wallet/ledger.ts';
import { postAdjustment } from '../apps/server/src/modules/wallet/service.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/verify.ts';

const run = promisify(execFile);
const serverUrl = process.env.DATABASE_URL;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const memberCount = Number(process.env.BENCH_LEDGER_MEMBERS ?? 1000);
const scale = Number(process.env.BENCH_PGBENCH_SCALE ?? 10);
const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';
/** Each wallet starts with ₱10,000.00; a transfer moves ₱0.01–₱100.00, so refusals stay rare. */
const FUNDING = 1_000_000n;
const MAX_TRANSFER = 10_000;

if (!serverUrl) {
  console.log('\nledger transfers/s vs pgbench TPC-B: skipped: needs DATABASE_URL (pgbench needs a PostgreSQL server)');
  process.exit(0);
}


/** Runs `task(worker)` on `count` workers at once. */
const onWorkers = (count, task) => Promise.all(Array.from({ length: count }, (_, worker) => task(worker)));

/** Members in the members table, each with a funded wallet; answers their wallets' account ids. */
async function fundedWallets(database, merchantId) {
  const tag = randomBytes(3).toString('hex');
  const wallets = [];
  let next = 0;
  await onWorkers(connections, async () => {
    for (let index = next++; index < memberCount; index = next++) {
      const member = await insertMember(database.db, { merchantId, username: `bench${tag}${index}`, type: 0, registerMethod: 'H5' });
      await database.db.transaction((tx) => postAdjustment(tx, {
        merchantId, memberId: member.id, amount: FUNDING, reference: `BENCHFUND${tag}${index}`, memo: 'bench funding', turnoverPercent: 0,
      }));
      wallets.push((await memberCashAccount(database.db, merchantId, member.id)).id);
    }
  });
  return wallets;
}

/** Transfers between random wallets on every worker until `until`; counts commits and refusals. */
async function transfer(database, merchantId, wallets, until, label) {
  let committed = 0;
  let refused = 0;
  let latencyMs = 0;
  const started = performance.now();
  await onWorkers(connections, async (worker) => {
    for (let sequence = 0; Date.now() < until; sequence += 1) {
      const from = wallets[randomInt(wallets.length)];
      let to = wallets[randomInt(wallets.length - 1)];
      if (to === from) to = wallets[wallets.length - 1];
      const amount = BigInt(randomInt(1, MAX_TRANSFER + 1));
      const begun = performance.now();
      try {
        await database.db.transaction((tx) => postEntry(tx, {
          merchantId, kind: 'upline_transfer', reference: `BENCH${label}${worker}-${sequence}`, memo: 'bench transfer',
          lines: [{ accountId: from, amount: -amount }, { accountId: to, amount }],
        }));
        committed += 1;
        latencyMs += performance.now() - begun;
      } catch (error) {
        if (error?.code !== ERROR_CODES.insufficientBalance) throw error;
        refused += 1;
      }
    }
  });
  const elapsed = (performance.now() - started) / 1000;
  return { perSecond: committed / elapsed, committed, refused, latencyMs: latencyMs / Math.max(committed, 1) };
}

async function pgbench(args, url) {
  try {
    return (await run(PGBENCH, [...args, url], { maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    throw new Error(`pgbench ${args.join(' ')} failed: ${error.stderr || error.message}`, { cause: error });
  }
}

const pgbenchDatabase = await throwAwayDatabase(serverUrl, 'pgbench');
const ledgerDatabase = await throwAwayDatabase(serverUrl, 'ledger');
const pool = new pg.Pool({ connectionString: ledgerDatabase.url, max: connections });
const database = fromPool(pool);
let failed = false;
try {
  // Both sides set up first, then one checkpoint, so neither measurement pays for the other's load.
  await pgbench(['-i', '-q', '-s', String(scale)], pgbenchDatabase.url);
  await database.migrate();
  await seedDemoData(database.db);
  const merchant = await findMerchantByCode(database.db, DEMO_MERCHANT_CODE);
  if (!merchant) throw new Error('the seed made no demo merchant');
  const wallets = await fundedWallets(database, merchant.id);
  await pool.query('checkpoint').catch(() => undefined);

  const threads = Math.min(2, connections);
  const tpcb = await pgbench(['-c', String(connections), '-j', String(threads), '-T', String(seconds), '-M', 'prepared'], pgbenchDatabase.url);
  const tps = Number(/^tps = ([\d.]+)/m.exec(tpcb)?.[1]);
  const tpcbLatency = Number(/^latency average = ([\d.]+) ms/m.exec(tpcb)?.[1]);
  if (!(tps > 0)) throw new Error(`no tps in pgbench's output:\n${tpcb}`);

  await transfer(database, merchant.id, wallets, Date.now() + 1000, 'W');
  const ledger = await transfer(database, merchant.id, wallets, Date.now() + seconds * 1000, 'M');

  const rows = [
    [`pgbench TPC-B tps (scale ${scale}, -M prepared)`, `${tps.toFixed(0).padStart(7)} tps          latency avg ${tpcbLatency.toFixed(1)} ms`],
    [`ledger transfers/s (postEntry, ${wallets.length} wallets)`, `${ledger.perSecond.toFixed(0).padStart(7)} transfers/s  latency avg ${ledger.latencyMs.toFixed(1)} ms`
      + `  (${ledger.committed} committed, ${ledger.refused} refused for insufficient balance)`],
    ['ratio (ledger / TPC-B)', (ledger.perSecond / tps).toFixed(3)],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\nLedger on the PostgreSQL server — ${connections} clients, ${seconds} s each`);
  for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);

  const report = await verifyLedger(database.db);
  const { rows: [total] } = await pool.query(`select coalesce(sum(balance), 0)::text as sum from ledger_accounts where kind = 'member_cash'`);
  const expected = (FUNDING * BigInt(wallets.length)).toString();
  if (report.problems.length > 0 || total.sum !== expected) {
    failed = true;
    console.error(`LEDGER NOT CLEAN after the bench: ${report.problems.length} problems; member wallets hold ${total.sum}, funded ${expected}`);
    for (const problem of report.problems) console.error(`  ${problem.kind}  ${problem.detail}`);
  } else {
    console.log(`ledger verified clean after the run: ${report.accounts} accounts, ${report.entries} entries, ${report.lines} lines; wallets still hold what they were funded`);
  }
} finally {
  await database.close();
  // pool.end() resolves before the sockets close; the forced drop below may cut one, which is expected.
  pool.removeAllListeners('error').on('error', () => undefined);
  await Promise.all([pgbenchDatabase.drop(), ledgerDatabase.drop()]);
}
process.exit(failed ? 1 : 0);
