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
  'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
};

/** A request that takes longer than this counts as timed out (autocannon's own default is 10 s). */
const TIMEOUT_SECONDS = 10;

function run(options) {
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

/**
 * Requests per second at full speed: every connection sends its next request as soon as it is
 * answered. With `pid` (the server's process), also the server's CPU time per answer.
 */
export async function throughput({ url, headers, connections, seconds, pid }) {
  const cpuBefore = pid === undefined ? null : cpuMicrosOf(pid);
  const result = await run({ url, headers, connections, duration: seconds });
  const cpuAfter = pid === undefined ? null : cpuMicrosOf(pid);
  const answers = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    bytesPerRequest: result.throughput.total / Math.max(1, answers),
    cpuMicrosPerRequest: cpuBefore === null || cpuAfter === null || answers === 0 ? null : (cpuAfter - cpuBefore) / answers,
    ...failuresOf(result),
  };
}

/**
 * Latency at a fixed rate over all connections: autocannon schedules each request at its time and
 * measures from then, so a stalled server cannot hide its stall by delaying the requests it would
 * have been sent (coordinated omission).
 */
export async function latencyAtRate({ url, headers, connections, seconds, requestsPerSecond }) {
  const result = await run({ url, headers, connections, duration: seconds, overallRate: Math.max(1, Math.round(requestsPerSecond)) });
  return { p50Ms: result.latency.p50, p99Ms: result.latency.p99, ...failuresOf(result) };
}

export function warmUp({ url, headers, connections }) {
  return run({ url, headers, connections, duration: 1 });
}
