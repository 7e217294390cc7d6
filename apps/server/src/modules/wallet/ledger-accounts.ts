import type { Queryable, Tx } from '../../platform/db/database';
import type { LedgerAccountKind, LedgerAccountRow } from './schema';
import * as store from './store/ledger-accounts';

/** Ledger accounts the platform holds, one per merchant (and per channel for clearing accounts). */
export type SystemAccountKind = Exclude<LedgerAccountKind, 'member_cash'>;

async function accountFor(
  q: Queryable,
  merchantId: number,
  code: string,
  values: Pick<LedgerAccountRow, 'kind' | 'memberId' | 'channelId' | 'mayGoNegative'>,
): Promise<LedgerAccountRow> {
  const existing = await store.accountByCode(q, merchantId, code);
  if (existing) return existing;
  await store.insertAccountIfAbsent(q, { merchantId, code, ...values });
  const created = await store.accountByCode(q, merchantId, code);
  if (!created) throw new Error(`ledger account ${code} missing right after its insert`);
  return created;
}

export const memberAccountCode = (memberId: number) => `member:${memberId}`;

/** The member's cash wallet, opened on first use. */
export function memberCashAccount(q: Queryable, merchantId: number, memberId: number): Promise<LedgerAccountRow> {
  return accountFor(q, merchantId, memberAccountCode(memberId), {
    kind: 'member_cash',
    memberId,
    channelId: null,
    mayGoNegative: false,
  });
}

/**
 * The cash wallets of many members of one merchant, by member id, read in one query (a settlement
 * pays thousands of members); a member without a wallet yet gets one opened.
 */
export async function memberCashAccountIds(
  q: Queryable,
  merchantId: number,
  memberIds: readonly number[],
): Promise<Map<number, bigint>> {
  const found = new Map<number, bigint>();
  if (memberIds.length === 0) return found;
  const rows = await store.cashAccountIdsOf(q, merchantId, memberIds);
  for (const row of rows) found.set(row.memberId!, row.id);
  for (const memberId of memberIds)
    if (!found.has(memberId)) found.set(memberId, (await memberCashAccount(q, merchantId, memberId)).id);
  return found;
}

export function systemAccount(
  q: Queryable,
  merchantId: number,
  kind: SystemAccountKind,
  channelId: number | null = null,
): Promise<LedgerAccountRow> {
  const code = channelId === null ? kind : `${kind}:${channelId}`;
  return accountFor(q, merchantId, code, { kind, memberId: null, channelId, mayGoNegative: true });
}

/** The member's cash balance (0 before the wallet is first used). */
export async function memberBalance(q: Queryable, merchantId: number, memberId: number): Promise<bigint> {
  return (await store.accountByCode(q, merchantId, memberAccountCode(memberId)))?.balance ?? 0n;
}

/**
 * Locks the member's wallet row for the rest of the transaction: checks that read more than the
 * balance (today's withdrawal count, the turnover left) then see no concurrent change.
 */
export async function lockMemberWallet(tx: Tx, merchantId: number, memberId: number): Promise<LedgerAccountRow> {
  return (await lockMemberWallets(tx, merchantId, [memberId])).get(memberId)!;
}

/**
 * Locks members' wallet accounts, named by account id, for the rest of the transaction: in one
 * statement whatever their number (a settlement chunk's winners), in the ledger's lock order.
 */
export async function lockWalletAccounts(tx: Tx, accountIds: readonly bigint[]): Promise<void> {
  if (accountIds.length === 0) return;
  await store.lockWalletAccountsById(tx, accountIds);
}

/** A member's wallet as lockMemberWallets answers it. */
export type LockedWallet = LedgerAccountRow;

/**
 * lockMemberWallet for many members of one merchant at once (a group of slips): their wallets
 * locked in one statement in the ledger's lock order (ledger.ts), as every posting locks accounts,
 * so two such locks never deadlock — a member without a wallet yet getting one opened first.
 * `alsoLock`: the platform's accounts the caller will post to (the house), locked in the same
 * statement after the wallets. Answers the wallets by member id.
 */
export async function lockMemberWallets(
  tx: Tx,
  merchantId: number,
  memberIds: readonly number[],
  alsoLock: readonly bigint[] = [],
): Promise<Map<number, LockedWallet>> {
  const walletCodes = memberIds.map(memberAccountCode);
  const lock = () => store.lockAccounts(tx, merchantId, walletCodes, alsoLock);
  let rows = (await lock()).filter((row) => row.memberId !== null);
  if (rows.length < memberIds.length) {
    const found = new Set(rows.map((row) => row.memberId));
    for (const memberId of memberIds) if (!found.has(memberId)) await memberCashAccount(tx, merchantId, memberId);
    rows = (await lock()).filter((row) => row.memberId !== null);
  }
  return new Map(rows.map((row) => [row.memberId!, row]));
}
