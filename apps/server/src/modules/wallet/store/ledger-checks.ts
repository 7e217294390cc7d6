import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/database';

/*
 * The ledger recomputed from the journal, one statement per check (ledger:verify, verify.ts); each
 * answers at most `limit` rows that break its rule.
 */

const rowsOf = async <T>(q: Queryable, query: SQL) => ((await q.execute(query)) as unknown as { rows: T[] }).rows;

export async function ledgerCounts(
  q: Queryable,
): Promise<{ accounts: number; entries: number; lines: number } | undefined> {
  const [counts] = await rowsOf<{ accounts: number; entries: number; lines: number }>(
    q,
    sql`
    select (select count(*)::int from ledger_accounts) as accounts, (select count(*)::int from journal_entries) as entries,
           (select count(*)::int from journal_lines) as lines`,
  );
  return counts;
}

/** Entries whose lines do not sum to zero, or that have fewer than two. */
export function unbalancedEntries(q: Queryable, limit: number) {
  return rowsOf<{ id: string; sum: string; lines: number }>(
    q,
    sql`
    select e.id::text as id, coalesce(sum(l.amount), 0)::text as sum, count(l.id)::int as lines
    from journal_entries e left join journal_lines l on l.entry_id = e.id
    group by e.id having coalesce(sum(l.amount), 0) <> 0 or count(l.id) < 2 limit ${limit}`,
  );
}

/** Accounts whose balance is not the sum of their lines. */
export function balanceMismatches(q: Queryable, limit: number) {
  return rowsOf<{ code: string; merchant: number; balance: string; journal: string }>(
    q,
    sql`
    select a.code, a.merchant_id as merchant, a.balance::text as balance, coalesce(sum(l.amount), 0)::text as journal
    from ledger_accounts a left join journal_lines l on l.account_id = a.id
    group by a.id having a.balance <> coalesce(sum(l.amount), 0) limit ${limit}`,
  );
}

/** Lines whose balance after is not the running sum of their account's lines, in id order. */
export function runningBalanceMismatches(q: Queryable, limit: number) {
  return rowsOf<{ id: string; account: string; after: string; running: string }>(
    q,
    sql`
    select id::text, account_id::text as account, balance_after::text as after, running::text from (
      select id, account_id, balance_after, sum(amount) over (partition by account_id order by id) as running from journal_lines
    ) chained where balance_after <> running limit ${limit}`,
  );
}

/** Accounts that may not go negative and are. */
export function overdrawnAccounts(q: Queryable, limit: number) {
  return rowsOf<{ code: string; merchant: number; balance: string }>(
    q,
    sql`
    select code, merchant_id as merchant, balance::text from ledger_accounts where not may_go_negative and balance < 0 limit ${limit}`,
  );
}
