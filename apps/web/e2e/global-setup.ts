import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    operatorToken: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A fresh embedded database is made, migrated and seeded on the first start: seconds on a quiet
 * machine, but over two minutes on a 2-core machine shared with other work (measured at load ~30).
 */
const HEALTH_WAIT_MS = 360_000;

async function waitForHealth(baseURL: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_WAIT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy in ${HEALTH_WAIT_MS / 1000} s:\n${output()}`);
}

/**
 * Builds the web app and the server and starts the compiled server on a fresh embedded database,
 * as `npm start` and the container do, so the browser tests see exactly what a player sees.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', '--silent', 'build'], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'palaro-e2e-'));
  const port = await freePort();
  const operatorToken = randomBytes(32).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    OPERATOR_TOKEN: operatorToken,
    LOG_LEVEL: 'warn',
    // Every phone names its own address in X-Forwarded-For (e2e/phone.ts).
    TRUST_PROXY: 'true',
    // As a local user runs it: the development-only outbox and captcha endpoints exist.
    NODE_ENV: 'development',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { cwd: repoRoot, env });
  let log = '';
  server.stdout?.on('data', (chunk) => (log += chunk));
  server.stderr?.on('data', (chunk) => (log += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, server, () => log);

  project.provide('baseURL', baseURL);
  project.provide('operatorToken', operatorToken);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => {
      if (server.exitCode !== null) return resolve(null);
      const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
      server.once('exit', () => {
        clearTimeout(force);
        resolve(null);
      });
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
