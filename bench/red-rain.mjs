#!/usr/bin/env node
/**
 * The red-envelope rain's figure of `npm run bench` (issue 25; run.mjs runs it; alone:
 * `DATABASE_URL=postgres://… node --import tsx bench/red-rain.mjs`): 1,000 signed-in members
 * grabbing envelopes at once over real HTTP (POST /wps/red-rain/:id/grab: the grab's count, the
 * envelope taken with SKIP LOCKED, the 'bonus' posting from the promotions account and its
 * turnover requirement, in one unit of the grabs' group commit) against the whole app on the
 * PostgreSQL server, beside pgbench's TPC-B tps in the same run, before and after; p99 of a grab
 * from all of them. Then a second rain with fewer envelopes than the grabs asked for: every
 * envelope taken, the budget paid exactly, no envelope twice; the ledger verifies clean.
 *
 * BENCH_RAIN_GRABBERS (default 1000) members grab at once, each again as soon as answered.
 * BENCH_SECONDS / BENCH_CONNECTIONS as for the other money benches. Fails only on errors, an
 * envelope paid twice, a budget exceeded or a ledger that does not verify, never on slowness.
 */
import { randomBytes } from 'node:crypto';
import {
  ledgerNotClean,
  meteredRow,
  meteredWindow,
  printFigures,
  rowsBesideTpcb,
  runMoneyBench,
  settings,
} from './money-bench.mjs';
import { RED_RAIN_API_PATHS } from '@palaro/contract';
import { sha256Hex } from '../apps/server/src/platform/crypto.ts';
import { insertSession } from '../apps/server/src/modules/accounts/store.ts';
import { SESSION } from '../apps/server/src/modules/accounts/policy.ts';
import { createEvent } from '../apps/server/src/modules/red-rain/service.ts';

const { seconds } = settings;
const grabbers = Number(process.env.BENCH_RAIN_GRABBERS ?? 1000);
const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 300;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

await runMoneyBench(
  { figure: 'red rain grabs/s vs pgbench TPC-B', purpose: 'redrain', name: 'red rain', queueLimit: grabbers * 4 },
  async (bench) => {
    const { database, pool, merchant } = bench;
    const players = await bench.fundedMembers(grabbers, {
      prefix: 'rr',
      funding: 100n,
      each: async (member) => {
        const token = randomBytes(32).toString('base64url');
        const now = new Date();
        await insertSession(database.db, {
          tokenHash: sha256Hex(token),
          merchantId: merchant.id,
          memberId: member.id,
          now,
          expiresAt: new Date(now.getTime() + 3600_000),
          ip: '127.0.0.1',
          device: 'bench',
        });
        return { cookie: `${SESSION.cookieName}=${token}` };
      },
    });
    const address = await bench.listen();

    /** A rain starting in a second, scheduled as the operator does (validated, audited). */
    const rain = async ({ budget, envelopeCount, grabsPerMember }) => {
      const startsAt = new Date(Date.now() + 1500);
      const event = await createEvent(database.db, {
        merchantCode: merchant.code,
        event: {
          title: { TY: 'Bench', EN: 'Bench' },
          startsAt: startsAt.toISOString(),
          minutes: 30,
          budget,
          envelopeCount,
          minAmount: 1,
          maxAmount: Math.ceil((budget / envelopeCount) * 3),
          grabsPerMember,
          qualification: 'none',
          qualifyAmount: 0,
        },
        actor: 'bench',
        now: new Date(),
      });
      await sleep(Math.max(0, startsAt.getTime() - Date.now()) + 100);
      return event.id;
    };

    const latencies = [];
    const counts = { taken: 0, soldOut: 0, other: new Map() };
    const grab = async (who, eventId) => {
      const begun = performance.now();
      const response = await fetch(`${address}${RED_RAIN_API_PATHS.redRainGrab.replace(':id', String(eventId))}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: who.cookie },
        body: '{}',
      });
      const answer = await response.json();
      latencies.push(performance.now() - begun);
      if (response.status === 200) {
        counts.taken += 1;
        return true;
      }
      if (answer.errorCode === 'redrain.sold.out') {
        counts.soldOut += 1;
        return false;
      }
      const key = `${response.status} ${answer.errorCode}`;
      counts.other.set(key, (counts.other.get(key) ?? 0) + 1);
      if (response.status >= 500 && response.status !== 503) throw new Error(`a grab answered ${key}`);
      return response.status === 503;
    };
    const everyone = async (eventId, until) => {
      let done = 0;
      const started = performance.now();
      await Promise.all(
        players.map(async (who) => {
          while (Date.now() < until) {
            if (!(await grab(who, eventId))) return;
            done += 1;
          }
        }),
      );
      return { done, perSecond: done / ((performance.now() - started) / 1000), latencyMs: 0 };
    };

    // The throughput rain: more envelopes than the window can take.
    const big = await rain({ budget: 5_000_000, envelopeCount: 100_000, grabsPerMember: 1000 });
    await everyone(big, Date.now() + 1000);
    latencies.length = 0;
    counts.taken = 0;
    await bench.checkpoint();
    const windows = await bench.besideTpcb(() => meteredWindow(pool, () => everyone(big, Date.now() + seconds * 1000)));
    const sorted = latencies.toSorted((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);

    // The sold-out rain: 1,000 grabbers on 2,000 envelopes, each grabbing until none is left.
    const small = await rain({ budget: 400_000, envelopeCount: 2000, grabsPerMember: 1000 });
    counts.soldOut = 0;
    await everyone(small, Date.now() + 60_000);

    const check = async (eventId) => {
      const {
        rows: [row],
      } = await pool.query(
        `select e.budget::text as budget, (select coalesce(sum(amount), 0) from red_rain_envelopes where event_id = e.id)::text as split,
           (select count(*) from red_rain_envelopes where event_id = e.id and member_id is not null)::int as taken,
           (select coalesce(sum(amount), 0) from red_rain_envelopes where event_id = e.id and member_id is not null)::text as taken_sum,
           (select count(*) from journal_entries j join red_rain_envelopes v on j.reference = 'RR' || v.id and j.kind = 'bonus' where v.event_id = e.id)::int as entries,
           (select coalesce(sum(l.amount), 0) from journal_entries j join red_rain_envelopes v on j.reference = 'RR' || v.id and j.kind = 'bonus'
              join journal_lines l on l.entry_id = j.id and l.amount > 0 where v.event_id = e.id)::text as paid
         from red_rain_events e where e.id = $1`,
        [eventId],
      );
      return row;
    };
    const bigCheck = await check(big);
    const smallCheck = await check(small);
    const sums = await bench.ledgerSums();

    const rows = rowsBesideTpcb(
      windows,
      [
        [
          `red rain grabs/s over HTTP (${grabbers} grabbers at once, ${seconds} s)`,
          `${windows.measured.perSecond.toFixed(0).padStart(7)}  (${windows.measured.done} grabs)`,
        ],
        meteredRow(windows.measured, 'grab'),
        [
          `  grab latency p50 / p99`,
          `${p50.toFixed(0).padStart(7)} ms / ${p99.toFixed(0)} ms  ${p99 <= GOAL_P99_MS ? '✓' : '✗'} goal p99 ≤ ${GOAL_P99_MS} ms`,
        ],
        [
          `  other answers (busy 503 retried)`,
          counts.other.size === 0 ? '      0' : [...counts.other].map(([key, n]) => `${key} × ${n}`).join(', '),
        ],
        [
          `throughput rain: envelopes taken = journal entries, paid = sum taken, ≤ budget`,
          `${bigCheck.taken} = ${bigCheck.entries}, ${bigCheck.paid} = ${bigCheck.taken_sum} ≤ ${bigCheck.budget}`,
        ],
        [
          `sold-out rain (2,000 envelopes): taken, entries, paid = budget`,
          `${smallCheck.taken}, ${smallCheck.entries}, ${smallCheck.paid} = ${smallCheck.budget} (split ${smallCheck.split}); ${counts.soldOut} grabs told sold out`,
        ],
        [
          `ledger:verify after the bench`,
          sums.report.problems.length === 0 ? 'clean' : `${sums.report.problems.length} problems`,
        ],
      ],
      { ratioName: 'grabs/s', goal: GOAL_RATIO, why: 'one money transaction a grab' },
    );
    printFigures('\nred-envelope rain (issue 25)', rows);

    const wrong =
      bigCheck.taken !== bigCheck.entries ||
      bigCheck.paid !== bigCheck.taken_sum ||
      BigInt(bigCheck.paid) > BigInt(bigCheck.budget) ||
      bigCheck.split !== bigCheck.budget ||
      smallCheck.taken !== 2000 ||
      smallCheck.entries !== 2000 ||
      smallCheck.paid !== smallCheck.budget ||
      smallCheck.split !== smallCheck.budget;
    if (wrong) console.error('RED RAIN MONEY WRONG: an envelope unpaid or paid twice, or a budget not kept');
    if (sums.report.problems.length > 0) ledgerNotClean('red rain', sums.report);
    return !wrong && sums.report.problems.length === 0;
  },
);
