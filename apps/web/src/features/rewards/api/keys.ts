import { MEMBER_SCOPE } from '../../../shared/api/queryKeys';

/** Rebates' and the VIP club's query keys: member-scoped, so sign-out forgets them. */
export const rewardKeys = {
  all: [MEMBER_SCOPE, 'rewards'] as const,
  manualRebate: [MEMBER_SCOPE, 'rewards', 'manual-rebate'] as const,
  rebateReport: (from: string, to: string) => [MEMBER_SCOPE, 'rewards', 'rebate-report', from, to] as const,
  club: [MEMBER_SCOPE, 'rewards', 'vip-club'] as const,
};
