#!/usr/bin/env node
/**
 * The lottery draw RNG through the dieharder battery (issue 12): `npm run bench` runs it (alone:
 * `node --import tsx bench/dieharder.mjs`) and prints how many tests passed, were weak or failed.
 *
 * The stream is the one electronic draws take their results from (packages/contract
 * lottery/draw.ts): for each draw a fresh seed from the CSPRNG (`newDrawSeed`, as the scheduler
 * makes them) and a public value (random here, as a ticket digest is to the seed's holder), then
 * the draw's first blocks HMAC-SHA256(key = seed, `${publicValue}:0:${cursor}`), cursor 0…7, the
 * raw bytes before any rejection sampling; draws concatenated. It is computed with node:crypto's
 * synchronous HMAC rather than the contract's WebCrypto one, which is a hundred times slower per
 * block; the first draws are checked byte for byte against the contract's `outcomeBytes`.
 *
 * dieharder reads the stream raw from stdin (`-g 200`). The whole battery (`-a`) wants tens of
 * gigabytes and hours (the 32×32 binary rank test alone reads 550 MB), and this stream comes at a
 * few MB/s on a busy 2-core machine; the default is a selection that reads about 440 MB in a few
 * minutes and covers bits, bytes, words and their order: BENCH_DIEHARDER_TESTS (default
 * `0,8,15,100,101,102`, dieharder's test numbers: diehard birthdays, count the 1s (stream), runs;
 * STS monobit, runs, serial — 36 results), each at dieharder's own default sample sizes, one
 * dieharder process per test. A weak result happens by
 * chance (a p-value below 0.005 or above 0.995 in one test of two hundred); a failed one is the
 * alarm. The bench fails only if dieharder itself fails to run; it is skipped with a message when
 * dieharder is not installed (Debian: `apt-get install -y dieharder`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { outcomeBytes } from '../packages/contract/src/inhouse/fairness.ts';
import { DRAW_NONCE, newDrawSeed } from '../packages/contract/src/lottery/draw.ts';

const TESTS = (process.env.BENCH_DIEHARDER_TESTS ?? '0,8,15,100,101,102').split(',').map((test) => test.trim());
/** Blocks a draw derives before its rules run (the contract's first round of blocks). */
const BLOCKS_PER_DRAW = 8;
const BLOCK_BYTES = 32;

if (spawnSync('dieharder', ['-l'], { stdio: 'ignore' }).error) {
  console.log(
    '\nlottery draw RNG through dieharder: skipped: dieharder is not installed (Debian: apt-get install -y dieharder)',
  );
  process.exit(0);
}

/** One draw's raw bytes: the contract's stream, synchronously. */
function drawBytes(serverSeed, publicValue) {
  const bytes = Buffer.allocUnsafe(BLOCKS_PER_DRAW * BLOCK_BYTES);
  for (let cursor = 0; cursor < BLOCKS_PER_DRAW; cursor += 1) {
    createHmac('sha256', serverSeed)
      .update(`${publicValue}:${DRAW_NONCE}:${cursor}`)
      .digest()
      .copy(bytes, cursor * BLOCK_BYTES);
  }
  return bytes;
}

const newPublicValue = () => randomBytes(32).toString('hex');

for (let draw = 0; draw < 16; draw += 1) {
  const serverSeed = newDrawSeed();
  const publicValue = newPublicValue();
  const expected = Buffer.from(await outcomeBytes(serverSeed, publicValue, DRAW_NONCE, BLOCKS_PER_DRAW));
  if (!expected.equals(drawBytes(serverSeed, publicValue)))
    throw new Error("the bench's stream is not the contract's draw stream");
}

/** Runs one dieharder test on a fresh stream; answers its result lines and the bytes it read. */
function runTest(test) {
  return new Promise((resolve, reject) => {
    const child = spawn('dieharder', ['-g', '200', '-d', test], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    let written = 0;
    let open = true;
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stdin.on('error', () => (open = false));
    child.on('error', reject);
    child.on('close', (code) => {
      open = false;
      if (code !== 0) reject(new Error(`dieharder -d ${test} exited with ${code}`));
      else resolve({ lines: output.split('\n').filter((line) => /\|\s*(PASSED|WEAK|FAILED)\s*$/.test(line)), written });
    });
    const feed = () => {
      while (open) {
        const batch = Buffer.concat(Array.from({ length: 64 }, () => drawBytes(newDrawSeed(), newPublicValue())));
        written += batch.length;
        if (!child.stdin.write(batch)) {
          child.stdin.once('drain', feed);
          return;
        }
      }
    };
    feed();
  });
}

const counts = { PASSED: 0, WEAK: 0, FAILED: 0 };
const started = performance.now();
let bytes = 0;
console.log(
  `\nLottery draw RNG through dieharder (raw draw streams on stdin, -g 200; tests ${TESTS.join(',')}); load average ${loadavg()[0].toFixed(2)}`,
);
for (const test of TESTS) {
  const { lines, written } = await runTest(test);
  bytes += written;
  for (const line of lines) {
    const assessment = /(PASSED|WEAK|FAILED)\s*$/.exec(line)[1];
    counts[assessment] += 1;
    // Only what did not pass is named: 36 lines of PASSED would bury the bench's other figures.
    if (assessment === 'PASSED') continue;
    const [name, ntup, , , pValue] = line.split('|').map((field) => field.trim());
    console.log(
      `  ${`${name}${ntup !== '0' ? ` (ntup ${ntup})` : ''}`.padEnd(34)} p = ${pValue.padEnd(10)} ${assessment}`,
    );
  }
}
const total = counts.PASSED + counts.WEAK + counts.FAILED;
console.log(
  `dieharder: ${counts.PASSED} passed, ${counts.WEAK} weak, ${counts.FAILED} failed of ${total} results  ` +
    `${counts.FAILED === 0 ? '✓' : '✗'} goal: none failed  (${(bytes / 1e6).toFixed(0)} MB of draws in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${loadavg()[0].toFixed(2)})`,
);
