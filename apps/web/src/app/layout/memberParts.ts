/*
 * What only a member's frame draws or runs: the header's name (kept up to date with member info)
 * and balance, the live balance stream, and the header menu's refresh. One chunk, loaded when there is a session (useMemberParts), so a
 * guest's pages do without it.
 */
export { BalanceAmount } from '../../shared/wallet/BalanceAmount';
export { WalletLive } from '../../shared/wallet/live';
export { refreshWalletBalance } from '../../shared/wallet/api/balance';
export { MemberName } from './MemberName';
