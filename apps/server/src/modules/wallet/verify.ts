import type { Queryable } from '../../platform/db/database';
import * as store from './store/ledger-checks';

export interface LedgerProblem {
  kind: 'entry_unbalanced' | 'balance_mismatch' | 'running_balance_mismatch' | 'overdraft';
  detail: string;
}

export interface LedgerReport {
  accounts: number;
  entries: number;
  lines: number;
  problems: LedgerProblem[];
}

const PROBLEM_LIMIT = 100;

/**
 * Recomputes the ledger from the journal: every entry sums to zero over at least two lines, every
 * account's balance equals the sum of its lines, every line's balance-after equals the running sum
 * of its account, and no account that may not go negative is negative. A healthy ledger has no
 * problems; this is what `npm run ledger:verify` runs.
 */
export async function verifyLedger(q: Queryable): Promise<LedgerReport> {
  const problems: LedgerProblem[] = [];
  const counts = await store.ledgerCounts(q);
  for (const row of await store.unbalancedEntries(q, PROBLEM_LIMIT)) {
    problems.push({ kind: 'entry_unbalanced', detail: `entry ${row.id}: ${row.lines} lines summing to ${row.sum}` });
  }
  for (const row of await store.balanceMismatches(q, PROBLEM_LIMIT)) {
    problems.push({
      kind: 'balance_mismatch',
      detail: `merchant ${row.merchant} account ${row.code}: balance ${row.balance}, journal ${row.journal}`,
    });
  }
  for (const row of await store.runningBalanceMismatches(q, PROBLEM_LIMIT)) {
    problems.push({
      kind: 'running_balance_mismatch',
      detail: `line ${row.id} of account ${row.account}: balance after ${row.after}, running sum ${row.running}`,
    });
  }
  for (const row of await store.overdrawnAccounts(q, PROBLEM_LIMIT)) {
    problems.push({ kind: 'overdraft', detail: `merchant ${row.merchant} account ${row.code}: ${row.balance}` });
  }
  return { accounts: counts?.accounts ?? 0, entries: counts?.entries ?? 0, lines: counts?.lines ?? 0, problems };
}
