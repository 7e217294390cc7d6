import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
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
import { postAdjustment } from '../apps/server/src/modules/wallet/service.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/verify.ts';

/**
 * What the money benches (ledger, game wallet, lottery bets) share: the platform seeded in a
 * throw-away database beside pgbench's on the same PostgreSQL server, funded members, the whole app
 * listening when a bench measures over HTTP, pgbench's TPC-B windows as the yardstick, the figures'
 * table and the ledger's sums at the end.
 *
 * BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) size pgbench's runs and the
 * platform's pool alike; BENCH_PGBENCH_SCALE (default 10) is pgbench's scale.
 */
export const settings = {
  serverUrl: process.env.DATABASE_URL,
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  scale: Number(process.env.BENCH_PGBENCH_SCALE ?? 10),
};

/** Runs `task(worker)` on `count` workers at once. */
export const onWorkers = (count, task) => Promise.all(Array.from({ length: count }, (_, worker) => task(worker)));

/**
 * `workers` workers, each repeating `step(worker, sequence)` until `until` or until its step answers
 * false; answers the steps done per second, how many and their average latency.
 */
export async function timedSteps(workers, until, step) {
  let done = 0;
  let latencyMs = 0;
  const started = performance.now();
  await onWorkers(workers, async (worker) => {
    for (let sequence = 0; Date.now() < until; sequence += 1) {
      const begun = performance.now();
      if (!(await step(worker, sequence))) return;
      done += 1;
      latencyMs += performance.now() - begun;
    }
  });
  const elapsed = (performance.now() - started) / 1000;
  return { perSecond: done / elapsed, done, latencyMs: latencyMs / Math.max(done, 1) };
}

/**
 * Counts the statements the platform's pool sends (each one round trip: node-postgres sends one
 * statement at a time), for the figures "statements per slip / per call". Every pg client of this
 * process is counted, and only the platform's pool runs in it (pgbench is a process of its own).
 */
let statementsSent = 0;
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statementsSent += 1;
  return sendQuery.apply(this, args);
};

/** The CPU milliseconds the database server's processes `pids` used so far (schedstat: nanoseconds); NaN when not readable here. */
function serverCpuMsOf(pids) {
  let nanoseconds = 0;
  for (const pid of pids) {
    try {
      nanoseconds += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A backend that ended since (the pool closed an idle connection) counted until then: not readable now.
    }
  }
  return nanoseconds / 1e6;
}

/**
 * What a measured window cost, per unit of work (a slip, a round): statements sent by the pool,
 * this process's CPU (the app and the bench's HTTP clients alike: they share the process), the
 * database's backends' CPU (when the server runs on this machine) and the event loop's delay.
 * These move less with the machine's load than the wall clock does.
 */
export async function meteredWindow(pool, measure) {
  const { rows } = await pool.query(`select pid from pg_stat_activity where datname = current_database()`);
  const pids = rows.map((row) => row.pid);
  const statementsBefore = statementsSent;
  const cpuBefore = process.cpuUsage();
  const serverBefore = serverCpuMsOf(pids);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const measured = await measure();
  delay.disable();
  const cpu = process.cpuUsage(cpuBefore);
  // Backends opened during the window are counted from their start.
  const { rows: after } = await pool.query(`select pid from pg_stat_activity where datname = current_database()`);
  const opened = after.map((row) => row.pid).filter((pid) => !pids.includes(pid));
  const serverMs = serverCpuMsOf(pids) - serverBefore + serverCpuMsOf(opened);
  const units = Math.max(measured.done, 1);
  return {
    ...measured,
    statementsPerUnit: (statementsSent - statementsBefore) / units,
    nodeCpuMsPerUnit: (cpu.user + cpu.system) / 1000 / units,
    serverCpuMsPerUnit: serverMs / units,
    loopDelayMs: { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6 },
  };
}

/** The figures' row of a metered window. */
export function meteredRow(measured, unit) {
  return [
    `  per ${unit}: statements sent, CPU of this process (app + HTTP clients), CPU of the database; event loop delay`,
    `${measured.statementsPerUnit.toFixed(1).padStart(7)} statements, ${measured.nodeCpuMsPerUnit.toFixed(2)} ms Node, ${measured.serverCpuMsPerUnit.toFixed(2)} ms database; loop delay p50 ${measured.loopDelayMs.p50.toFixed(1)} ms, p99 ${measured.loopDelayMs.p99.toFixed(1)} ms`,
  ];
}

/**
 * The figures' rows of a measurement taken between two TPC-B windows (`bench.besideTpcb`): TPC-B
 * before, the measurement's own rows, TPC-B after, and the ratio of its per-second figure to the
 * mean of both windows against the goal (✓ or ✗: slowness is reported, never an error).
 */
export function rowsBesideTpcb({ before, after, ratio }, rows, { ratioName, goal, why }) {
  const { scale, connections } = settings;
  return [
    [`pgbench TPC-B tps (scale ${scale}, -M prepared, ${connections} clients), before`, before.toFixed(0).padStart(7)],
    ...rows,
    [`pgbench TPC-B tps, after`, after.toFixed(0).padStart(7)],
    [
      `  ratio ${ratioName} / TPC-B tps (mean of before and after)`,
      `${ratio.toFixed(3).padStart(7)}  ${ratio >= goal ? '✓' : '✗'} goal ≥ ${goal}× (${why})`,
    ],
  ];
}

/** Figures in two columns, the names padded to the longest, under `title`. */
export function printFigures(title, rows) {
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(title);
  for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
}

/** Prints the ledger's problems under `message`: the bench then fails. */
export function ledgerNotClean(message, report) {
  console.error(`LEDGER NOT CLEAN after the bench: ${message}`);
  for (const problem of report.problems) console.error(`  ${problem.kind}  ${problem.detail}`);
}

/**
 * Runs `measure(bench)` on the demo merchant seeded in a fresh database, then drops both databases
 * and exits: 1 when `measure` threw or answered false (a ledger that does not verify), else 0.
 * Without a PostgreSQL server it prints that `figure` was skipped (pgbench needs one) and exits 0.
 * `purpose` names the platform's throw-away database, `name` the bench in its failure message;
 * `queueLimit` the platform's database queue (DATABASE_QUEUE_LIMIT) when the bench needs a deeper one.
 */
export async function runMoneyBench({ figure, purpose, name, queueLimit }, measure) {
  const { serverUrl, seconds, connections, scale } = settings;
  if (!serverUrl || !/^postgres(ql)?:/.test(serverUrl)) {
    console.log(`\n${figure}: skipped: needs DATABASE_URL (pgbench needs a PostgreSQL server)`);
    process.exit(0);
  }
  const pgbenchDatabase = await throwAwayDatabase(serverUrl, 'pgbench');
  const platformDatabase = await throwAwayDatabase(serverUrl, purpose);
  const pool = new pg.Pool({ connectionString: platformDatabase.url, max: connections });
  // At the end the throw-away database is dropped under connections pool.end() has not closed yet:
  // their 'ended connections' warning would read like a failure. Real failures throw.
  const database = fromPool(pool, { log: createLogger({ logLevel: 'error' }), queueLimit });
  const tag = randomBytes(3).toString('hex');
  let app;
  let failed;
  try {
    // Both sides set up before anything is measured, so neither measurement pays for the other's load.
    await initPgbench(pgbenchDatabase.url, scale);
    await database.migrate();
    await seedDemoData(database.db);
    const merchant = await findMerchantByCode(database.db, DEMO_MERCHANT_CODE);
    if (!merchant) throw new Error('the seed made no demo merchant');

    const bench = {
      database,
      pool,
      merchant,
      /** Random per run: the members' names and the bench's references stay unique across runs. */
      tag,
      /**
       * `count` members of the demo merchant, each funded with `funding` centavos, made on as many
       * workers as the pool has connections; answers what `each(member, index)` answers for each.
       */
      fundedMembers: async (count, { prefix, funding, each }) => {
        const made = [];
        let next = 0;
        await onWorkers(connections, async () => {
          for (let index = next++; index < count; index = next++) {
            const member = await insertMember(database.db, {
              merchantId: merchant.id,
              username: `${prefix}${tag}${index}`,
              type: 0,
              registerMethod: 'H5',
            });
            await database.db.transaction((tx) =>
              postAdjustment(tx, {
                merchantId: merchant.id,
                memberId: member.id,
                amount: funding,
                reference: `BENCH${prefix.toUpperCase()}${tag}${index}`,
                memo: 'bench funding',
                turnoverPercent: 0,
              }),
            );
            made.push(await each(member, index));
          }
        });
        return made;
      },
      /** The whole app (its scheduler on the real clock) on the platform's database; answers its address. */
      listen: async () => {
        const config = loadConfig({
          LOG_LEVEL: 'silent',
          NODE_ENV: 'production',
          DATABASE_URL: platformDatabase.url,
          WEB_DIST: join(mkdtempSync(join(tmpdir(), 'palaro-bench-web-')), 'missing'),
        });
        app = await buildApp({ config, db: database });
        return app.listen({ host: '127.0.0.1', port: 0 });
      },
      /** A checkpoint, so the measurement does not pay for the set-up's writes. */
      checkpoint: () => pool.query('checkpoint').catch(() => undefined),
      /** One pgbench TPC-B window of BENCH_SECONDS with as many clients as the pool has connections. */
      tpcbRun: () => tpcb(pgbenchDatabase.url, { clients: connections, threads: Math.min(2, connections), seconds }),
      /**
       * `measure()` between two TPC-B windows: answers what it measured, both windows' tps and the
       * ratio of its `perSecond` to their mean.
       */
      besideTpcb: async (measure) => {
        const before = (await bench.tpcbRun()).tps;
        const measured = await measure();
        const after = (await bench.tpcbRun()).tps;
        return { measured, before, after, ratio: measured.perSecond / ((before + after) / 2) };
      },
      /** verifyLedger's report and the sums of the member wallets and of all accounts (centavos, as text). */
      ledgerSums: async () => {
        const report = await verifyLedger(database.db);
        const {
          rows: [total],
        } = await pool.query(
          `select coalesce(sum(balance) filter (where kind = 'member_cash'), 0)::text as members, coalesce(sum(balance), 0)::text as everything from ledger_accounts`,
        );
        return { report, members: total.members, everything: total.everything };
      },
    };
    failed = (await measure(bench)) === false;
  } catch (error) {
    failed = true;
    console.error(`The ${name} bench failed:`, error);
  } finally {
    await app?.close();
    await database.close();
    // pool.end() resolves before the sockets close; the forced drop below may cut one, which is expected.
    pool.removeAllListeners('error').on('error', () => undefined);
    await Promise.all([pgbenchDatabase.drop(), platformDatabase.drop()]);
  }
  process.exit(failed ? 1 : 0);
}
