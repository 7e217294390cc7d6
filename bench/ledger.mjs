#!/usr/bin/env node
/**
 * The ledger figures of `npm run bench` (run.mjs runs it; alone: `node --import tsx bench/ledger.mjs`,
 * it imports the server's TypeScript), all in one run on the same PostgreSQL server:
 * - pgbench's TPC-B tps, the classic "move money between accounts" transaction, as the yardstick,
 *   run before and after the grouped transfers (baseline, ours, baseline) so a change of the
 *   machine's load in between shows, and the ratio is taken against their mean;
 * - wallet-to-wallet transfers committed per second through the grouped postings
 *   (GroupCommitter.post: the transfers in flight share one posting statement, one transaction, one
 *   commit and one NOTIFY, each keeping its outcome), beside the same transfers as grouped units
 *   (GroupCommitter.run + postEntry: a statement each, in one transaction) and one transaction each
 *   (`db.transaction` + postEntry, what a caller that does not opt in gets);
 * - bulk posting, the shape of a settlement: entries per second posted by postBulk (what a lottery
 *   settlement posts its wins with), thousands of credits per call, timed while posting and
 *   committing (not while the bench draws its random credits), with the CPU a call took in the
 *   database server (the pool's backends, read from /proc when the server runs on this machine)
 *   and in this process: the CPU swings much less with the machine's load than the wall clock.
 * Each ratio is printed beside its goal with ✓ or ✗; the bench fails only on errors (or a ledger
 * that does not verify), never on slowness.
 *
 * Needs DATABASE_URL (pgbench needs a server; the embedded database is skipped). Both sides work in
 * randomly named databases created for the run and dropped after it. BENCH_SECONDS (default 5) and
 * BENCH_CONNECTIONS (default 10) size pgbench's run and the ledger's connection pool alike;
 * BENCH_LEDGER_CALLERS (default 100) is how many transfers are in flight at once (requests a
 * server is serving), BENCH_LEDGER_MEMBERS (default 1000) how many funded wallets the transfers
 * pick from, BENCH_BULK_SIZE (default 5000) the entries per bulk call, BENCH_PGBENCH_SCALE
 * (default 10) the pgbench scale. After the run the ledger is verified (verifyLedger): the bench
 * fails if it is not clean or if money was created or lost.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { ERROR_CODES } from '@palaro/contract';
import { ledgerNotClean, onWorkers, printFigures, runMoneyBench, settings } from './money-bench.mjs';
import { GroupCommitter } from '../apps/server/src/modules/wallet/group-commit.ts';
import { memberCashAccount, postBulk, postEntry, systemAccount } from '../apps/server/src/modules/wallet/ledger.ts';

const { seconds, connections, scale } = settings;
const callers = Number(process.env.BENCH_LEDGER_CALLERS ?? 100);
const memberCount = Number(process.env.BENCH_LEDGER_MEMBERS ?? 1000);
const bulkSize = Number(process.env.BENCH_BULK_SIZE ?? 5000);
/** Each wallet starts with ₱10,000.00; a transfer moves ₱0.01–₱100.00, so refusals stay rare. */
const FUNDING = 1_000_000n;
const MAX_TRANSFER = 10_000;

/**
 * Transfers between random wallets from `callers` callers at once until `until`, each posted through
 * `post` (a function taking the entry's draft); counts commits and refusals.
 */
async function transfer(post, merchantId, wallets, until, label) {
  let committed = 0;
  let refused = 0;
  let latencyMs = 0;
  const started = performance.now();
  await onWorkers(callers, async (worker) => {
    for (let sequence = 0; Date.now() < until; sequence += 1) {
      const from = wallets[randomInt(wallets.length)];
      let to = wallets[randomInt(wallets.length - 1)];
      if (to === from) to = wallets[wallets.length - 1];
      const amount = BigInt(randomInt(1, MAX_TRANSFER + 1));
      const begun = performance.now();
      try {
        await post({
          merchantId,
          kind: 'upline_transfer',
          reference: `BENCH${label}${worker}-${sequence}`,
          memo: 'bench transfer',
          lines: [
            { accountId: from, amount: -amount },
            { accountId: to, amount },
          ],
        });
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

/**
 * Settlement-shaped bulks — `bulkSize` credits from the house to random wallets per call — until
 * `until`. The clock runs while a call posts and commits (postBulk in its transaction), not while
 * the bench draws the call's random wallets and amounts: that is the caller's work (a settlement
 * reads its winners), not the posting's; so does the CPU count, of this process and of the pool's
 * backends.
 */
async function bulkCredits(database, merchantId, wallets, until, label) {
  const house = (await systemAccount(database.db, merchantId, 'house')).id;
  const backends = await poolBackends(database);
  let entries = 0;
  let credited = 0n;
  let postingMs = 0;
  let serverCpuMs = 0;
  let ownCpuMs = 0;
  for (let call = 0; Date.now() < until; call += 1) {
    const drafts = Array.from({ length: bulkSize }, (_, index) => {
      const amount = BigInt(randomInt(1, MAX_TRANSFER + 1));
      credited += amount;
      return {
        merchantId,
        kind: 'win',
        reference: `BENCHBULK${label}${call}-${index}`,
        category: 'bench',
        lines: [
          { accountId: wallets[randomInt(wallets.length)], amount },
          { accountId: house, amount: -amount },
        ],
      };
    });
    const serverCpuBefore = serverCpuMsOf(backends);
    const ownCpuBefore = process.cpuUsage();
    const begun = performance.now();
    await database.db.transaction((tx) => postBulk(tx, drafts));
    postingMs += performance.now() - begun;
    const ownCpu = process.cpuUsage(ownCpuBefore);
    ownCpuMs += (ownCpu.user + ownCpu.system) / 1000;
    serverCpuMs += serverCpuMsOf(backends) - serverCpuBefore;
    entries += drafts.length;
  }
  const calls = Math.max(entries / bulkSize, 1);
  return {
    perSecond: entries / (postingMs / 1000),
    entries,
    credited,
    msPerCall: postingMs / calls,
    serverCpuMsPerCall: serverCpuMs / calls,
    ownCpuMsPerCall: ownCpuMs / calls,
  };
}

/** The database server's processes serving `database`'s pool, every connection of it opened first. */
async function poolBackends(database) {
  await Promise.all(Array.from({ length: connections }, () => database.db.execute(sql`select pg_sleep(0.02)`)));
  const { rows } = await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`);
  return rows.map((row) => row.pid);
}

/** The CPU milliseconds `backends` have used so far (schedstat counts nanoseconds); NaN when they are not readable here. */
function serverCpuMsOf(backends) {
  let nanoseconds = 0;
  for (const pid of backends) {
    try {
      nanoseconds += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      return Number.NaN;
    }
  }
  return nanoseconds / 1e6;
}

/** A figure beside its goal: ✓ when it reaches it. Slowness is reported, never an error. */
const againstGoal = (value, goal, unit) => `${value >= goal ? '✓' : '✗'} goal ≥ ${goal}${unit}`;

await runMoneyBench(
  { figure: 'ledger transfers/s vs pgbench TPC-B, bulk entries/s', purpose: 'ledger', name: 'ledger' },
  async (bench) => {
    const { database, merchant } = bench;
    // Members in the members table, each with a funded wallet: the transfers move money between their wallets.
    const wallets = await bench.fundedMembers(memberCount, {
      prefix: 'fund',
      funding: FUNDING,
      each: async (member) => (await memberCashAccount(database.db, merchant.id, member.id)).id,
    });
    await bench.checkpoint();

    const loadBefore = loadavg()[0];

    const committer = new GroupCommitter(database);
    const postedGrouped = (draft) => committer.post(draft);
    const unitGrouped = (draft) => committer.run((tx) => postEntry(tx, draft));
    const oneTransactionEach = (draft) => database.db.transaction((tx) => postEntry(tx, draft));
    await transfer(postedGrouped, merchant.id, wallets, Date.now() + 1000, 'W');
    const tpcbBefore = await bench.tpcbRun();
    const statsBefore = { ...committer.stats };
    const posted = await transfer(postedGrouped, merchant.id, wallets, Date.now() + seconds * 1000, 'P');
    const postingsPerGroup =
      (committer.stats.postings - statsBefore.postings) / Math.max(committer.stats.groups - statsBefore.groups, 1);
    const tpcbAfter = await bench.tpcbRun();
    const tps = (tpcbBefore.tps + tpcbAfter.tps) / 2;
    const unitsBefore = { ...committer.stats };
    const units = await transfer(unitGrouped, merchant.id, wallets, Date.now() + seconds * 1000, 'G');
    const unitsPerGroup =
      (committer.stats.units - unitsBefore.units) / Math.max(committer.stats.groups - unitsBefore.groups, 1);
    const single = await transfer(oneTransactionEach, merchant.id, wallets, Date.now() + seconds * 1000, 'S');
    const bulkWarmUp = await bulkCredits(database, merchant.id, wallets, Date.now() + 1000, 'W');
    const bulk = await bulkCredits(database, merchant.id, wallets, Date.now() + seconds * 1000, 'M');
    const bulkCreditedTotal = bulkWarmUp.credited + bulk.credited;
    const loadAfter = loadavg()[0];

    const transfersLine = (result) =>
      `${result.perSecond.toFixed(0).padStart(7)} transfers/s  latency avg ${result.latencyMs.toFixed(1)} ms` +
      `  (${result.committed} committed, ${result.refused} refused for insufficient balance)`;
    const tpcbLine = (run) =>
      `${run.tps.toFixed(0).padStart(7)} tps          latency avg ${run.latencyMs.toFixed(1)} ms`;
    const ratio = (result) => (result.perSecond / tps).toFixed(3);
    const rows = [
      [`pgbench TPC-B tps (scale ${scale}, -M prepared, ${connections} clients), before`, tpcbLine(tpcbBefore)],
      [
        `transfers, grouped postings (${callers} callers, ${wallets.length} wallets, ${postingsPerGroup.toFixed(1)} per group)`,
        transfersLine(posted),
      ],
      [`pgbench TPC-B tps, after`, tpcbLine(tpcbAfter)],
      [
        `  ratio grouped postings / TPC-B (mean of before and after)`,
        `${ratio(posted).padStart(7)}  ${againstGoal(posted.perSecond / tps, 1, '×')}`,
      ],
      [
        `transfers, grouped units (run + postEntry, ${unitsPerGroup.toFixed(1)} per group)`,
        `${transfersLine(units)}  ratio ${ratio(units)}`,
      ],
      [`transfers, one transaction each`, `${transfersLine(single)}  ratio ${ratio(single)}`],
      [
        `bulk posting (postBulk, ${bulkSize} credits per call)`,
        `${bulk.perSecond.toFixed(0).padStart(7)} entries/s    ${againstGoal(bulk.perSecond, 50_000, ' entries/s')}  (${bulk.entries} entries, ${bulk.msPerCall.toFixed(0)} ms a call` +
          `; CPU a call: database ${Number.isNaN(bulk.serverCpuMsPerCall) ? '—' : `${bulk.serverCpuMsPerCall.toFixed(0)} ms`}, this process ${bulk.ownCpuMsPerCall.toFixed(0)} ms)`,
      ],
    ];
    printFigures(
      `\nLedger on the PostgreSQL server — pool of ${connections} connections, ${seconds} s each; load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`,
      rows,
    );

    const { report, ...total } = await bench.ledgerSums();
    const expected = (FUNDING * BigInt(wallets.length) + bulkCreditedTotal).toString();
    if (report.problems.length > 0 || total.members !== expected || total.everything !== '0') {
      ledgerNotClean(
        `${report.problems.length} problems; member wallets hold ${total.members}, funded and credited ${expected}; all accounts sum to ${total.everything}`,
        report,
      );
      return false;
    }
    console.log(
      `ledger verified clean after the run: ${report.accounts} accounts, ${report.entries} entries, ${report.lines} lines; wallets hold what they were funded and credited, all accounts sum to zero`,
    );
    return true;
  },
);
