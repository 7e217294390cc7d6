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
import { loadavg } from 'node:os';
import { IDEMPOTENCY_HEADER, LOTTERY_API_PATHS, PRIZE_GROUP_DEFAULT, SIDE, lotteryGamePath } from '@palaro/contract';
import {
  ledgerNotClean,
  meteredRow,
  meteredWindow,
  printFigures,
  rowsBesideTpcb,
  runMoneyBench,
  settings,
  timedSteps,
} from './money-bench.mjs';
import { sha256Hex } from '../apps/server/src/platform/crypto.ts';
import { insertSession } from '../apps/server/src/modules/accounts/store.ts';
import { SESSION } from '../apps/server/src/modules/accounts/policy.ts';

const { seconds, connections } = settings;
const clients = Number(process.env.BENCH_LOTTERY_CLIENTS ?? 50);
const playerCount = Number(process.env.BENCH_LOTTERY_PLAYERS ?? 200);
const GAME = 'SSC_5M';
/** ₱10,000.00 each; a slip stakes ₱5.00, so no player runs dry in a run. */
const FUNDING = 1_000_000n;
/** Three different bets a slip (5 balls' fixed place, big/small on ball 1, a 2-star straight): 300 + 100 + 100 centavos. */
const slipBets = () => [
  {
    betType: 'SSC_FIXED_PLACE',
    picks: [[randomInt(10)], [randomInt(10)], [randomInt(10)], [], []],
    unitStake: 100,
    multiplier: 1,
  },
  {
    betType: 'SSC_BSOE',
    picks: [[randomInt(2) === 0 ? SIDE.BIG : SIDE.SMALL], [], [], [], []],
    unitStake: 100,
    multiplier: 1,
  },
  { betType: 'SSC_STRAIGHT_LAST2', picks: [[randomInt(10)], [randomInt(10)]], unitStake: 100, multiplier: 1 },
];
const BETS_PER_SLIP = 3;
/** A slip is one money transaction, as TPC-B's is (with its validation, pricing and the draw's share lock besides). */
const GOAL_RATIO = 0.5;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

await runMoneyBench(
  { figure: 'lottery bets placed/s vs pgbench TPC-B', purpose: 'lotterybets', name: 'lottery betting' },
  async (bench) => {
    const { database, pool, merchant } = bench;
    // Funded members, each signed in (a session row and its cookie; the sign-in itself is not measured).
    const players = await bench.fundedMembers(playerCount, {
      prefix: 'lb',
      funding: FUNDING,
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

    /** The draw on sale once the app's scheduler made it, with at least `needMs` of sale left (else the next one). */
    const drawOnSale = async (needMs) => {
      let last = '';
      for (let attempt = 0; attempt < 120; attempt += 1) {
        const response = await fetch(`${address}${lotteryGamePath(LOTTERY_API_PATHS.numero, GAME)}`);
        const answer = await response.json();
        if (response.ok && answer.value.isSale && answer.value.locksAt - answer.value.serverTime >= needMs)
          return answer.value;
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
        headers: {
          'content-type': 'application/json',
          cookie: who.cookie,
          [IDEMPOTENCY_HEADER]: randomBytes(12).toString('hex'),
        },
        body: JSON.stringify({ gameCode: GAME, numero, prizeGroup: PRIZE_GROUP_DEFAULT, bets: slipBets() }),
      });
      const answer = await response.json();
      if (response.status === 409 && answer.errorCode === 'lottery.draw.closed') {
        closed += 1;
        return false;
      }
      if (response.status !== 200)
        throw new Error(`placing a slip answered ${response.status}: ${JSON.stringify(answer)}`);
      staked += BigInt(answer.value.totalStake);
      return true;
    };

    const slips = (until, numero) =>
      timedSteps(clients, until, () => place(players[randomInt(players.length)], numero));

    await bench.checkpoint();
    const loadBefore = loadavg()[0];
    let draw;
    const windows = await bench.besideTpcb(async () => {
      draw = await drawOnSale((seconds + 3) * 1000);
      await slips(Date.now() + 1000, draw.numero);
      return meteredWindow(pool, () => slips(Date.now() + seconds * 1000, draw.numero));
    });
    const { measured } = windows;
    const loadAfter = loadavg()[0];

    const rows = rowsBesideTpcb(
      windows,
      [
        [
          `lottery slips/s: ${BETS_PER_SLIP} bets each, over HTTP (${clients} in flight, ${players.length} members)`,
          `${measured.perSecond.toFixed(0).padStart(7)}  latency avg ${measured.latencyMs.toFixed(1)} ms per slip (${measured.done} slips)`,
        ],
        meteredRow(measured, 'slip'),
        [`lottery bets placed/s`, (measured.perSecond * BETS_PER_SLIP).toFixed(0).padStart(7)],
      ],
      { ratioName: 'slips/s', goal: GOAL_RATIO, why: 'one money transaction a slip' },
    );
    printFigures(
      `\nLottery betting on the PostgreSQL server (${GAME}, draw ${draw.numero}) — pool of ${connections} connections, ${seconds} s; load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`,
      rows,
    );
    if (closed > 0)
      console.log(`(${closed} slips arrived after the draw's lock and were refused, as they must be; not counted)`);

    const { report, ...total } = await bench.ledgerSums();
    const {
      rows: [bets],
    } = await pool.query(
      `select coalesce(sum(stake), 0)::text as stakes from lottery_bets where state <> 'cancelled' and state <> 'refunded'`,
    );
    const expected = (FUNDING * BigInt(players.length) - staked).toString();
    const settledWins = await pool.query(`select coalesce(sum(win_amount), 0)::text as won from lottery_bets`);
    const expectedWithWins = (FUNDING * BigInt(players.length) - staked + BigInt(settledWins.rows[0].won)).toString();
    if (
      report.problems.length > 0 ||
      total.members !== expectedWithWins ||
      total.everything !== '0' ||
      bets.stakes !== staked.toString()
    ) {
      ledgerNotClean(
        `${report.problems.length} problems; wallets hold ${total.members}, expected ${expectedWithWins} (${expected} before wins); all accounts sum to ${total.everything}; bets stake ${bets.stakes}, slips debited ${staked}`,
        report,
      );
      return false;
    }
    console.log(
      `ledger verified clean: ${report.entries} entries; wallets hold their funding minus the slips' stakes (plus any settled win), all accounts sum to zero`,
    );
    return true;
  },
);
