import {
  INVITEES_PAGE_SIZE,
  REFERRAL_QUERY_PARAM,
  WEB_ROUTES,
  type TAffiliateInfo,
  type TInviteePage,
} from '@palaro/contract';
import type { Queryable } from '../../platform/db/database';
import { assertNotTrial } from '../accounts/sessions';
import { featureOff } from '../accounts/feature-flags';
import { invitedMemberCount, invitedMemberIds, invitedMembers, referralCodeOf } from '../accounts/members';
import type { MemberRow } from '../accounts/schema';
import type { MerchantContext } from '../site/request-context';
import { membersWhoDeposited } from '../wallet/service';
import { maskedName, totalPages } from './rules';

/** Invite friends is the merchant's REFERRAL promotion (spec §2) and needs a real account (spec §6). */
function assertMayInvite(ctx: MerchantContext, member: MemberRow): void {
  if (ctx.merchant.promotions.REFERRAL !== true) throw featureOff();
  assertNotTrial(member);
}

export function registerPath(referralCode: string): string {
  return `${WEB_ROUTES.register}?${new URLSearchParams({ [REFERRAL_QUERY_PARAM]: referralCode })}`;
}

/** Affiliate info (AFFMAN3): the member's code and link, how many friends joined and how many deposited. */
export async function affiliateInfo(ctx: MerchantContext, member: MemberRow): Promise<TAffiliateInfo> {
  assertMayInvite(ctx, member);
  const referralCode = await referralCodeOf(ctx.db, ctx.merchant.id, member.id);
  const invited = await invitedMemberIds(ctx.db, ctx.merchant.id, member.id);
  const deposited = await membersWhoDeposited(ctx.db, ctx.merchant.id, invited);
  return {
    referralCode,
    registerPath: registerPath(referralCode),
    invitedCount: invited.length,
    depositedCount: deposited.size,
  };
}

/** A page of the friends who registered with the member's code: only the member's own, names masked. */
export async function invitees(ctx: MerchantContext, member: MemberRow, pageNo: number): Promise<TInviteePage> {
  assertMayInvite(ctx, member);
  const q: Queryable = ctx.db;
  const total = await invitedMemberCount(q, ctx.merchant.id, member.id);
  const rows = await invitedMembers(q, ctx.merchant.id, member.id, {
    limit: INVITEES_PAGE_SIZE,
    offset: (pageNo - 1) * INVITEES_PAGE_SIZE,
  });
  const deposited = await membersWhoDeposited(
    q,
    ctx.merchant.id,
    rows.map((row) => row.id),
  );
  return {
    list: rows.map((row) => ({
      name: maskedName(row.nickname ?? row.username),
      joinedAt: row.createdAt.toISOString(),
      deposited: deposited.has(row.id),
    })),
    pageNo,
    totalPages: totalPages(total, INVITEES_PAGE_SIZE),
  };
}
