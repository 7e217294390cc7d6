#!/usr/bin/env node
/**
 * `node bench/web-chunks.mjs [path…]` (after `npm run build`): every script a page loads, in the
 * order it asks for them, with the gzip size of each (zlib level 6, as `npm run bench:web` counts
 * the goal) and whether it was asked for before the first contentful paint — the per-chunk view
 * behind bench:web's one JavaScript figure. Chromium as a 390×844 phone, a warm-up load first,
 * then the page loaded and left 3 s for what it loads after its first paint (home's game blocks).
 * Paths default to home; e.g. `node bench/web-chunks.mjs /m/home /m/login '/m/gameList?gameType=RNG'`.
 *
 * The server and build as bench:web takes them: the compiled server on a throw-away embedded
 * database, or BENCH_WEB_SERVER=apps/server/src/main.ts (its sources, through tsx); WEB_DIST=<folder>
 * for a build of one's own; BENCH_WEB_PORT to fix the port.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort } from './free-port.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = resolve(root, process.env.BENCH_WEB_SERVER ?? 'apps/server/dist/main.js');
const webDist = resolve(root, process.env.WEB_DIST ?? 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const paths = process.argv.length > 2 ? process.argv.slice(2) : ['/m/home'];

if (!existsSync(serverEntry) || !existsSync(join(webDist, 'index.html'))) {
  console.error('The build is missing: run `npm run build` first.');
  process.exit(2);
}

const kb = (bytes) => (bytes / 1024).toFixed(2).padStart(6);
/** The gzip size of a built file, as bench:web counts it (zlib's default level, 6); 0 for one the build lacks. */
function gzipSizeOf(pathname) {
  const file = join(webDist, pathname);
  return existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
}

const port = process.env.BENCH_WEB_PORT ? Number(process.env.BENCH_WEB_PORT) : await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'palaro-web-chunks-'));
const server = spawn(process.execPath, [...(serverEntry.endsWith('.ts') ? ['--import', 'tsx'] : []), serverEntry], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    OPERATOR_TOKEN: 'bench-web-operator-token-not-secret-0123',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const origin = `http://127.0.0.1:${port}`;

try {
  for (
    const started = Date.now();
    !(await fetch(`${origin}/health`).then(
      (response) => response.ok,
      () => false,
    ));
  ) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (Date.now() - started > 300_000) throw new Error('the server was not healthy within 300 s');
    await new Promise((done) => setTimeout(done, 100));
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const load = async (path) => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        deviceScaleFactor: 3,
        hasTouch: true,
      });
      try {
        const page = await context.newPage();
        const scripts = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'script')
            scripts.push({ pathname: new URL(request.url()).pathname, at: performance.now() });
        });
        const opened = performance.now();
        await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(3000);
        const fcp = await page.evaluate(
          () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        );
        return scripts.map((script) => ({ ...script, beforePaint: script.at - opened <= fcp }));
      } finally {
        await context.close();
      }
    };
    await load(paths[0]); // warm-up: a fresh server's first answers are not what players get
    for (const path of paths) {
      const scripts = await load(path);
      const rows = scripts.map((script) => ({ ...script, bytes: gzipSizeOf(script.pathname) }));
      const total = rows.reduce((sum, row) => sum + row.bytes, 0);
      const early = rows.filter((row) => row.beforePaint).reduce((sum, row) => sum + row.bytes, 0);
      console.log(
        `${path}: ${kb(total).trim()} KB gzip in ${rows.length} scripts (${kb(early).trim()} KB asked for before the first paint)`,
      );
      for (const row of rows)
        console.log(`  ${kb(row.bytes)}  ${row.beforePaint ? 'before' : 'after '}  ${row.pathname}`);
    }
  } finally {
    await browser.close();
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((done) => (server.exitCode !== null ? done() : server.once('exit', done)));
  rmSync(dataDir, { recursive: true, force: true });
}
