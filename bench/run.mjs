#!/usr/bin/env node
/**
 * `npm run bench`: measures the platform's API side by side with a bare Fastify route in the same
 * run on the same machine, and prints each as a ratio of that baseline — absolute numbers depend
 * on the machine, ratios much less so.
 *
 * The platform runs as `npm start` runs it (embedded database in a fresh folder), or against a
 * real PostgreSQL when DATABASE_URL is set — in a database of its own on that server, created for
 * the run and dropped after it, so the bench never writes into the database it was pointed at. BENCH_SECONDS (default 5) and BENCH_CONNECTIONS
 * (default 10) size each measurement.
 *
 * Then, with DATABASE_URL only, bench/ledger.mjs: ledger transfers per second beside pgbench's TPC-B
 * tps on the same server, as a ratio (skipped with a message on the embedded database).
 */
import { fork, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { throwAwayDatabase } from './throw-away-database.mjs';
import { freePort } from './free-port.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

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

async function measure(url) {
  await autocannon({ url, connections, duration: 1 });
  const result = await autocannon({ url, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

const baselinePort = await freePort();
const baseline = fork(join(root, 'bench', 'baseline-server.mjs'), { env: { ...process.env, PORT: String(baselinePort) } });

const benchDatabase = process.env.DATABASE_URL ? await throwAwayDatabase(process.env.DATABASE_URL, 'http') : null;
const platformPort = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'palaro-bench-'));
const platform = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, ...(benchDatabase ? { DATABASE_URL: benchDatabase.url } : {}), PORT: String(platformPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn',
    NODE_ENV: 'production', OPERATOR_TOKEN: 'bench-operator-token-not-secret-0123456789' },
  stdio: 'ignore',
});

try {
  const baselineUrl = `http://127.0.0.1:${baselinePort}/baseline`;
  const platformUrl = `http://127.0.0.1:${platformPort}`;
  await Promise.all([waitFor(baselineUrl), waitFor(`${platformUrl}/health`)]);

  const database = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
  console.log(`Palaro bench — ${connections} connections, ${seconds} s each, ${database}, node ${process.version}\n`);
  const reference = await measure(baselineUrl);
  const rows = [['bare Fastify route (baseline)', reference]];
  for (const [name, path] of [
    ['GET /health', '/health'],
    ['GET /wps/system/startup (merchant settings)', '/wps/system/startup?language=TY'],
    ['GET /wps/system/announcements (home content)', '/wps/system/announcements?types=B,PL,PU,H&platform=M&language=TY'],
  ]) {
    rows.push([name, await measure(`${platformUrl}${path}`)]);
  }
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, { requestsPerSecond, p99Ms }] of rows) {
    const ratio = (requestsPerSecond / reference.requestsPerSecond).toFixed(3);
    console.log(`${name.padEnd(width)}  ${requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${String(p99Ms).padStart(4)} ms  ratio ${ratio}`);
  }
} finally {
  baseline.kill();
  platform.kill('SIGTERM');
  await new Promise((resolve) => platform.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  await benchDatabase?.drop();
}

// Runs once the platform has stopped, so the two measurements never share the machine.
const ledger = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench', 'ledger.mjs')], { cwd: root, stdio: 'inherit', env: process.env });
if (ledger.status !== 0) {
  console.error('The ledger bench failed.');
  process.exitCode = 1;
}
