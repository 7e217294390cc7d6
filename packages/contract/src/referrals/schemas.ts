import { z } from 'zod';

export const ZAffiliateInfo = z.object({
  /** The member's referral code: stable, unique per merchant. */
  referralCode: z.string(),
  /** Path and query of the registration link (the web app joins it to the page's origin). */
  registerPath: z.string(),
  invitedCount: z.number().int().min(0),
  depositedCount: z.number().int().min(0),
});
export type TAffiliateInfo = z.infer<typeof ZAffiliateInfo>;

export const ZInviteesQuery = z.object({ pageNo: z.coerce.number().int().min(1).max(10_000).default(1) });
export type TInviteesQuery = z.infer<typeof ZInviteesQuery>;

export const ZInvitee = z.object({
  /** The friend's nickname or account, masked: a member never reads another's full name. */
  name: z.string(),
  /** ISO instant of registration. */
  joinedAt: z.string(),
  deposited: z.boolean(),
});
export type TInvitee = z.infer<typeof ZInvitee>;

export const ZInviteePage = z.object({
  list: z.array(ZInvitee),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
});
export type TInviteePage = z.infer<typeof ZInviteePage>;
