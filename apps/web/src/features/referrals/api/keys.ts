import { MEMBER_SCOPE } from '../../../shared/api/queryKeys';

/** Invite friends' query keys (member-scoped: sign-out forgets the code and the friends). */
export const referralKeys = {
  affiliateInfo: [MEMBER_SCOPE, 'affiliate-info'] as const,
  invitees: [MEMBER_SCOPE, 'invitees'] as const,
};
