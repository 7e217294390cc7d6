#!/usr/bin/env node
/**
 * The in-house games' return to player by simulation (run by `npm run bench`, or alone:
 * `node bench/rtp.mjs`). Each game plays the very rules real rounds use
 * (packages/contract/src/inhouse) with a fast non-cryptographic generator in place of the fair byte
 * stream, on worker threads over every core, and prints measured beside stated RTP with ✓ when they
 * are within 0.2 percentage points, plus the standard error so a reader can tell luck from a fault.
 *
 * - Palaro Isla Slots: RTP_SLOT_ROUNDS full rounds (default 40,000,000; free spins belong to their
 *   round). The slot's payout has a standard deviation of about 3.3 bets, so 10 million rounds
 *   leave a standard error of ~0.1 pp; 40 million bring it to ~0.05 pp.
 * - Palaro Mines: RTP_MINES_ROUNDS rounds (default 10,000,000) of each of two strategies
 *   (3 mines, cash out after 5 safe cells; 10 mines, cash out after 3), measured against the exact
 *   RTP of that strategy; the exact figure of every (mines, reveals) pair is summarised too.
 *
 * Exits 1 only when a figure is outside its bound.
 */
import { availableParallelism } from 'node:os';
import { randomInt } from 'node:crypto';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

// The rules are the contract's TypeScript: loaded through tsx here and in every worker thread.
const {
  simulationRandom,
  slotRoundLineBets,
  slotExactRtp,
  simulateMinesRound,
  minesExactRtp,
  minesMultiplierTable,
  SLOT_LINE_COUNT,
  SLOT_STATED_RTP,
  MINES_STATED_RTP,
  MINES_MULTIPLIER_SCALE,
  MINES_MIN_MINES,
  MINES_MAX_MINES,
} = await tsImport('../packages/contract/src/inhouse/index.ts', import.meta.url);

const BOUND_PP = 0.2;

function simulate({ game, mines, reveals, rounds, seed }) {
  const int = simulationRandom(seed);
  let sum = 0;
  let sumOfSquares = 0;
  for (let round = 0; round < rounds; round += 1) {
    const payout =
      game === 'slot'
        ? slotRoundLineBets(int) / SLOT_LINE_COUNT
        : simulateMinesRound(int, mines, reveals) / MINES_MULTIPLIER_SCALE;
    sum += payout;
    sumOfSquares += payout * payout;
  }
  return { rounds, sum, sumOfSquares };
}

if (!isMainThread) {
  parentPort.postMessage(simulate(workerData));
} else {
  const workers = Math.max(1, availableParallelism());
  const slotRounds = Number(process.env.RTP_SLOT_ROUNDS ?? 40_000_000);
  const minesRounds = Number(process.env.RTP_MINES_ROUNDS ?? 10_000_000);

  /** Splits a simulation over the cores, each part with its own random seed; sums the parts. */
  async function measure(task, rounds) {
    const seeds = [];
    const parts = await Promise.all(
      Array.from({ length: workers }, (_, index) => {
        const seed = randomInt(2 ** 31);
        seeds.push(seed);
        const share = Math.floor(rounds / workers) + (index < rounds % workers ? 1 : 0);
        return new Promise((resolve, reject) => {
          const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { ...task, rounds: share, seed } });
          worker.once('message', resolve);
          worker.once('error', reject);
        });
      }),
    );
    const total = parts.reduce(
      (sum, part) => ({
        rounds: sum.rounds + part.rounds,
        sum: sum.sum + part.sum,
        sumOfSquares: sum.sumOfSquares + part.sumOfSquares,
      }),
      { rounds: 0, sum: 0, sumOfSquares: 0 },
    );
    const mean = total.sum / total.rounds;
    const standardError = Math.sqrt((total.sumOfSquares / total.rounds - mean * mean) / (total.rounds - 1));
    return { mean, standardError, rounds: total.rounds, seeds };
  }

  const percent = (fraction) => `${(fraction * 100).toFixed(3)} %`;
  let failed = false;
  function report(name, stated, result, startedAt) {
    const gapPp = Math.abs(result.mean - stated) * 100;
    const ok = gapPp <= BOUND_PP;
    failed ||= !ok;
    const seconds = (performance.now() - startedAt) / 1000;
    console.log(
      `${ok ? '✓' : '✗'} ${name}: measured ${percent(result.mean)} vs stated ${percent(stated)} — gap ${gapPp.toFixed(3)} pp (bound ${BOUND_PP} pp), standard error ${(result.standardError * 100).toFixed(3)} pp, ${result.rounds.toLocaleString('en-US')} rounds in ${seconds.toFixed(1)} s (seeds ${result.seeds.join(', ')})`,
    );
  }

  console.log(`\nIn-house games' return to player — simulation on ${workers} worker thread(s)`);
  const exact = slotExactRtp();
  console.log(
    `Palaro Isla Slots, exact from the tables: lines ${percent(exact.lines)} + scatters ${percent(exact.scatters)} + free spins ${percent(exact.freeSpins)} = ${percent(exact.total)}; feature 1 in ${(1 / exact.freeSpinChance).toFixed(1)} spins, ${exact.freeSpinsPerFeature.toFixed(2)} free spins each`,
  );
  let startedAt = performance.now();
  report('Palaro Isla Slots', SLOT_STATED_RTP, await measure({ game: 'slot' }, slotRounds), startedAt);

  const table = minesMultiplierTable();
  let lowest = Infinity;
  let highest = 0;
  for (let mines = MINES_MIN_MINES; mines <= MINES_MAX_MINES; mines += 1) {
    for (let reveals = 1; reveals < table[mines].length; reveals += 1) {
      const rtp = minesExactRtp(mines, reveals);
      lowest = Math.min(lowest, rtp);
      highest = Math.max(highest, rtp);
    }
  }
  console.log(
    `Palaro Mines, exact for every (mines, reveals then cash out): ${percent(lowest)} – ${percent(highest)} (stated ${percent(MINES_STATED_RTP)})`,
  );
  for (const [mines, reveals] of [
    [3, 5],
    [10, 3],
  ]) {
    startedAt = performance.now();
    report(
      `Palaro Mines, ${mines} mines, cash out after ${reveals}`,
      MINES_STATED_RTP,
      await measure({ game: 'mines', mines, reveals }, minesRounds),
      startedAt,
    );
  }
  if (failed) process.exitCode = 1;
}
