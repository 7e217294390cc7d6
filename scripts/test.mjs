#!/usr/bin/env node
/**
 * The one test command: typecheck, lint, the formatter's check, the dead-code check (knip), then
 * every Vitest project (contract, server, web, and the browser tests in real headless Chromium). With `--project NAME` (repeatable) it runs only those
 * Vitest projects and skips the checks before them — CI uses that to run the server suite a second
 * time against the real PostgreSQL.
 *
 * It ends with the failed tests named one per line (CI keeps only the tail of a long log) and the
 * plain line `N passed, N failed` read from Vitest's JSON report, because CI recognises that line
 * and not Vitest's own summary.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const projects = args.flatMap((arg, index) => (arg === '--project' && args[index + 1] ? [args[index + 1]] : []));

function firstLine(text) {
  return String(text ?? '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);
}

function run(command, commandArgs, env = process.env) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

function step(title, command, commandArgs) {
  console.log(`\n▶ ${title}`);
  const status = run(command, commandArgs);
  if (status !== 0) {
    console.log(`\n${title} failed.`);
    console.log('0 passed, 1 failed');
    process.exit(status);
  }
}

if (projects.length === 0) {
  step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  step('lint', 'npm', ['run', '--silent', 'lint']);
  step('format', 'npm', ['run', '--silent', 'format:check']);
  step('dead code', 'npm', ['run', '--silent', 'knip']);
}

const reportDir = join(root, '.artifacts');
mkdirSync(reportDir, { recursive: true });
const reportFile = join(reportDir, `vitest-${process.pid}.json`);
const vitestArgs = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...projects.flatMap((name) => ['--project', name]),
];
console.log(`\n▶ vitest ${projects.length ? projects.join(', ') : 'all projects'}`);
const status = run('npx', vitestArgs);

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
try {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  passed = report.numPassedTests;
  // Tests, not suites: a file counts once only when it failed without a failing test of its own
  // (it did not load, or a hook failed), so a failed test is never counted twice.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  failed = report.numFailedTests + brokenFiles;
  for (const file of report.testResults ?? []) {
    const where = relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests)
      failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) failures.push(`${where}: ${firstLine(file.message)}`);
  }
  skipped = report.numPendingTests + (report.numTodoTests ?? 0);
  rmSync(reportFile, { force: true });
} catch {
  failed = Math.max(failed, 1);
}
if (status !== 0 && failed === 0) failed = 1;
if (failures.length) console.log(`\nFailed:\n${failures.map((line) => `  ✗ ${line}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(status === 0 && failed === 0 ? 0 : 1);
