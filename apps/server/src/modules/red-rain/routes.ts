import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RED_RAIN_API_PATHS } from '@palaro/contract';
import {
  success,
  ZOperatorMerchantParams,
  ZOperatorRedRainCreate,
  ZOperatorRedRainEvent,
  ZOperatorRedRainList,
  ZOperatorRedRainParams,
  ZRedRainGrab,
  ZRedRainPage,
  ZRedRainParams,
  ZRedRainResult,
} from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import { FAILURE_RESPONSES, OPERATOR_ROUTE, ok, SERIALIZED_AS_BUILT } from '../../platform/http/envelope';
import type { RoutePlugin } from '../../platform/module';
import { createMemberGuard } from '../accounts/guard';
import {
  cancelEvent,
  createEvent,
  grabEnvelope,
  memberRedRain,
  operatorEvent,
  operatorEvents,
  redRainResult,
} from './service';

export const RED_RAIN_TAG = { name: 'red-rain', description: 'Red-envelope rain (GAMSER): events, grabs, results' };

/** The member's red-envelope rain. */
export function redRainRoutes(platform: PlatformContext): RoutePlugin {
  const guard = createMemberGuard(platform);
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = [RED_RAIN_TAG.name];
    routes.get(
      RED_RAIN_API_PATHS.redRain,
      {
        schema: {
          tags,
          summary: 'The live and upcoming rains with the member’s qualification and catch, and their history',
          response: { 200: success(ZRedRainPage), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await memberRedRain(platform.db, ctx.merchant, auth.member.id, platform.now()));
      },
    );
    routes.post(
      RED_RAIN_API_PATHS.redRainGrab,
      {
        // The answer is written out field by field (grab-batch.ts): no schema pass on the hot path.
        ...SERIALIZED_AS_BUILT,
        schema: {
          tags,
          summary: 'Take one envelope of a live rain: credited to the wallet at once (paid once per envelope)',
          params: ZRedRainParams,
          response: { 200: success(ZRedRainGrab), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { auth } = await guard.requireMember(request);
        return ok(await grabEnvelope(platform.database, auth.member, request.params.id, platform.now()));
      },
    );
    routes.get(
      RED_RAIN_API_PATHS.redRainResult,
      {
        schema: {
          tags,
          summary: 'A rain’s result sheet: the member’s envelopes and the best caught (names masked)',
          params: ZRedRainParams,
          response: { 200: success(ZRedRainResult), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await redRainResult(platform.db, ctx.merchant, auth.member.id, request.params.id, platform.now()));
      },
    );
  };
}

/** The operator's rains, inside the operator plugin (token check and audit actor). */
export function redRainOperatorRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = OPERATOR_ROUTE;
    routes.get(
      RED_RAIN_API_PATHS.operatorRedRain,
      {
        schema: {
          ...common,
          summary: 'A merchant’s red-envelope rains, latest first, with what each paid',
          params: ZOperatorMerchantParams,
          response: { 200: success(ZOperatorRedRainList), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok({ list: await operatorEvents(db, request.params.merchantCode, platform.now()) }),
    );
    routes.post(
      RED_RAIN_API_PATHS.operatorRedRain,
      {
        schema: {
          ...common,
          summary:
            'Schedule a rain: start, minutes, budget, envelopes and their bounds, grabs each, qualification (audited)',
          params: ZOperatorMerchantParams,
          body: ZOperatorRedRainCreate,
          response: { 200: success(ZOperatorRedRainEvent), ...FAILURE_RESPONSES },
        },
      },
      async (request) =>
        ok(
          await createEvent(db, {
            merchantCode: request.params.merchantCode,
            event: request.body,
            actor: request.operatorActor,
            now: platform.now(),
          }),
        ),
    );
    routes.get(
      RED_RAIN_API_PATHS.operatorRedRainEvent,
      {
        schema: {
          ...common,
          summary: 'One rain',
          params: ZOperatorRedRainParams,
          response: { 200: success(ZOperatorRedRainEvent), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await operatorEvent(db, request.params.merchantCode, request.params.id, platform.now())),
    );
    routes.post(
      RED_RAIN_API_PATHS.operatorRedRainCancel,
      {
        schema: {
          ...common,
          summary: 'Cancel a rain that has not ended (envelopes taken stay paid; audited)',
          params: ZOperatorRedRainParams,
          response: { 200: success(ZOperatorRedRainEvent), ...FAILURE_RESPONSES },
        },
      },
      async (request) =>
        ok(await cancelEvent(db, { ...request.params, actor: request.operatorActor, now: platform.now() })),
    );
  };
}
