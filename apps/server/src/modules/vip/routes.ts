import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VIP_API_PATHS } from '@palaro/contract';
import {
  success,
  ZOperatorMerchantParams,
  ZVipClub,
  ZVipLevel,
  ZVipLevelList,
  ZVipLevelParams,
  ZVipSettings,
  ZVipSettingsUpdate,
} from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import { FAILURE_RESPONSES, OPERATOR_ROUTE, ok } from '../../platform/http/envelope';
import type { RoutePlugin } from '../../platform/module';
import { createMemberGuard } from '../accounts/guard';
import { changeVipSettings, operatorLevels, operatorVipSettings, putLevel, removeLevel, vipClub } from './service';

export const VIP_TAG = { name: 'vip', description: 'The VIP club: levels, benefits and the member’s progress' };

export function vipRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  const guard = createMemberGuard(platform);
  return async function registerVipRoutes(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      VIP_API_PATHS.club,
      {
        schema: {
          tags: [VIP_TAG.name],
          summary: 'Member club benefit (MEMCLUB3): levels, benefits and progress to the next level (VIP display on)',
          response: { 200: success(ZVipClub), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await vipClub(db, ctx.merchant, auth.member, platform.now()));
      },
    );
  };
}

export function operatorVipRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = OPERATOR_ROUTE;

    routes.get(
      VIP_API_PATHS.operatorVipLevels,
      {
        schema: {
          ...common,
          summary: 'The merchant’s VIP levels: requirements, keep amounts and benefits',
          params: ZOperatorMerchantParams,
          response: { 200: success(ZVipLevelList), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await operatorLevels(db, request.params.merchantCode)),
    );

    routes.put(
      VIP_API_PATHS.operatorVipLevels,
      {
        schema: {
          ...common,
          summary: 'Make or replace one level (requirements must grow with the level)',
          params: ZOperatorMerchantParams,
          body: ZVipLevel,
          response: { 200: success(ZVipLevelList), ...FAILURE_RESPONSES },
        },
      },
      async (request) =>
        ok(
          await putLevel(db, {
            merchantCode: request.params.merchantCode,
            level: request.body,
            actor: request.operatorActor,
          }),
        ),
    );

    routes.delete(
      VIP_API_PATHS.operatorVipLevel,
      {
        schema: {
          ...common,
          summary: 'Remove a level (members at it keep their number until the next evaluation moves them)',
          params: ZVipLevelParams,
          response: { 200: success(ZVipLevelList), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await removeLevel(db, { ...request.params, actor: request.operatorActor })),
    );

    routes.get(
      VIP_API_PATHS.operatorVipSettings,
      {
        schema: {
          ...common,
          summary:
            'The club’s rules: both requirements or either, keep period, relegation, bonus turnover, monthly day',
          params: ZOperatorMerchantParams,
          response: { 200: success(ZVipSettings), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await operatorVipSettings(db, request.params.merchantCode)),
    );

    routes.patch(
      VIP_API_PATHS.operatorVipSettings,
      {
        schema: {
          ...common,
          summary: 'Change some of the club’s rules',
          params: ZOperatorMerchantParams,
          body: ZVipSettingsUpdate,
          response: { 200: success(ZVipSettings), ...FAILURE_RESPONSES },
        },
      },
      async (request) =>
        ok(
          await changeVipSettings(db, {
            merchantCode: request.params.merchantCode,
            changes: request.body,
            actor: request.operatorActor,
          }),
        ),
    );
  };
}
