#!/usr/bin/env node
/**
 * `node bench/startup.mjs [--runs N]`: how long the server takes from `node` starting to
 * answering 200 on /health, on the embedded database — on a fresh data folder (migrations and
 * seed run) and on an existing one (a restart). It measures the compiled server
 * (`apps/server/dist/main.js`, from `npm run build`) and, for comparison, the TypeScript sources
 * run through tsx as development does. Prints the median and the range of each.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 5;

const VARIANTS = [
  { name: 'compiled (node apps/server/dist/main.js)', args: [join(root, 'apps/server/dist/main.js')] },
  {
    name: 'tsx (node --import tsx apps/server/src/main.ts)',
    args: ['--import', 'tsx', join(root, 'apps/server/src/main.ts')],
  },
];

async function timeToHealthy(args, dataDir) {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OPERATOR_TOKEN: 'startup-bench-token-0123456789abcdef',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      if (performance.now() - started > 120_000) throw new Error('the server was not healthy within 120 s');
      const healthy = await fetch(`http://127.0.0.1:${port}/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  }
}

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  return `median ${seconds(sorted[Math.floor(sorted.length / 2)])} (${seconds(sorted[0])}–${seconds(sorted.at(-1))}, ${sorted.length} runs)`;
}

if (!existsSync(VARIANTS[0].args[0])) {
  console.error('apps/server/dist/main.js is missing: run `npm run build` first');
  process.exit(2);
}
// Interleaved, so both variants see the same load on a shared machine.
const samples = VARIANTS.map(() => ({ fresh: [], existing: [] }));
const keptDirs = VARIANTS.map(() => mkdtempSync(join(tmpdir(), 'palaro-startup-')));
try {
  for (const [index, variant] of VARIANTS.entries()) await timeToHealthy(variant.args, keptDirs[index]);
  for (let run = 0; run < runs; run += 1) {
    for (const [index, variant] of VARIANTS.entries()) {
      const freshDir = mkdtempSync(join(tmpdir(), 'palaro-startup-'));
      try {
        samples[index].fresh.push(await timeToHealthy(variant.args, freshDir));
      } finally {
        rmSync(freshDir, { recursive: true, force: true });
      }
      samples[index].existing.push(await timeToHealthy(variant.args, keptDirs[index]));
    }
  }
} finally {
  for (const dir of keptDirs) rmSync(dir, { recursive: true, force: true });
}
for (const [index, variant] of VARIANTS.entries()) {
  console.log(
    `${variant.name}\n  fresh data folder:    ${summary(samples[index].fresh)}\n  existing data folder: ${summary(samples[index].existing)}`,
  );
}
