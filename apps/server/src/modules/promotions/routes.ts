import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PROMOTION_API_PATHS } from '@palaro/contract';
import {
  success,
  ZApplicationDecision,
  ZApplicationRequest,
  ZClaimResult,
  ZFailure,
  ZLanguageQuery,
  ZOperatorApplication,
  ZOperatorApplicationImageParams,
  ZOperatorApplicationList,
  ZOperatorApplicationQuery,
  ZOperatorMerchantParams,
  ZOperatorPromotion,
  ZOperatorPromotionList,
  ZOperatorPromotionParams,
  ZPromotionDetail,
  ZPromotionInput,
  ZPromotionList,
  ZPromotionParams,
  ZPromotionReport,
  ZPromotionUpdate,
  ZPromotionUpload,
  ZRewardCentre,
} from '@palaro/contract/schemas';
import { z } from 'zod';
import type { PlatformContext } from '../../platform/context';
import { setDevClockOffset } from '../../platform/dev-clock';
import { fileStorageOf } from '../../platform/file-storage';
import { FAILURE_RESPONSES, OPERATOR_ROUTE, ok } from '../../platform/http/envelope';
import { acceptImageBodies, imageOfBody } from '../../platform/http/image-body';
import type { RoutePlugin } from '../../platform/module';
import { createMemberGuard } from '../accounts/guard';
import * as service from './service';

/** Outside production only: POST { offsetMs } moves the server clock (the check-in e2e test's next day). */
export const DEV_CLOCK_PATH = '/dev/clock';

export const PROMOTIONS_TAG = {
  name: 'promotions',
  description: 'Promotions (activity list and detail), applications and the reward centre',
};

const failures = { ...FAILURE_RESPONSES, 413: ZFailure, 415: ZFailure };

/** The member's promotion routes. */
export function promotionRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  const guard = createMemberGuard(platform);
  const storage = fileStorageOf(platform.config);

  return async function registerPromotionRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = [PROMOTIONS_TAG.name];

    routes.get(
      PROMOTION_API_PATHS.promotions,
      {
        schema: {
          tags,
          summary: 'Every promotion the member sees, with their status (spec §3)',
          querystring: ZLanguageQuery,
          response: { 200: success(ZPromotionList), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        const language = request.query.language ?? ctx.merchant.defaultLanguage;
        return ok(await service.promotionList(db, ctx.merchant, auth.member, language, ctx.now()));
      },
    );

    routes.get(
      PROMOTION_API_PATHS.promotion,
      {
        schema: {
          tags,
          summary: 'One promotion: its terms, the member’s status, progress, calendar and application',
          params: ZPromotionParams,
          querystring: ZLanguageQuery,
          response: { 200: success(ZPromotionDetail), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        const language = request.query.language ?? ctx.merchant.defaultLanguage;
        return ok(await service.promotionDetail(db, ctx.merchant, auth.member, request.params.id, language, ctx.now()));
      },
    );

    routes.post(
      PROMOTION_API_PATHS.promotionJoin,
      {
        schema: {
          tags,
          summary: 'Join a promotion that asks to be joined',
          params: ZPromotionParams,
          querystring: ZLanguageQuery,
          response: { 200: success(ZPromotionDetail), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        const language = request.query.language ?? ctx.merchant.defaultLanguage;
        return ok(await service.joinPromotion(db, ctx.merchant, auth.member, request.params.id, language, ctx.now()));
      },
    );

    routes.post(
      PROMOTION_API_PATHS.promotionClaim,
      {
        schema: {
          tags,
          summary: 'Claim what is claimable (check in, for a daily check-in): paid once whatever the taps',
          params: ZPromotionParams,
          querystring: ZLanguageQuery,
          response: { 200: success(ZClaimResult), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        const language = request.query.language ?? ctx.merchant.defaultLanguage;
        return ok(await service.claimPromotion(db, ctx.merchant, auth.member, request.params.id, language, ctx.now()));
      },
    );

    routes.put(
      PROMOTION_API_PATHS.promotionApply,
      {
        schema: {
          tags,
          summary: 'Apply for a promotion: a comment of at most 140 characters and up to 3 uploaded images',
          params: ZPromotionParams,
          querystring: ZLanguageQuery,
          body: ZApplicationRequest,
          response: { 200: success(ZPromotionDetail), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        const language = request.query.language ?? ctx.merchant.defaultLanguage;
        return ok(
          await service.applyForPromotion(
            db,
            ctx.merchant,
            auth.member,
            request.params.id,
            request.body,
            language,
            ctx.now(),
          ),
        );
      },
    );

    routes.get(
      PROMOTION_API_PATHS.rewardCentre,
      {
        schema: {
          tags,
          summary: 'The reward centre (REWCEN3): available, claimable, in progress and claimed rewards',
          querystring: ZLanguageQuery,
          response: { 200: success(ZRewardCentre), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        const language = request.query.language ?? ctx.merchant.defaultLanguage;
        return ok(await service.rewardCentre(db, ctx.merchant, auth.member, language, ctx.now()));
      },
    );

    // Development aid, never registered in production: moves the one clock (platform/dev-clock.ts).
    if (platform.config.nodeEnv !== 'production')
      routes.post(
        DEV_CLOCK_PATH,
        {
          schema: {
            tags,
            summary: 'Outside production only: move the server clock forward by offsetMs',
            body: z.object({
              offsetMs: z
                .number()
                .int()
                .min(0)
                .max(366 * 86_400_000),
            }),
          },
        },
        async (request) => {
          setDevClockOffset(request.body.offsetMs);
          return ok({ now: platform.now().toISOString() });
        },
      );

    await app.register(async (imageScope) => {
      acceptImageBodies(imageScope);
      imageScope.withTypeProvider<ZodTypeProvider>().post(
        PROMOTION_API_PATHS.promotionImages,
        {
          schema: {
            tags,
            summary: 'Upload one image (raw bytes, PNG or JPEG by content, at most 5 MB) for an application',
            response: { 200: success(ZPromotionUpload), ...failures },
          },
        },
        async (request) => {
          const { auth } = await guard.requireMember(request);
          return ok(await service.uploadApplicationImage(db, storage, auth.member, await imageOfBody(request.body)));
        },
      );
    });
  };
}

/** The operator's promotions, applications and cost report. */
export function operatorPromotionRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  const storage = fileStorageOf(platform.config);
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = OPERATOR_ROUTE;

    routes.get(
      PROMOTION_API_PATHS.operatorPromotions,
      {
        schema: {
          ...common,
          summary: 'The merchant’s promotions',
          params: ZOperatorMerchantParams,
          response: { 200: success(ZOperatorPromotionList), ...failures },
        },
      },
      async (request) => ok({ list: await service.operatorPromotions(db, request.params.merchantCode) }),
    );

    routes.post(
      PROMOTION_API_PATHS.operatorPromotions,
      {
        schema: {
          ...common,
          summary: 'Create a promotion: a rule type with its parameters, eligibility, limits and turnover',
          params: ZOperatorMerchantParams,
          body: ZPromotionInput,
          response: { 200: success(ZOperatorPromotion), ...failures },
        },
      },
      async (request) =>
        ok(
          await service.createPromotion(db, {
            merchantCode: request.params.merchantCode,
            input: request.body,
            actor: request.operatorActor,
          }),
        ),
    );

    routes.patch(
      PROMOTION_API_PATHS.operatorPromotion,
      {
        schema: {
          ...common,
          summary: 'Change a promotion (grants already paid keep their terms)',
          params: ZOperatorPromotionParams,
          body: ZPromotionUpdate,
          response: { 200: success(ZOperatorPromotion), ...failures },
        },
      },
      async (request) =>
        ok(
          await service.updatePromotion(db, {
            merchantCode: request.params.merchantCode,
            id: request.params.id,
            changes: request.body,
            actor: request.operatorActor,
          }),
        ),
    );

    routes.post(
      PROMOTION_API_PATHS.operatorPromotionClose,
      {
        schema: {
          ...common,
          summary: 'Close a promotion now: members see it as Close',
          params: ZOperatorPromotionParams,
          response: { 200: success(ZOperatorPromotion), ...failures },
        },
      },
      async (request) =>
        ok(
          await service.closePromotion(db, {
            merchantCode: request.params.merchantCode,
            id: request.params.id,
            actor: request.operatorActor,
            now: platform.now(),
          }),
        ),
    );

    routes.get(
      PROMOTION_API_PATHS.operatorPromotionReport,
      {
        schema: {
          ...common,
          summary: 'What each promotion cost: granted, claimed, wagered, expired',
          params: ZOperatorMerchantParams,
          response: { 200: success(ZPromotionReport), ...failures },
        },
      },
      async (request) => ok(await service.promotionReport(db, request.params.merchantCode)),
    );

    routes.get(
      PROMOTION_API_PATHS.operatorApplications,
      {
        schema: {
          ...common,
          summary: 'Members’ applications, newest first, by status',
          params: ZOperatorMerchantParams,
          querystring: ZOperatorApplicationQuery,
          response: { 200: success(ZOperatorApplicationList), ...failures },
        },
      },
      async (request) =>
        ok({ list: await service.operatorApplications(db, request.params.merchantCode, request.query.status) }),
    );

    routes.post(
      PROMOTION_API_PATHS.operatorApplicationDecision,
      {
        schema: {
          ...common,
          summary:
            'Approve (pays the reward) or reject (with a reason) an application; the member reads it in the inbox',
          params: ZOperatorPromotionParams,
          body: ZApplicationDecision,
          response: { 200: success(ZOperatorApplication), ...failures },
        },
      },
      async (request) =>
        ok(
          await service.decideApplication(db, {
            merchantCode: request.params.merchantCode,
            id: request.params.id,
            decision: request.body,
            actor: request.operatorActor,
            now: platform.now(),
          }),
        ),
    );

    routes.get(
      PROMOTION_API_PATHS.operatorApplicationImage,
      {
        schema: {
          ...common,
          summary: 'One image of an application (its bytes)',
          params: ZOperatorApplicationImageParams,
        },
      },
      async (request, reply) => {
        const image = await service.operatorApplicationImage(
          db,
          storage,
          request.params.merchantCode,
          request.params.imageId,
        );
        return reply.type(image.contentType).header('cache-control', 'private, max-age=3600').send(image.bytes);
      },
    );
  };
}
