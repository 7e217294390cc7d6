/**
 * The HTTP measurements of `npm run bench` (run.mjs): autocannon windows that count every answer
 * that is not a 2xx/304, every socket error and every time-out as an error.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** What a phone sends with every call: it accepts compressed answers. */
export const BROWSER_HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent':
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
};

/** A request that takes longer than this counts as timed out (autocannon's own default is 10 s). */
const TIMEOUT_SECONDS = 10;

/**
 * Per port, the connections open before the bench's last run on it (the bench's own idle
 * keep-alive fetches, say): drained means back down to that many.
 */
const restingConnections = new Map();

function run(options) {
  const port = Number(new URL(options.url).port);
  restingConnections.set(port, openConnections(port));
  return new Promise((resolve, reject) => {
    autocannon({ timeout: TIMEOUT_SECONDS, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function failuresOf(result) {
  // 304 is a success for a client that revalidates; autocannon counts it as non-2xx.
  return { errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx - (result['3xx'] ?? 0) };
}

/**
 * CPU time (user + system, in µs) the process has used so far, from /proc (Linux); null elsewhere.
 * Its growth over a window divided by the answers in it is what an answer costs the server,
 * whatever share of the 2 shared cores the machine's other work left it.
 */
function cpuMicrosOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / CLOCK_TICKS_PER_SECOND);
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on every Linux we run on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** TCP states in /proc/net/tcp that hold no work: LISTEN (0A) and TIME_WAIT (06, no process left). */
const IDLE_TCP_STATES = new Set(['0A', '06']);

/** Open TCP connections to or from `port` on this machine (both ends: the bench's and the server's). */
function openConnections(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let count = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines;
    try {
      lines = readFileSync(table, 'utf8').split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const [, local = '', remote = '', state = ''] = line.trim().split(/\s+/);
      if ((local.endsWith(`:${hexPort}`) || remote.endsWith(`:${hexPort}`)) && !IDLE_TCP_STATES.has(state)) count += 1;
    }
  }
  return count;
}

/** A server whose CPU grows by less than this share of a core over DRAIN_SAMPLE_MS counts as idle. */
const IDLE_CPU_SHARE = 0.05;
const DRAIN_SAMPLE_MS = 100;
/** Past this, the window starts anyway (a scheduled job, another helper's load) and says so. */
const DRAIN_LIMIT_MS = 10_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the previous run's work is over before a window starts: autocannon stops at its
 * duration with up to `connections` requests in flight, which the server goes on serving (CPU
 * spent, no answer counted) after their sockets closed. Without this, that tail lands in the next
 * window — another route's, or the baseline's — and inflates its CPU per answer while it lowers
 * its req/s. Drained means: the port's connections back to as many as before the last run on it
 * (none of that run's left), and the server's CPU quiet for one sample. Answers how long it waited.
 */
export async function drain({ url, pid }) {
  const port = Number(new URL(url).port);
  const resting = restingConnections.get(port) ?? 0;
  const started = performance.now();
  let cpu = pid === undefined ? null : cpuMicrosOf(pid);
  while (performance.now() - started < DRAIN_LIMIT_MS) {
    await sleep(DRAIN_SAMPLE_MS);
    const now = pid === undefined ? null : cpuMicrosOf(pid);
    const busy = cpu !== null && now !== null && now - cpu > IDLE_CPU_SHARE * DRAIN_SAMPLE_MS * 1000;
    cpu = now;
    const open = openConnections(port);
    if (!busy && open <= resting) return performance.now() - started;
  }
  console.warn(`  (${url}: not drained after ${DRAIN_LIMIT_MS / 1000} s; measuring anyway)`);
  return performance.now() - started;
}

/**
 * Requests per second at full speed: every connection sends its next request as soon as it is
 * answered. With `pid` (the server's process), also the server's CPU time per answer. Starts once
 * the server has drained what earlier runs left in flight (`drain`).
 */
export async function throughput({ url, headers, connections, seconds, pid }) {
  const drainedMs = await drain({ url, pid });
  if (process.env.BENCH_DRAIN_LOG) console.log(`  drained ${url} in ${drainedMs.toFixed(0)} ms`);
  const cpuBefore = pid === undefined ? null : cpuMicrosOf(pid);
  const result = await run({ url, headers, connections, duration: seconds });
  const cpuAfter = pid === undefined ? null : cpuMicrosOf(pid);
  const answers = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    bytesPerRequest: result.throughput.total / Math.max(1, answers),
    cpuMicrosPerRequest:
      cpuBefore === null || cpuAfter === null || answers === 0 ? null : (cpuAfter - cpuBefore) / answers,
    ...failuresOf(result),
  };
}

/**
 * Latency at a fixed rate over all connections: autocannon schedules each request at its time and
 * measures from then, so a stalled server cannot hide its stall by delaying the requests it would
 * have been sent (coordinated omission).
 */
export async function latencyAtRate({ url, headers, connections, seconds, requestsPerSecond, pid }) {
  await drain({ url, pid });
  const result = await run({
    url,
    headers,
    connections,
    duration: seconds,
    overallRate: Math.max(1, Math.round(requestsPerSecond)),
  });
  return { p50Ms: result.latency.p50, p99Ms: result.latency.p99, ...failuresOf(result) };
}

export function warmUp({ url, headers, connections }) {
  return run({ url, headers, connections, duration: 1 });
}
