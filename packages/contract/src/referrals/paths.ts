/** Invite friends: the member's referral code and the friends who registered with it (spec §7 AFFMAN3). */
export const REFERRAL_API_PATHS = {
  /** GET → TAffiliateInfo: the member's referral code, the registration path it rides on, and counts. */
  affiliateInfo: '/wps/member/affiliate/info',
  /** GET ?pageNo → TInviteePage: friends who registered with the member's code, newest first, masked. */
  invitees: '/wps/member/affiliate/invitees',
} as const;

/** The query parameter of /m/register that carries a member's referral code (spec §3 recommenderId). */
export const REFERRAL_QUERY_PARAM = 'recommenderId';

/** Invitees per page of /m/inviteFriends. */
export const INVITEES_PAGE_SIZE = 20;
