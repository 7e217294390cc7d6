#!/usr/bin/env node
/**
 * `npm run bench`: measures the platform's API side by side with a bare Fastify route in the same
 * run on the same machine, and prints each figure as a ratio of that baseline beside its goal with
 * ✓ or ✗ — absolute numbers depend on the machine, ratios much less so. It fails (exit 1) only on
 * errors — an answer that is not 2xx/304, a socket error, a time-out — never on slowness.
 *
 * What it does, so the figures mean what a phone would see:
 * - 100 connections (BENCH_CONNECTIONS), each window BENCH_SECONDS (default 5) long;
 * - every request carries Accept-Encoding and the demo merchant's own Host (a domain of
 *   merchant_domains), so the merchant is resolved and answers are compressed as in production;
 * - the routes answer what a player's screens ask for: start-up, settings, the home's
 *   announcements, a page of notices, a page of 26 game tiles (at the demo's catalogue and at 1,000
 *   and 100,000 games: merchants on hosts of their own that bench/catalogues.mjs adds before the
 *   platform starts, so the list's cost can be seen to stay flat), and for a signed-in (trial)
 *   player the balance, the account records and the inbox's unread count (kept in memory); a
 *   member's inbox page at 1,000 and 100,000 members (merchants bench/inboxes.mjs adds, each with
 *   three system messages per member and 20 broadcasts), to see it stay flat;
 * - the baseline is measured right before and right after each route (baseline, route, baseline),
 *   so a machine that slows down in between (2 shared cores) weighs on both sides alike;
 * - every window starts once the previous run has drained (http-measure.mjs `drain`: no
 *   connection left open, the server's CPU quiet), so requests still in flight when one window
 *   ends are not served — and their CPU not counted — in the next;
 * - p99 comes from a run at a fixed rate (half of the route's measured throughput): autocannon
 *   measures each request from when it should have been sent, so a stalled server cannot hide its
 *   stall by holding back requests (coordinated omission).
 *
 * The platform runs as `npm start` runs it (embedded database in a fresh folder, logging at the
 * default level to a file, as a container's stdout is collected), or against a
 * real PostgreSQL when DATABASE_URL is set — in a database of its own on that server, created for
 * the run and dropped after it, so the bench never writes into the database it was pointed at.
 *
 * Then, with DATABASE_URL only, bench/ledger.mjs, bench/provider-wallet.mjs and
 * bench/lottery-settle.mjs: the ledger's, the game wallet's and the lottery settlement's figures
 * beside pgbench's TPC-B on the same server (skipped with a message on the embedded database);
 * bench/dieharder.mjs: the lottery draw RNG through dieharder. Last, bench/rtp.mjs: the in-house
 * games' return to player by simulation.
 */
import { fork, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { throwAwayDatabase } from './throw-away-database.mjs';
import { freePort } from './free-port.mjs';
import { BROWSER_HEADERS, latencyAtRate, throughput, warmUp } from './http-measure.mjs';
import { catalogueHost } from './catalogue-hosts.mjs';
import { INBOX_SIZES, inboxHost, inboxSessionCookie } from './inbox-hosts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
/** A host of the demo merchant's domains (modules/site/seed.ts DEMO_HOSTS). */
const MERCHANT_HOST = 'localhost';

const GOALS = {
  publicRatio: 0.5,
  authenticatedRatio: 0.2,
  p99Ms: 25,
  /** A game-list page at 100,000 games ÷ the same page at the demo's catalogue: flat. */
  catalogueFlatness: 0.9,
  /** The unread count (INBOX3), served from memory: a signed-in read at most this far below the bare route. */
  unreadRatio: 0.4,
  /** A member's inbox page at 100,000 members ÷ the same page at 1,000: flat. */
  inboxFlatness: 0.9,
};

/**
 * The measurements after the HTTP part, run in turn with the bench's environment (`node --import
 * tsx`, so they may import the server's TypeScript, unless `plainNode`); each prints its own
 * figures beside its goals and exits non-zero only when something failed (or missed a bound it
 * holds as a failure).
 */
const LOWER_PARTS = [
  { name: 'ledger', script: 'bench/ledger.mjs' },
  // The game wallet: provider debit+credit rounds/s beside pgbench's TPC-B (DATABASE_URL only).
  { name: 'game-wallet', script: 'bench/provider-wallet.mjs' },
  // The lottery: one draw of 100,000 bets settled, bets/s beside pgbench's TPC-B (DATABASE_URL only).
  { name: 'lottery-settle', script: 'bench/lottery-settle.mjs' },
  // The lottery draw RNG's raw stream through dieharder (skipped when it is not installed).
  { name: 'dieharder', script: 'bench/dieharder.mjs' },
  // The lottery: slips of three bets placed/s over HTTP by concurrent members, beside pgbench's TPC-B (DATABASE_URL only).
  { name: 'lottery-bets', script: 'bench/lottery-bets.mjs' },
  // Rewards: the daily rebate and the VIP evaluation for 100,000 members and 1,000,000 bets of a day (DATABASE_URL only).
  { name: 'rewards', script: 'bench/rewards-daily.mjs' },
  // The red-envelope rain: 1,000 members grabbing at once over HTTP, grabs/s beside pgbench's TPC-B (DATABASE_URL only).
  { name: 'red-rain', script: 'bench/red-rain.mjs' },
  // The in-house games' return to player by simulation, on every core once the rest is done.
  { name: 'rtp', script: 'bench/rtp.mjs', plainNode: true },
];
/** BENCH_PARTS=ledger,rtp runs only those of LOWER_PARTS (`none`: the HTTP part alone); all by default. */
const chosenParts = process.env.BENCH_PARTS?.split(',').map((name) => name.trim());
/** BENCH_ROUTES=settings,balance measures only those routes of the HTTP part (by key); all by default. */
const chosenRoutes = process.env.BENCH_ROUTES?.split(',').map((name) => name.trim());

const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

async function waitFor(url) {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never answered`);
}

/** A trial player's session cookie: the balance and records are read as that player. */
async function trialSessionCookie(platformUrl) {
  const response = await fetch(`${platformUrl}/wps/session/trial`, {
    method: 'POST',
    headers: { ...BROWSER_HEADERS, host: MERCHANT_HOST, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`the trial sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A player's first page of a category's game list: 26 tiles (LIMITS.gamePageSize). */
const GAME_PAGE = '/lgw/games?gameType=RNG&pageNo=1&pageSize=26&language=TY';

const baselinePort = await freePort();
const baseline = fork(join(root, 'bench', 'baseline-server.mjs'), {
  env: { ...process.env, PORT: String(baselinePort) },
});

const benchDatabase = process.env.DATABASE_URL ? await throwAwayDatabase(process.env.DATABASE_URL, 'http') : null;
const platformPort = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'palaro-bench-'));
// Logging as in production: the default level (info, the access log) written to a file, not to /dev/null.
const platformEnv = {
  ...process.env,
  ...(benchDatabase ? { DATABASE_URL: benchDatabase.url } : {}),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  NODE_ENV: 'production',
  OPERATOR_TOKEN: 'bench-operator-token-not-secret-0123456789',
};
const platformLog = join(dataDir, 'platform.log');
// Migrations, the demo seed and the bench's big catalogues, before the platform starts on them.
const catalogues = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench', 'catalogues.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: platformEnv,
});
if (catalogues.status !== 0) {
  baseline.kill();
  rmSync(dataDir, { recursive: true, force: true });
  await benchDatabase?.drop();
  throw new Error('bench/catalogues.mjs could not prepare the database');
}
// The inboxes of merchants of 1,000 and 100,000 members (bench/inboxes.mjs).
const inboxes = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench', 'inboxes.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: platformEnv,
});
if (inboxes.status !== 0) {
  baseline.kill();
  rmSync(dataDir, { recursive: true, force: true });
  await benchDatabase?.drop();
  throw new Error('bench/inboxes.mjs could not prepare the database');
}
const platform = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: { ...platformEnv, PORT: String(platformPort), HOST: '127.0.0.1' },
  stdio: ['ignore', openSync(platformLog, 'w'), 'inherit'],
});

let failures = 0;
try {
  const baselineUrl = `http://127.0.0.1:${baselinePort}/baseline`;
  const platformUrl = `http://127.0.0.1:${platformPort}`;
  await Promise.all([waitFor(baselineUrl), waitFor(`${platformUrl}/health`)]);
  const publicHeaders = { ...BROWSER_HEADERS, host: MERCHANT_HOST };
  const playerHeaders = { ...publicHeaders, cookie: await trialSessionCookie(platformUrl) };

  const database = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
  console.log(
    `Palaro bench — ${connections} connections, ${seconds} s windows, ${database}, node ${process.version}, load average ${loadAverage()}`,
  );
  console.log(
    "ratio: route req/s ÷ the bare Fastify route's (mean of the windows just before and after); p99 at a fixed rate of half the route's req/s;",
  );
  console.log(
    "CPU/answer: the server process's CPU time per answer vs the bare route's, and their ratio — what the req/s ratio would be if both had a core to themselves (the server process's own CPU: a database server's is not counted; it swings much less with the machine's load)\n",
  );

  const routes = [
    {
      key: 'startup',
      name: 'GET /wps/system/startup',
      path: '/wps/system/startup?language=TY',
      headers: publicHeaders,
      goal: GOALS.publicRatio,
      p99Goal: GOALS.p99Ms,
    },
    {
      key: 'settings',
      name: 'GET /wps/system/settings',
      path: '/wps/system/settings',
      headers: publicHeaders,
      goal: GOALS.publicRatio,
      p99Goal: GOALS.p99Ms,
    },
    {
      key: 'announcements',
      name: 'GET /wps/system/announcements (home)',
      path: '/wps/system/announcements?types=B,PL,PU,H&platform=M&language=TY',
      headers: publicHeaders,
      goal: GOALS.publicRatio,
      p99Goal: GOALS.p99Ms,
    },
    {
      key: 'notices',
      name: 'GET /wps/system/notices (a page)',
      path: '/wps/system/notices?pageNo=1&pageSize=10&language=TY',
      headers: publicHeaders,
      goal: GOALS.publicRatio,
      p99Goal: GOALS.p99Ms,
    },
    {
      key: 'games',
      name: 'GET /lgw/games (26 tiles, demo catalogue)',
      path: GAME_PAGE,
      headers: publicHeaders,
      goal: GOALS.publicRatio,
      p99Goal: GOALS.p99Ms,
      catalogue: 'demo',
    },
    {
      key: 'games-1000',
      name: 'GET /lgw/games (26 tiles, 1,000 games)',
      path: GAME_PAGE,
      headers: { ...publicHeaders, host: catalogueHost(1_000) },
      goal: GOALS.publicRatio,
      p99Goal: GOALS.p99Ms,
    },
    {
      key: 'games-100000',
      name: 'GET /lgw/games (26 tiles, 100,000 games)',
      path: GAME_PAGE,
      headers: { ...publicHeaders, host: catalogueHost(100_000) },
      goal: GOALS.publicRatio,
      p99Goal: GOALS.p99Ms,
      catalogue: 'big',
    },
    {
      key: 'balance',
      name: 'GET /wps/wallet/balance (signed in)',
      path: '/wps/wallet/balance',
      headers: playerHeaders,
      goal: GOALS.authenticatedRatio,
    },
    {
      key: 'records',
      name: 'GET /wps/wallet/records (signed in)',
      path: '/wps/wallet/records?pageNo=1&pageSize=20',
      headers: playerHeaders,
      goal: GOALS.authenticatedRatio,
    },
    {
      key: 'inbox-unread',
      name: 'GET /wps/inbox/unread (signed in)',
      path: '/wps/inbox/unread',
      headers: playerHeaders,
      goal: GOALS.unreadRatio,
    },
    ...INBOX_SIZES.map((size, index) => ({
      key: `inbox-${size}`,
      name: `GET /wps/inbox/messages (a page, ${size.toLocaleString('en')} members)`,
      path: '/wps/inbox/messages?pageNo=1&pageSize=20&language=TY',
      headers: { ...publicHeaders, host: inboxHost(size), cookie: inboxSessionCookie(size) },
      goal: GOALS.authenticatedRatio,
      inbox: index === 0 ? 'small' : index === INBOX_SIZES.length - 1 ? 'big' : undefined,
    })),
  ].filter(({ key }) => !chosenRoutes || chosenRoutes.includes(key));

  const window = (url, headers, pid) => throughput({ url, headers, connections, seconds, pid });
  const rows = [];
  await warmUp({ url: baselineUrl, headers: BROWSER_HEADERS, connections });
  let before = await window(baselineUrl, BROWSER_HEADERS, baseline.pid);
  for (const route of routes) {
    const url = `${platformUrl}${route.path}`;
    await warmUp({ url, headers: route.headers, connections });
    const measured = await window(url, route.headers, platform.pid);
    const after = await window(baselineUrl, BROWSER_HEADERS, baseline.pid);
    const reference = (before.requestsPerSecond + after.requestsPerSecond) / 2;
    const cpuReference =
      before.cpuMicrosPerRequest === null || after.cpuMicrosPerRequest === null
        ? null
        : (before.cpuMicrosPerRequest + after.cpuMicrosPerRequest) / 2;
    const latency = await latencyAtRate({
      url,
      headers: route.headers,
      connections,
      seconds,
      requestsPerSecond: measured.requestsPerSecond / 2,
      pid: platform.pid,
    });
    rows.push({ route, measured, reference, cpuReference, latency });
    before = after;
  }

  const width = Math.max(...rows.map(({ route }) => route.name.length));
  const mark = (ok) => (ok ? '✓' : '✗');
  for (const { route, measured, reference, cpuReference, latency } of rows) {
    const ratio = measured.requestsPerSecond / reference;
    const errors =
      measured.errors + measured.timeouts + measured.non2xx + latency.errors + latency.timeouts + latency.non2xx;
    failures += errors;
    const p99 =
      route.p99Goal === undefined
        ? `p99 ${String(latency.p99Ms).padStart(4)} ms     `
        : `p99 ${String(latency.p99Ms).padStart(4)} ms ${mark(latency.p99Ms <= route.p99Goal)} ≤${route.p99Goal}`;
    console.log(
      [
        route.name.padEnd(width),
        `${measured.requestsPerSecond.toFixed(0).padStart(6)} req/s`,
        `(baseline ${reference.toFixed(0)})`,
        `ratio ${ratio.toFixed(3)} ${mark(ratio >= route.goal)} ≥${route.goal}`,
        p99,
        `${(measured.bytesPerRequest / 1024).toFixed(1)} KiB/answer`,
        measured.cpuMicrosPerRequest === null || cpuReference === null
          ? 'CPU/answer —'
          : `CPU/answer ${measured.cpuMicrosPerRequest.toFixed(0)} µs vs ${cpuReference.toFixed(0)} (${(cpuReference / measured.cpuMicrosPerRequest).toFixed(2)}×)`,
        errors > 0
          ? `ERRORS ${errors} (${measured.non2xx + latency.non2xx} non-2xx, ${measured.timeouts + latency.timeouts} time-outs, ${measured.errors + latency.errors} socket)`
          : 'no errors',
      ].join('  '),
    );
  }
  // Flat in the catalogue's size: each page's ratio to its own baselines, so load drifting between them cancels out.
  const catalogueRatio = (which) => {
    const row = rows.find(({ route }) => route.catalogue === which);
    return row ? row.measured.requestsPerSecond / row.reference : null;
  };
  const [demoRatio, bigRatio] = [catalogueRatio('demo'), catalogueRatio('big')];
  if (demoRatio !== null && bigRatio !== null) {
    const flatness = demoRatio > 0 ? bigRatio / demoRatio : Number.NaN;
    console.log(
      `game list at 100,000 games ÷ at the demo's catalogue: ${flatness.toFixed(3)} ${mark(flatness >= GOALS.catalogueFlatness)} ≥${GOALS.catalogueFlatness} (flat)`,
    );
  }
  // Flat in the merchant's number of members, measured the same way.
  const inboxRatio = (which) => {
    const row = rows.find(({ route }) => route.inbox === which);
    return row ? row.measured.requestsPerSecond / row.reference : null;
  };
  const [smallInbox, bigInbox] = [inboxRatio('small'), inboxRatio('big')];
  if (smallInbox !== null && bigInbox !== null) {
    const flatness = smallInbox > 0 ? bigInbox / smallInbox : Number.NaN;
    const [small, big] = [INBOX_SIZES[0], INBOX_SIZES.at(-1)].map((size) => size.toLocaleString('en'));
    console.log(
      `inbox page at ${big} members ÷ at ${small}: ${flatness.toFixed(3)} ${mark(flatness >= GOALS.inboxFlatness)} ≥${GOALS.inboxFlatness} (flat)`,
    );
  }
  console.log(
    `the platform's log (LOG_LEVEL info, as in production): ${(statSync(platformLog).size / 1024).toFixed(0)} KiB`,
  );
  console.log(`load average at the end: ${loadAverage()}`);
} finally {
  baseline.kill();
  platform.kill('SIGTERM');
  await new Promise((resolve) => (platform.exitCode !== null ? resolve() : platform.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
  await benchDatabase?.drop();
}
if (failures > 0) {
  console.error(`\n${failures} requests failed.`);
  process.exitCode = 1;
}

// Run once the platform has stopped, so the measurements never share the machine.
for (const part of LOWER_PARTS.filter(({ name }) => !chosenParts || chosenParts.includes(name))) {
  const args = part.plainNode ? [join(root, part.script)] : ['--import', 'tsx', join(root, part.script)];
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`The ${part.name} bench failed.`);
    process.exitCode = 1;
  }
}
