import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@palaro/contract';
import { success, ZAffiliateInfo, ZInviteePage, ZInviteesQuery } from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import { FAILURE_RESPONSES, ok } from '../../platform/http/envelope';
import { createMemberGuard } from '../accounts/guard';
import { affiliateInfo, invitees } from './service';

export const REFERRALS_TAG = {
  name: 'referrals',
  description: 'Invite friends: referral code, link and invited friends',
};

export function referralRoutes(platform: PlatformContext) {
  const guard = createMemberGuard(platform);

  return async function registerReferralRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = [REFERRALS_TAG.name];

    routes.get(
      API_PATHS.affiliateInfo,
      {
        schema: {
          tags,
          summary: 'Affiliate info (AFFMAN3): the member’s referral code and link, friends invited and deposited',
          response: { 200: success(ZAffiliateInfo), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await affiliateInfo(ctx, auth.member));
      },
    );

    routes.get(
      API_PATHS.invitees,
      {
        schema: {
          tags,
          summary: 'The friends who registered with the member’s code, newest first, names masked',
          querystring: ZInviteesQuery,
          response: { 200: success(ZInviteePage), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await invitees(ctx, auth.member, request.query.pageNo));
      },
    );
  };
}
