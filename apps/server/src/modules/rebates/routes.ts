import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REBATE_API_PATHS } from '@palaro/contract';
import {
  success,
  ZManualRebate,
  ZOperatorMerchantParams,
  ZRebateClaimResult,
  ZRebateRate,
  ZRebateRateList,
  ZRebateReport,
  ZRebateReportQuery,
  ZRebateSettings,
  ZRebateSettingsUpdate,
} from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import { FAILURE_RESPONSES, OPERATOR_ROUTE, ok } from '../../platform/http/envelope';
import type { RoutePlugin } from '../../platform/module';
import { createMemberGuard } from '../accounts/guard';
import {
  changeRate,
  changeRebateSettings,
  claimRebate,
  manualRebate,
  operatorRates,
  operatorRebateSettings,
  rebateReport,
} from './service';

export const REBATES_TAG = { name: 'rebates', description: 'Daily rebates on valid turnover: manual claim and report' };

export function rebateRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  const guard = createMemberGuard(platform);
  return async function registerRebateRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = [REBATES_TAG.name];

    routes.get(
      REBATE_API_PATHS.manualRebate,
      {
        schema: {
          tags,
          summary: 'Manual rebate (MANPLAYREB3): today’s rebate so far per category and what a claim pays now',
          response: { 200: success(ZManualRebate), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await manualRebate(db, ctx.merchant, auth.member, platform.now()));
      },
    );

    routes.post(
      REBATE_API_PATHS.manualRebateClaim,
      {
        schema: {
          tags,
          summary: 'Claim every rebate claimable now, once (a second claim finds nothing: 409)',
          response: { 200: success(ZRebateClaimResult), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await claimRebate(db, ctx.merchant, auth.member, platform.now()));
      },
    );

    routes.get(
      REBATE_API_PATHS.rebateReport,
      {
        schema: {
          tags,
          summary: 'My rebate (PLYRBT): the member’s rebates by day and category',
          querystring: ZRebateReportQuery,
          response: { 200: success(ZRebateReport), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await rebateReport(db, ctx.merchant, auth.member, request.query, platform.now()));
      },
    );
  };
}

export function operatorRebateRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = OPERATOR_ROUTE;

    routes.get(
      REBATE_API_PATHS.operatorRebateRates,
      {
        schema: {
          ...common,
          summary: 'The merchant’s rebate rates per VIP level and game category (basis points)',
          params: ZOperatorMerchantParams,
          response: { 200: success(ZRebateRateList), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await operatorRates(db, request.params.merchantCode)),
    );

    routes.put(
      REBATE_API_PATHS.operatorRebateRates,
      {
        schema: {
          ...common,
          summary: 'Set one rate (VIP level, category, basis points 0–1000): applies from the next computation',
          params: ZOperatorMerchantParams,
          body: ZRebateRate,
          response: { 200: success(ZRebateRateList), ...FAILURE_RESPONSES },
        },
      },
      async (request) =>
        ok(
          await changeRate(db, {
            merchantCode: request.params.merchantCode,
            rate: request.body,
            actor: request.operatorActor,
          }),
        ),
    );

    routes.get(
      REBATE_API_PATHS.operatorRebateSettings,
      {
        schema: {
          ...common,
          summary: 'The merchant’s rebate rules: automatic or claimed, manual claim, daily cap, minimum, turnover',
          params: ZOperatorMerchantParams,
          response: { 200: success(ZRebateSettings), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await operatorRebateSettings(db, request.params.merchantCode)),
    );

    routes.patch(
      REBATE_API_PATHS.operatorRebateSettings,
      {
        schema: {
          ...common,
          summary: 'Change some of the rebate rules',
          params: ZOperatorMerchantParams,
          body: ZRebateSettingsUpdate,
          response: { 200: success(ZRebateSettings), ...FAILURE_RESPONSES },
        },
      },
      async (request) =>
        ok(
          await changeRebateSettings(db, {
            merchantCode: request.params.merchantCode,
            changes: request.body,
            actor: request.operatorActor,
          }),
        ),
    );
  };
}
