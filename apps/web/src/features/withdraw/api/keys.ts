import { MEMBER_SCOPE } from '../../../shared/api/queryKeys';

/** The withdraw feature's query keys (member-scoped, so sign-out forgets them). */
export const withdrawKeys = {
  info: [MEMBER_SCOPE, 'withdraw-info'] as const,
  turnover: [MEMBER_SCOPE, 'turnover'] as const,
  payoutAccounts: [MEMBER_SCOPE, 'payout-accounts'] as const,
  upline: [MEMBER_SCOPE, 'upline-transfer'] as const,
};
