import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { numberArray } from '../../../platform/db/array-literals';
import type { Queryable, Tx } from '../../../platform/db/database';
import { ledgerAccounts, type LedgerAccountRow } from '../schema';

export async function accountByCode(
  q: Queryable,
  merchantId: number,
  code: string,
): Promise<LedgerAccountRow | undefined> {
  const [row] = await q
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.code, code)));
  return row;
}

/** Opens the account unless one with its merchant and code exists (a concurrent opening wins quietly). */
export async function insertAccountIfAbsent(q: Queryable, account: typeof ledgerAccounts.$inferInsert): Promise<void> {
  await q.insert(ledgerAccounts).values(account).onConflictDoNothing();
}

/** The cash wallets the members of one merchant have, in one query. */
export function cashAccountIdsOf(
  q: Queryable,
  merchantId: number,
  memberIds: readonly number[],
): Promise<{ memberId: number | null; id: bigint }[]> {
  return q
    .select({ memberId: ledgerAccounts.memberId, id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.merchantId, merchantId),
        eq(ledgerAccounts.kind, 'member_cash'),
        inArray(ledgerAccounts.memberId, [...memberIds]),
      ),
    );
}

/** Locks the members' wallets among `accountIds` in one statement, in the ledger's lock order (ledger.ts). */
export async function lockWalletAccountsById(tx: Tx, accountIds: readonly bigint[]): Promise<void> {
  await tx.execute(
    sql`select id from ${ledgerAccounts} where id = any(${sql.param(numberArray(accountIds))}::bigint[]) and member_id is not null order by id for update`,
  );
}

/**
 * Locks the merchant's accounts of the codes `walletCodes` and the accounts of ids `alsoLock`, in
 * one statement, in the ledger's lock order (ledger.ts): wallets by id, then the platform's.
 */
export function lockAccounts(
  tx: Tx,
  merchantId: number,
  walletCodes: readonly string[],
  alsoLock: readonly bigint[],
): Promise<LedgerAccountRow[]> {
  const wallets = and(eq(ledgerAccounts.merchantId, merchantId), inArray(ledgerAccounts.code, [...walletCodes]));
  return tx
    .select()
    .from(ledgerAccounts)
    .where(alsoLock.length === 0 ? wallets : or(wallets, inArray(ledgerAccounts.id, [...alsoLock])))
    .orderBy(sql`${ledgerAccounts.memberId} is null`, asc(ledgerAccounts.id))
    .for('update');
}
