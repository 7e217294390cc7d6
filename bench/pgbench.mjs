import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** pgbench, the yardstick every money bench measures beside: its TPC-B run on the same server. */
const run = promisify(execFile);
const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';

async function pgbench(args, url) {
  try {
    return (await run(PGBENCH, [...args, url], { maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    throw new Error(`pgbench ${args.join(' ')} failed: ${error.stderr || error.message}`, { cause: error });
  }
}

/** Fills pgbench's tables at `scale` in the database at `url`. */
export async function initPgbench(url, scale) {
  await pgbench(['-i', '-q', '-s', String(scale)], url);
}

/** One TPC-B run (prepared statements): its transactions per second and average latency. */
export async function tpcb(url, { clients, threads, seconds }) {
  const output = await pgbench(
    ['-c', String(clients), '-j', String(threads), '-T', String(seconds), '-M', 'prepared'],
    url,
  );
  const tps = Number(/^tps = ([\d.]+)/m.exec(output)?.[1]);
  if (!(tps > 0)) throw new Error(`no tps in pgbench's output:\n${output}`);
  return { tps, latencyMs: Number(/^latency average = ([\d.]+) ms/m.exec(output)?.[1]) };
}
