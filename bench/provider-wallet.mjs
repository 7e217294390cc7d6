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
import { loadavg } from 'node:os';
import { INHOUSE_VENDOR_CODE, LAUNCH_TOKEN_TTL_MS, PROVIDER_API_PATHS, PROVIDER_HEADERS } from '@palaro/contract';
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
import { insertSession } from '../apps/server/src/modules/accounts/store.ts';
import { findGameByCode } from '../apps/server/src/modules/games/store.ts';
import { providerCredentials } from '../apps/server/src/modules/game-wallet/service.ts';
import { findProviderByCode, insertLaunchToken } from '../apps/server/src/modules/game-wallet/store.ts';
import { tokenHashOf } from '../apps/server/src/modules/game-wallet/provider-api.ts';
import { signProviderRequest } from '../apps/server/src/modules/game-wallet/signing.ts';

const { seconds, connections } = settings;
const callers = Number(process.env.BENCH_WALLET_CALLERS ?? 50);
const playerCount = Number(process.env.BENCH_WALLET_PLAYERS ?? 200);
/** ₱10,000.00 each; a round bets ₱1.00 and wins ₱0–2.00, so no player runs dry in a run. */
const FUNDING = 1_000_000n;
const BET = 100;
/** A round is two money calls; TPC-B's transaction is one. Goal: rounds/s at least half of TPC-B tps. */
const GOAL_RATIO = 0.5;
const GAME = 'PLR-INHOUSE-001';

await runMoneyBench(
  { figure: 'provider wallet rounds/s vs pgbench TPC-B', purpose: 'gamewallet', name: 'provider wallet' },
  async (bench) => {
    const { database, merchant, tag, pool } = bench;
    const game = await findGameByCode(database.db, merchant.id, GAME);
    const provider = await findProviderByCode(database.db, INHOUSE_VENDOR_CODE);
    const { secret } = await providerCredentials(database.db, INHOUSE_VENDOR_CODE);

    // Funded players, each with a launch token for the slot (the launch itself is not measured).
    const players = await bench.fundedMembers(playerCount, {
      prefix: 'gw',
      funding: FUNDING,
      each: async (member) => {
        const token = randomBytes(32).toString('base64url');
        // A launch works only while the sign-in session it was made in lasts (sign-out ends it).
        const session = await insertSession(database.db, {
          tokenHash: tokenHashOf(randomBytes(32).toString('base64url')),
          merchantId: merchant.id,
          memberId: member.id,
          now: new Date(),
          expiresAt: new Date(Date.now() + LAUNCH_TOKEN_TTL_MS),
          ip: '127.0.0.1',
          device: 'bench',
        });
        await insertLaunchToken(database.db, {
          memberSessionId: session.id,
          tokenHash: tokenHashOf(token),
          providerId: provider.id,
          merchantId: merchant.id,
          memberId: member.id,
          gameNodeId: game.id,
          gameCode: game.code,
          currency: merchant.currencyCode,
          trial: false,
          backUrl: '/m/home',
          createdAt: new Date(),
          expiresAt: new Date(Date.now() + LAUNCH_TOKEN_TTL_MS),
        });
        return { token, currency: merchant.currencyCode };
      },
    });

    const address = await bench.listen();

    let requestCounter = 0;
    const call = async (path, body) => {
      const rawBody = JSON.stringify(body);
      const requestId = `bench-${tag}-${(requestCounter += 1)}`;
      const timestamp = String(Date.now());
      const response = await fetch(`${address}${path}`, {
        method: 'POST',
        body: rawBody,
        headers: {
          'content-type': 'application/json',
          [PROVIDER_HEADERS.provider]: INHOUSE_VENDOR_CODE,
          [PROVIDER_HEADERS.timestamp]: timestamp,
          [PROVIDER_HEADERS.requestId]: requestId,
          [PROVIDER_HEADERS.signature]: signProviderRequest(secret, timestamp, requestId, rawBody),
        },
      });
      const answer = await response.json();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
      return answer.value;
    };

    // As a provider does on launch: authenticate answers the player id its money calls name (a
    // random id per provider, not the member's).
    for (const player of players) {
      player.playerId = (await call(PROVIDER_API_PATHS.authenticate, { token: player.token })).playerId;
    }

    let wonTotal = 0n;
    let betTotal = 0n;
    const rounds = (until, label) =>
      timedSteps(callers, until, async (worker, sequence) => {
        const who = players[randomInt(players.length)];
        const roundId = `${label}${tag}-${worker}-${sequence}`;
        const win = randomInt(0, 3) * BET;
        await call(PROVIDER_API_PATHS.debit, {
          token: who.token,
          playerId: who.playerId,
          transactionId: `${roundId}-bet`,
          roundId,
          gameCode: GAME,
          amount: BET,
          currency: who.currency,
        });
        await call(PROVIDER_API_PATHS.credit, {
          playerId: who.playerId,
          transactionId: `${roundId}-win`,
          roundId,
          betTransactionId: `${roundId}-bet`,
          gameCode: GAME,
          amount: win,
          currency: who.currency,
          roundEnded: true,
        });
        betTotal += BigInt(BET);
        wonTotal += BigInt(win);
        return true;
      });

    await bench.checkpoint();
    const loadBefore = loadavg()[0];
    await rounds(Date.now() + 1000, 'W');
    const windows = await bench.besideTpcb(() => meteredWindow(pool, () => rounds(Date.now() + seconds * 1000, 'M')));
    const { measured } = windows;
    const loadAfter = loadavg()[0];

    const rows = rowsBesideTpcb(
      windows,
      [
        [
          `provider rounds/s: signed debit + final credit over HTTP (${callers} in flight, ${players.length} players)`,
          `${measured.perSecond.toFixed(0).padStart(7)}  latency avg ${measured.latencyMs.toFixed(1)} ms per round (${measured.done} rounds)`,
        ],
        meteredRow(measured, 'round (two calls)'),
      ],
      { ratioName: 'rounds/s', goal: GOAL_RATIO, why: 'two money calls a round' },
    );
    printFigures(
      `\nGame wallet on the PostgreSQL server — pool of ${connections} connections, ${seconds} s; load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`,
      rows,
    );

    const { report, ...total } = await bench.ledgerSums();
    const expected = (FUNDING * BigInt(players.length) - betTotal + wonTotal).toString();
    if (report.problems.length > 0 || total.members !== expected || total.everything !== '0') {
      ledgerNotClean(
        `${report.problems.length} problems; wallets hold ${total.members}, expected ${expected}; all accounts sum to ${total.everything}`,
        report,
      );
      return false;
    }
    console.log(
      `ledger verified clean: ${report.entries} entries; wallets hold their funding minus bets plus wins, all accounts sum to zero`,
    );
    return true;
  },
);
