import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, type Database } from '../platform/db/database';
import { createTestDatabase } from '../platform/testing/test-database';
import { seedDemoData } from '../seed';
import { insertMember } from '../modules/accounts/store';
import { creditMember, DEMO_MERCHANT_ID } from '../modules/wallet/testing';
import { CannotVerifyError, reportLedger, runLedgerVerify } from './ledger-verify';

const COMMAND = fileURLToPath(new URL('./ledger-verify.ts', import.meta.url));
const run = promisify(execFile);

async function fundedMember(database: Database, username: string, amount: bigint): Promise<number> {
  const member = await insertMember(database.db, {
    merchantId: DEMO_MERCHANT_ID,
    username,
    type: 0,
    registerMethod: 'H5',
  });
  await creditMember(database, member.id, amount);
  return member.id;
}

describe('ledger verification', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('reports a clean ledger with its counts and exit code 0', async () => {
    await fundedMember(database, 'ledgerclean1', 1_500n);
    await fundedMember(database, 'ledgerclean2', 250n);
    const lines: string[] = [];
    expect(await reportLedger(database, (line) => lines.push(line))).toBe(0);
    // Two adjustments against the house account: 3 accounts, 2 entries, 4 lines.
    expect(lines).toEqual(['accounts  3', 'entries   2', 'lines     4', expect.stringMatching(/^Clean:/)]);
  });

  it('lists a tampered balance and answers exit code 1', async () => {
    const memberId = await fundedMember(database, 'ledgertampered', 700n);
    await database.db.execute(
      sql`update ledger_accounts set balance = balance + 1 where code = ${`member:${memberId}`}`,
    );
    const lines: string[] = [];
    expect(await reportLedger(database, (line) => lines.push(line))).toBe(1);
    expect(lines).toContain('1 problem:');
    expect(lines).toContain(
      `  balance_mismatch  merchant ${DEMO_MERCHANT_ID} account member:${memberId}: balance 701, journal 700`,
    );

    await database.db.execute(
      sql`update ledger_accounts set balance = balance - 1 where code = ${`member:${memberId}`}`,
    );
    expect(await reportLedger(database, () => undefined)).toBe(0);
  });
});

describe('npm run ledger:verify on the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'palaro-ledger-verify-'));
    const client = new PGlite(path.join(dataDir, 'pglite'));
    const database = fromPglite(client);
    await database.migrate();
    await seedDemoData(database.db);
    await fundedMember(database, 'ledgerembedded', 900n);
    await database.close();
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('verifies the folder the server uses when no server has it open', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', COMMAND], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      timeout: 30_000,
    });
    expect(stdout).toContain(`Ledger of the embedded database in ${path.join(dataDir, 'pglite')}`);
    expect(stdout).toMatch(/entries {3}1\n/);
    expect(stdout).toContain('Clean:');
  });

  it('refuses, without opening it, a folder another process has open', async () => {
    const pidFile = path.join(dataDir, 'pglite', 'postmaster.pid');
    writeFileSync(pidFile, '-42\n/pglite/data\n');
    try {
      await expect(runLedgerVerify({ databaseUrl: undefined, dataDir }, () => undefined)).rejects.toThrow(
        CannotVerifyError,
      );
      const failed = await run(process.execPath, ['--import', 'tsx', COMMAND], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
        timeout: 30_000,
      }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed.code).toBe(2);
      expect(failed.stderr).toMatch(/is open in another process — most likely the running server/);
      expect(failed.stderr).toMatch(/stop the server/);
    } finally {
      rmSync(pidFile, { force: true });
    }
  });

  it('refuses a folder without a database instead of creating one', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'palaro-ledger-verify-empty-'));
    try {
      await expect(runLedgerVerify({ databaseUrl: undefined, dataDir: empty }, () => undefined)).rejects.toThrow(
        /no embedded database/,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
