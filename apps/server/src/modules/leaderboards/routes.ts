import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LEADERBOARD_API_PATHS } from '@palaro/contract';
import {
  success,
  ZLeaderboardPage,
  ZOperatorLeaderboard,
  ZOperatorLeaderboardCreate,
  ZOperatorLeaderboardList,
  ZOperatorLeaderboardParams,
  ZOperatorMerchantParams,
} from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import { FAILURE_RESPONSES, OPERATOR_ROUTE, ok } from '../../platform/http/envelope';
import type { RoutePlugin } from '../../platform/module';
import { createMemberGuard } from '../accounts/guard';
import { cancelPeriod, createPeriod, memberLeaderboards, operatorPeriod, operatorPeriods } from './service';

export const LEADERBOARDS_TAG = {
  name: 'leaderboards',
  description: 'Leaderboard periods (MISSION): rankings and prizes',
};

/** The member's leaderboard. */
export function leaderboardRoutes(platform: PlatformContext): RoutePlugin {
  const guard = createMemberGuard(platform);
  return (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      LEADERBOARD_API_PATHS.leaderboard,
      {
        schema: {
          tags: [LEADERBOARDS_TAG.name],
          summary:
            'The live, upcoming and recently ended periods: the kept ranking (names masked) and the member’s place',
          response: { 200: success(ZLeaderboardPage), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await memberLeaderboards(platform.db, ctx.merchant, auth.member.id, platform.now()));
      },
    );
  };
}

/** The operator's periods, inside the operator plugin (token check and audit actor). */
export function leaderboardOperatorRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = OPERATOR_ROUTE;
    routes.get(
      LEADERBOARD_API_PATHS.operatorLeaderboards,
      {
        schema: {
          ...common,
          summary: 'A merchant’s leaderboard periods, latest first, with their ranking and prizes paid',
          params: ZOperatorMerchantParams,
          response: { 200: success(ZOperatorLeaderboardList), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok({ list: await operatorPeriods(db, request.params.merchantCode, platform.now()) }),
    );
    routes.post(
      LEADERBOARD_API_PATHS.operatorLeaderboards,
      {
        schema: {
          ...common,
          summary: 'Set up a period: local days in the merchant’s zone, turnover or wins, a prize per rank (audited)',
          params: ZOperatorMerchantParams,
          body: ZOperatorLeaderboardCreate,
          response: { 200: success(ZOperatorLeaderboard), ...FAILURE_RESPONSES },
        },
      },
      async (request) =>
        ok(
          await createPeriod(db, {
            merchantCode: request.params.merchantCode,
            period: request.body,
            actor: request.operatorActor,
            now: platform.now(),
          }),
        ),
    );
    routes.get(
      LEADERBOARD_API_PATHS.operatorLeaderboard,
      {
        schema: {
          ...common,
          summary: 'One period',
          params: ZOperatorLeaderboardParams,
          response: { 200: success(ZOperatorLeaderboard), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await operatorPeriod(db, request.params.merchantCode, request.params.id, platform.now())),
    );
    routes.post(
      LEADERBOARD_API_PATHS.operatorLeaderboardCancel,
      {
        schema: {
          ...common,
          summary: 'Cancel a period not paid yet (audited)',
          params: ZOperatorLeaderboardParams,
          response: { 200: success(ZOperatorLeaderboard), ...FAILURE_RESPONSES },
        },
      },
      async (request) =>
        ok(await cancelPeriod(db, { ...request.params, actor: request.operatorActor, now: platform.now() })),
    );
  };
}
