#!/usr/bin/env node
/**
 * The lottery's settlement figure (issue 12): bets settled per second for one draw with
 * BENCH_LOTTERY_BETS (default 100,000) bets, beside pgbench's TPC-B tps on the same server in the
 * same run. Alone: `DATABASE_URL=postgres://… node --import tsx bench/lottery-settle.mjs`;
 * BENCH_LOTTERY_SETTLE_RUNS=3 settles the same draw three times (each in a fresh copy of the
 * prepared database: preparing it takes half a minute, a copy a second), to see the spread.
 *
 * The bets are written straight into a fresh database (1,000 funded members, each with a deposit's
 * turnover requirement outstanding, each slip's stake debited through the ledger), the draw is
 * locked and drawn by the module's own functions, and the settlement (`settleDraw`: chunks of
 * 10,000, each one transaction of three statements — the bets read, every outcome written, the
 * payments (one per winning member) posted by postBulk — besides the chunk's turnover) is timed, with the CPU time it took in
 * this process and in the database server's processes serving it (read from /proc, so shown only
 * when the server runs on this machine): the CPU swings much less with the machine's load than the
 * time does. Half the bets are big/small/odd/even on ball 1 (half of them win), half a fixed-place
 * digit (a tenth win): 30,000 winners whatever the result. Afterwards no bet may be left pending
 * and the ledger must verify; the bench fails only on errors, never on slowness.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { and, eq, sql } from 'drizzle-orm';
import { PRIZE_GROUP_DEFAULT } from '@palaro/contract';
import { throwAwayDatabase } from './throw-away-database.mjs';
import { initPgbench, tpcb } from './pgbench.mjs';
import { fromPool } from '../apps/server/src/platform/db/database.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { seedDemoData } from '../apps/server/src/seed.ts';
import { DEMO_MERCHANT_CODE } from '../apps/server/src/modules/site/seed.ts';
import { findMerchantByCode } from '../apps/server/src/modules/site/store.ts';
import { insertMember } from '../apps/server/src/modules/accounts/store.ts';
import { memberCashAccount, postEntries, systemAccount } from '../apps/server/src/modules/wallet/ledger.ts';
import { addTurnoverRequirement } from '../apps/server/src/modules/wallet/turnover.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/verify.ts';
import { drawDraw, lockDraw, scheduleDraws } from '../apps/server/src/modules/lottery/draws.ts';
import { settleDraw } from '../apps/server/src/modules/lottery/settlement.ts';
import { lotteryBets, lotteryDraws, lotteryGames } from '../apps/server/src/modules/lottery/schema.ts';

const serverUrl = process.env.DATABASE_URL;
const betCount = Number(process.env.BENCH_LOTTERY_BETS ?? 100_000);
const memberCount = 1000;
const runs = Number(process.env.BENCH_LOTTERY_SETTLE_RUNS ?? 1);

if (!serverUrl || !/^postgres(ql)?:/.test(serverUrl)) {
  console.log('\nlottery settlement: skipped: needs DATABASE_URL (pgbench needs a PostgreSQL server)');
  process.exit(0);
}

const pgbenchDatabase = await throwAwayDatabase(serverUrl, 'pgbench');
const preparedDatabase = await throwAwayDatabase(serverUrl, 'lottery');
const copies = [];
try {
  await initPgbench(pgbenchDatabase.url, 10);
  const { tps: tpcbTps } = await tpcb(pgbenchDatabase.url, { clients: 10, threads: 2, seconds: 5 });
  const { drawId, deps: prepared } = await withDatabase(preparedDatabase.url, prepare);

  console.log(`\nlottery settlement (pgbench TPC-B: ${tpcbTps.toFixed(0)} tps at scale 10, 10 clients, -M prepared)`);
  for (let run = 1; run <= runs; run += 1) {
    // Each run settles the same prepared draw in a copy of its own (the prepared database is their template).
    const copy = await throwAwayDatabase(serverUrl, 'lottery_copy', preparedDatabase.name);
    copies.push(copy);
    await withDatabase(copy.url, async (database) => {
      const deps = { ...prepared, db: database.db };
      const backends = await openBackends(database);
      const cpuAtStart = cpuSeconds(backends);
      const loadAtStart = loadavg()[0];
      const started = performance.now();
      await settleDraw(deps, drawId);
      const seconds = (performance.now() - started) / 1000;
      const cpu = cpuSeconds(backends) - cpuAtStart;
      const [{ winners, pending, settled }] = (
        await database.db.execute(sql`select count(*) filter (where state = 'won')::int as winners,
        count(*) filter (where state = 'pending')::int as pending, count(*)::int as settled from lottery_bets where draw_id = ${drawId}`)
      ).rows;
      if (pending > 0) throw new Error(`${pending} bets were left pending`);
      const report = await verifyLedger(database.db);
      if (report.problems.length > 0)
        throw new Error(`the ledger does not verify: ${JSON.stringify(report.problems.slice(0, 5))}`);
      const perSecond = settled / seconds;
      console.log(
        `  run ${run} (load average ${loadAtStart.toFixed(2)} as it started, ${loadavg()[0].toFixed(2)} after): ${settled} bets (${winners} winners) settled in ${seconds.toFixed(2)} s` +
          ` (CPU ${Number.isNaN(cpu) ? '—' : `${cpu.toFixed(2)} s`}): ${perSecond.toFixed(0)} bets/s ${perSecond >= 50_000 ? '✓' : '✗'} goal ≥ 50,000/s, ÷ TPC-B tps ${(perSecond / tpcbTps).toFixed(2)}; ledger verified: clean`,
      );
    });
  }
} finally {
  await Promise.all([pgbenchDatabase.drop(), preparedDatabase.drop(), ...copies.map((copy) => copy.drop())]);
}

/**
 * The database server's processes serving `database`'s pool, every connection of it opened first
 * (their CPU is read from /proc, so only when the server runs on this machine).
 */
async function openBackends(database) {
  await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
  const { rows } = await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`);
  return rows.map((row) => row.pid);
}

/** CPU seconds this process and `backends` have used so far; NaN when a backend's are not readable here. */
function cpuSeconds(backends) {
  const own = process.cpuUsage();
  let ticks = 0;
  for (const pid of backends) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return Number.NaN;
    }
  }
  return (own.user + own.system) / 1e6 + ticks / 100;
}

/** Runs `work` on a pool of four connections to the database at `url`, closed after. */
async function withDatabase(url, work) {
  const database = fromPool(new pg.Pool({ connectionString: url, max: 4 }), {
    log: createLogger({ logLevel: 'error' }),
  });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * The schema, the demo seed, the members with their funding, turnover requirements and slips, the
 * bets, and the draw locked and drawn: answers the draw's id and the lottery functions' deps.
 */
async function prepare(database) {
  await database.migrate();
  const db = database.db;
  await seedDemoData(db);
  const merchant = await findMerchantByCode(db, DEMO_MERCHANT_CODE);
  const now = Date.parse('2031-01-01T00:00:05Z');
  let clock = now;
  const deps = { db, now: () => new Date(clock), jobs: { enqueue: async () => null } };
  await db
    .update(lotteryGames)
    .set({ enabled: false })
    .where(sql`game_code <> 'SSC_1M'`);
  await scheduleDraws(deps);
  const [game] = await db
    .select()
    .from(lotteryGames)
    .where(and(eq(lotteryGames.merchantId, merchant.id), eq(lotteryGames.gameCode, 'SSC_1M')));
  const [draw] = await db
    .select()
    .from(lotteryDraws)
    .where(eq(lotteryDraws.gameId, game.id))
    .orderBy(lotteryDraws.drawsAt)
    .limit(1);

  // Members, each funded and debited once for its share of the bets (100 centavos a bet).
  const house = (await systemAccount(db, merchant.id, 'house')).id;
  const perMember = Math.ceil(betCount / memberCount);
  const members = [];
  for (let index = 0; index < memberCount; index += 1) {
    const member = await insertMember(db, {
      merchantId: merchant.id,
      username: `lotto${index}`,
      type: 0,
      registerMethod: 'H5',
    });
    members.push({ id: member.id, account: (await memberCashAccount(db, merchant.id, member.id)).id });
  }
  await db.transaction(async (tx) => {
    await postEntries(
      tx,
      members.map((member) => ({
        merchantId: merchant.id,
        kind: 'adjustment',
        reference: `LOTTOFUND${member.id}`,
        lines: [
          { accountId: member.account, amount: 1_000_000n },
          { accountId: house, amount: -1_000_000n },
        ],
      })),
    );
    // As a depositor's: the funding brings a turnover requirement, so settling counts each bet toward it.
    for (const member of members) {
      await addTurnoverRequirement(tx, {
        merchantId: merchant.id,
        memberId: member.id,
        source: 'deposit',
        reference: `LOTTOFUND${member.id}`,
        baseAmount: 1_000_000n,
        percent: 100,
      });
    }
    await postEntries(
      tx,
      members.map((member) => ({
        merchantId: merchant.id,
        kind: 'bet',
        reference: `LOTTOBET${member.id}`,
        category: 'ELOTT',
        lines: [
          { accountId: member.account, amount: -BigInt(perMember * 100) },
          { accountId: house, amount: BigInt(perMember * 100) },
        ],
      })),
    );
  });
  const placedAt = new Date(now);
  for (let start = 0; start < memberCount * perMember; start += 2000) {
    const rows = [];
    for (let index = start; index < Math.min(start + 2000, memberCount * perMember); index += 1) {
      const fixed = index % 2 === 0;
      // Every pick in turn, so the share of winners is the same whatever the result: half the
      // big/small/odd/even bets (two of the four sides win) and a tenth of the fixed-place digits.
      const pick = Math.floor(index / 2);
      rows.push({
        merchantId: merchant.id,
        memberId: members[Math.floor(index / perMember)].id,
        trial: false,
        gameId: game.id,
        drawId: draw.id,
        slipReference: `LOTTOBET${members[Math.floor(index / perMember)].id}`,
        betType: fixed ? 'SSC_FIXED_PLACE' : 'SSC_BSOE',
        picks: fixed ? [[pick % 10], [], [], [], []] : [[pick % 4], [], [], [], []],
        combinations: 1,
        unitStake: 100n,
        multiplier: 1,
        stake: 100n,
        prizeGroup: PRIZE_GROUP_DEFAULT,
        placedAt,
      });
    }
    await db.insert(lotteryBets).values(rows);
  }

  clock = draw.drawsAt.getTime();
  await lockDraw(deps, draw.id);
  await drawDraw(deps, draw.id);
  return { drawId: draw.id, deps };
}
