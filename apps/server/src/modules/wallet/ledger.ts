/*
 * The ledger, as the other modules use it: posting entries (posting.ts), the members' wallets and
 * the platform's accounts (ledger-accounts.ts); the members whose wallet moved are announced
 * (notices.ts). Within the wallet, import those files themselves.
 *
 * The ledger's lock order: members' wallets first, by id, then the platform's accounts (the house,
 * play money, clearing), by id. Every statement that locks accounts takes them in this order, and a
 * transaction that locked a wallet earlier (a provider call, a bet, a withdrawal: lockMemberWallet)
 * takes the house only at its posting, last. So no transaction ever holds the house while it waits
 * for a wallet: a settlement's bulk waits for the wallets it pays before it takes the house, and a
 * call holding one of them gets the house, commits and lets it go. A member's turnover
 * requirements are locked after the member's wallet (a provider's round-closing credit; a
 * settlement locks the wallets it pays before it counts turnover).
 */

export {
  lockMemberWallet,
  lockMemberWallets,
  lockWalletAccounts,
  memberBalance,
  memberCashAccount,
  memberCashAccountIds,
  systemAccount,
  type LockedWallet,
} from './ledger-accounts';
export { insufficientBalance, postBulk, postEntries, postEntry, type EntryDraft, type LedgerLine } from './posting';
