import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type AppConfig } from '../platform/config';
import { openDatabase, type Database } from '../platform/db/database';
import { verifyLedger } from '../modules/wallet/verify';

const HELP = `Palaro ledger verification

Usage: npm run ledger:verify

Recomputes the wallet ledger from its journal in the database the server uses (DATABASE_URL, or
the embedded database in DATA_DIR — stop the server first, the embedded database opens in one
process only) and lists every problem: an entry that does not sum to zero over two or more lines,
an account balance that differs from the sum of its lines, a line whose balance-after differs from
its account's running sum, a member wallet below zero.

Exit codes: 0 the ledger is clean, 1 problems found, 2 wrong usage, no database to verify or
the verification failed.`;

/** Wrong usage, configuration or database: nothing was verified (exit 2). */
export class CannotVerifyError extends Error {}

/** As many rows of each problem kind as verifyLedger lists at most. */
const LISTED_PER_KIND = 100;

/**
 * Verifies the ledger in one read-only snapshot (so entries the server posts meanwhile are seen
 * either whole or not at all), writes the counts and each problem, and answers the exit code:
 * 0 when clean, 1 when any problem.
 */
export async function reportLedger(database: Database, write: (line: string) => void): Promise<number> {
  const report = await database.db.transaction((tx) => verifyLedger(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  write(`accounts  ${report.accounts}`);
  write(`entries   ${report.entries}`);
  write(`lines     ${report.lines}`);
  if (report.problems.length === 0) {
    write('Clean: every entry sums to zero, every balance equals its journal, no member wallet is below zero.');
    return 0;
  }
  write(`${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}:`);
  const width = Math.max(...report.problems.map((problem) => problem.kind.length));
  for (const problem of report.problems) write(`  ${problem.kind.padEnd(width)}  ${problem.detail}`);
  const counts = new Map<string, number>();
  for (const problem of report.problems) counts.set(problem.kind, (counts.get(problem.kind) ?? 0) + 1);
  if ([...counts.values()].some((count) => count >= LISTED_PER_KIND))
    write(`(at most ${LISTED_PER_KIND} of each kind are listed; there may be more)`);
  return 1;
}

/** The address without its password, for messages. */
function describeServer(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `PostgreSQL ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * Opens the database the server would open with this configuration, without creating one: the
 * embedded database must exist already and must not be open in another process (PGlite has no
 * lock of its own, and a second process writing the same folder corrupts it).
 */
export async function openServerDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
): Promise<{ database: Database; where: string }> {
  if (config.databaseUrl) {
    const where = describeServer(config.databaseUrl);
    try {
      return { database: await openDatabase(config), where };
    } catch (error) {
      throw new CannotVerifyError(
        `Cannot connect to ${where}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  const folder = path.join(config.dataDir, 'pglite');
  const where = `the embedded database in ${folder}`;
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new CannotVerifyError(
      `There is no embedded database in ${folder}: the server has not run with DATA_DIR=${config.dataDir} (set DATA_DIR, or DATABASE_URL for a PostgreSQL server).`,
    );
  }
  // PGlite writes postmaster.pid when it opens the folder and removes it when it closes.
  if (existsSync(path.join(folder, 'postmaster.pid'))) {
    throw new CannotVerifyError(
      [
        `The embedded database in ${folder} is open in another process — most likely the running server (npm start).`,
        'The embedded database can be opened by one process only: stop the server, run npm run ledger:verify, then start the server again.',
        'If no server is running, the last one was killed before it closed the database: start it and stop it once (Ctrl-C), then run this again.',
      ].join('\n'),
    );
  }
  return { database: await openDatabase(config), where };
}

/** Whether the error (or one it wraps) is PostgreSQL's "relation does not exist". */
function isMissingTable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === '42P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The whole command for a configuration: opens, verifies, closes; answers the exit code. */
export async function runLedgerVerify(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  write: (line: string) => void,
): Promise<number> {
  const { database, where } = await openServerDatabase(config);
  try {
    write(`Ledger of ${where}`);
    return await reportLedger(database, write);
  } catch (error) {
    if (isMissingTable(error))
      throw new CannotVerifyError(
        `${where} has no ledger tables: start the server once so that it migrates the database.`,
      );
    throw error;
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  let help: boolean | undefined;
  try {
    ({
      values: { help },
    } = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    throw new CannotVerifyError(
      `${error instanceof Error ? error.message : String(error)}\nRun with --help for usage.`,
    );
  }
  if (help) {
    console.log(HELP);
    return 0;
  }
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new CannotVerifyError(error.message);
    throw error;
  }
  return runLedgerVerify(config, (line) => console.log(line));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      // Anything that stopped the verification is exit 2: 1 means the ledger was read and is wrong.
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(2);
    },
  );
}
