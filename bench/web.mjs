#!/usr/bin/env node
/**
 * `npm run bench:web` (after `npm run build`): Lighthouse's mobile audit (its default: a mid-range
 * phone, slow 4G and a 4× slower CPU, simulated) of the main screens of the built app, served by
 * the compiled server on a throw-away embedded database. Each screen is audited three times, in
 * turn, and the median of each figure is printed beside its goal with ✓ or ✗. It fails only when
 * something breaks (no build, no browser, a page that does not load), never because a figure
 * misses its goal on a busy machine.
 *
 * A signed-in member's screens (inbox, invite friends) through bench/web-member.mjs.
 *
 * Then home's repeat visit in bytes before the first paint, with the service worker and without
 * (bench/web-repeat-visit.mjs).
 *
 * BENCH_WEB_RUNS (default 3) and BENCH_WEB_SCREENS (a comma-separated subset; `repeat` names the
 * repeat visit) narrow a run;
 * BENCH_WEB_REPORTS=<folder> keeps each Lighthouse report (JSON) there to read its details.
 * To audit a build of one's own beside others working in the same checkout: WEB_DIST=<folder>
 * (`vite build --outDir <folder> && vite build --ssr src/serverRender.tsx --outDir <folder>/ssr`
 * in apps/web; the server reads the same variable) and
 * BENCH_WEB_SERVER=apps/server/src/main.ts (the server from its sources, through tsx);
 * BENCH_WEB_PORT fixes the server's port (else any free one).
 *
 * JavaScript is counted twice: the bytes the page actually transferred (brotli where the server
 * sends it) and the gzip size of the same files, which is what the goal is stated in.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { freePort } from './free-port.mjs';
import { repeatVisitReport } from './web-repeat-visit.mjs';
import { registerMember, signInFresh } from './web-member.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = resolve(root, process.env.BENCH_WEB_SERVER ?? 'apps/server/dist/main.js');
const webDist = resolve(root, process.env.WEB_DIST ?? 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);

const ALL_SCREENS = [
  { name: 'home', path: '/m/home' },
  { name: 'login', path: '/m/login' },
  { name: 'register', path: '/m/register' },
  { name: 'member centre', path: '/m/mine' },
  { name: 'help centre', path: '/m/help' },
  { name: 'user agreement', path: '/m/useragreement' },
  // Not a main screen: a guest is sent on to the login, the move that used to shift the layout.
  { name: 'voucher centre (guest)', path: '/m/voucherCenter' },
  // A signed-in member's (bench/web-member.mjs).
  { name: 'inbox', path: '/m/webEmail', member: true },
  { name: 'invite friends', path: '/m/inviteFriends', member: true },
];
// BENCH_WEB_SCREENS=home,login audits only those (names as printed, or paths).
const only = process.env.BENCH_WEB_SCREENS?.split(',').map((name) => name.trim());
const SCREENS = only
  ? ALL_SCREENS.filter((screen) => only.includes(screen.name) || only.includes(screen.path))
  : ALL_SCREENS;

const GOALS = {
  performance: { text: '≥ 98', met: (value) => value >= 98 },
  lcpMs: { text: '≤ 1.5 s', met: (value) => value <= 1500 },
  tbtMs: { text: '≤ 200 ms', met: (value) => value <= 200 },
  cls: { text: '≤ 0.02', met: (value) => value <= 0.02 },
  homeScriptGzip: { text: '≤ 100 KB', met: (value) => value <= 100 * 1024 },
};

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function waitForHealthy(url, server) {
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (Date.now() - started > 300_000) throw new Error('the server was not healthy within 300 s');
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const gzipSizes = new Map();
/** The gzip size of a built asset, as Vite reports it (zlib's default level). */
function gzipSizeOf(pathname) {
  if (!gzipSizes.has(pathname)) {
    const file = join(webDist, pathname);
    gzipSizes.set(pathname, existsSync(file) ? gzipSync(readFileSync(file)).length : 0);
  }
  return gzipSizes.get(pathname);
}

/**
 * Lighthouse now and then loses a trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is
 * tried again. With `member`, the audit is of a member's page: signed in first, caches cleared.
 */
async function audit(url, member = null, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, member);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt >= attempts) throw error;
      console.error(`${error.message}; trying again`);
    }
  }
}

class LighthouseRunError extends Error {}

async function auditOnce(url, member) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'palaro-lighthouse-'));
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, userDataDir });
  try {
    if (member) await signInFresh(chrome.port, new URL(url).origin, member);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // A member's audit keeps the session it signed in with (the caches are already cleared).
      disableStorageReset: Boolean(member),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`${url}: Lighthouse returned no report`);
    if (lhr.runtimeError) throw new LighthouseRunError(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (process.env.BENCH_WEB_REPORTS) {
      mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '-')}-${Date.now()}.json`;
      writeFileSync(join(process.env.BENCH_WEB_REPORTS, name), result.report);
    }
    const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
      (item) => item.resourceType === 'Script',
    );
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      tbtMs: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      scriptTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      scriptGzipBytes: scripts.reduce((sum, item) => sum + gzipSizeOf(new URL(item.url).pathname), 0),
      lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const mark = (goal, value) => `${goal.met(value) ? '✓' : '✗'} (${goal.text})`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (!existsSync(serverEntry) || !existsSync(join(webDist, 'index.html'))) {
  console.error('The build is missing: run `npm run build` first.');
  process.exit(2);
}
if (!existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} is missing: install Chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(2);
}

/** The compiled server on a throw-away embedded database; development mode answers the captcha's code. */
async function startServer(port, nodeEnv) {
  const dataDir = mkdtempSync(join(tmpdir(), 'palaro-bench-web-'));
  const server = spawn(process.execPath, [...(serverEntry.endsWith('.ts') ? ['--import', 'tsx'] : []), serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      NODE_ENV: nodeEnv,
      OPERATOR_TOKEN: 'bench-web-operator-token-not-secret-0123',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealthy(`${origin}/health`, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

const port = process.env.BENCH_WEB_PORT ? Number(process.env.BENCH_WEB_PORT) : await freePort();
const servers = [await startServer(port, 'production')];
try {
  const { origin } = servers[0];
  let memberSite = null;
  if (SCREENS.some((screen) => screen.member)) {
    servers.push(await startServer(await freePort(), 'development'));
    const { origin: memberOrigin } = servers[1];
    const userDataDir = mkdtempSync(join(tmpdir(), 'palaro-lighthouse-'));
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, userDataDir });
    try {
      memberSite = { origin: memberOrigin, username: await registerMember(chrome.port, memberOrigin) };
    } finally {
      chrome.kill();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  }
  const urlOf = (screen) => `${screen.member ? memberSite.origin : origin}${screen.path}`;
  console.log(
    `Palaro web bench — Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, median of ${RUNS}, node ${process.version}\n`,
  );
  // One warm-up load: the first answers of a fresh server (its caches, the file system) are not what players get.
  if (SCREENS.length > 0) await audit(`${origin}/m/home`);
  const samples = new Map(SCREENS.map((screen) => [screen.name, []]));
  for (let run = 0; run < RUNS; run += 1) {
    for (const screen of SCREENS)
      samples.get(screen.name).push(await audit(urlOf(screen), screen.member ? memberSite.username : null));
  }
  for (const screen of SCREENS) {
    const runs = samples.get(screen.name);
    const figure = (key) => median(runs.map((sample) => sample[key]));
    const scriptGzip = figure('scriptGzipBytes');
    const lines = [
      `${screen.name} — ${screen.path}`,
      `  performance  ${String(figure('performance')).padStart(8)}   ${mark(GOALS.performance, figure('performance'))}   runs: ${runs.map((sample) => sample.performance).join(', ')}`,
      `  LCP          ${`${(figure('lcpMs') / 1000).toFixed(2)} s`.padStart(8)}   ${mark(GOALS.lcpMs, figure('lcpMs'))}   element: ${runs.at(-1).lcpElement.slice(0, 90)}`,
      `  TBT          ${`${Math.round(figure('tbtMs'))} ms`.padStart(8)}   ${mark(GOALS.tbtMs, figure('tbtMs'))}`,
      `  CLS          ${figure('cls').toFixed(3).padStart(8)}   ${mark(GOALS.cls, figure('cls'))}`,
      `  JavaScript   ${kb(scriptGzip).padStart(8)} gzip${screen.name === 'home' ? `   ${mark(GOALS.homeScriptGzip, scriptGzip)}` : ''}   (${kb(figure('scriptTransferBytes'))} transferred)`,
    ];
    console.log(`${lines.join('\n')}\n`);
  }
  if (!only || only.includes('repeat')) console.log(`${await repeatVisitReport(origin)}\n`);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
