import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database';

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
  const rows = async <T>(query: SQL) => ((await q.execute(query)) as unknown as { rows: T[] }).rows;

  const [counts] = await rows<{ accounts: number; entries: number; lines: number }>(sql`
    select (select count(*)::int from ledger_accounts) as accounts, (select count(*)::int from journal_entries) as entries,
           (select count(*)::int from journal_lines) as lines`);

  for (const row of await rows<{ id: string; sum: string; lines: number }>(sql`
    select e.id::text as id, coalesce(sum(l.amount), 0)::text as sum, count(l.id)::int as lines
    from journal_entries e left join journal_lines l on l.entry_id = e.id
    group by e.id having coalesce(sum(l.amount), 0) <> 0 or count(l.id) < 2 limit ${PROBLEM_LIMIT}`)) {
    problems.push({ kind: 'entry_unbalanced', detail: `entry ${row.id}: ${row.lines} lines summing to ${row.sum}` });
  }
  for (const row of await rows<{ code: string; merchant: number; balance: string; journal: string }>(sql`
    select a.code, a.merchant_id as merchant, a.balance::text as balance, coalesce(sum(l.amount), 0)::text as journal
    from ledger_accounts a left join journal_lines l on l.account_id = a.id
    group by a.id having a.balance <> coalesce(sum(l.amount), 0) limit ${PROBLEM_LIMIT}`)) {
    problems.push({
      kind: 'balance_mismatch',
      detail: `merchant ${row.merchant} account ${row.code}: balance ${row.balance}, journal ${row.journal}`,
    });
  }
  for (const row of await rows<{ id: string; account: string; after: string; running: string }>(sql`
    select id::text, account_id::text as account, balance_after::text as after, running::text from (
      select id, account_id, balance_after, sum(amount) over (partition by account_id order by id) as running from journal_lines
    ) chained where balance_after <> running limit ${PROBLEM_LIMIT}`)) {
    problems.push({
      kind: 'running_balance_mismatch',
      detail: `line ${row.id} of account ${row.account}: balance after ${row.after}, running sum ${row.running}`,
    });
  }
  for (const row of await rows<{ code: string; merchant: number; balance: string }>(sql`
    select code, merchant_id as merchant, balance::text from ledger_accounts where not may_go_negative and balance < 0 limit ${PROBLEM_LIMIT}`)) {
    problems.push({ kind: 'overdraft', detail: `merchant ${row.merchant} account ${row.code}: ${row.balance}` });
  }
  return { accounts: counts?.accounts ?? 0, entries: counts?.entries ?? 0, lines: counts?.lines ?? 0, problems };
}
