/*
 * What only a member's frame draws or runs: the header's name (kept up to date with member info)
 * and balance with a trial account's play-money badge, the live balance stream, the header menu's refresh, and the unread count home's badge shows. One chunk, loaded when there is a session (useMemberParts), so a
 * guest's pages do without it.
 */
export { BalanceAmount } from '../../shared/wallet/BalanceAmount';
export { PlayMoneyBadge } from '../../shared/wallet/PlayMoneyBadge';
export { WalletLive } from '../../shared/wallet/live';
export { refreshWalletBalance } from '../../shared/wallet/api/balance';
export { MemberName } from './MemberName';
export { UnreadCountSource } from '../../shared/inbox/UnreadCountSource';
