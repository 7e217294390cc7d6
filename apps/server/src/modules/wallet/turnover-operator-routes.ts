import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@palaro/contract';
import {
  success,
  ZOperatorMemberParams,
  ZOperatorTurnover,
  ZOperatorTurnoverParams,
  ZTurnoverAdjustRequest,
  ZTurnoverWaiveRequest,
} from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import type { RoutePlugin } from '../../platform/module';
import { FAILURE_RESPONSES, ok, OPERATOR_ROUTE } from '../../platform/http/envelope';
import { adjustTurnover, operatorTurnover, waiveTurnover } from './turnover-operator';

/**
 * The operator's view and changes of a member's turnover requirements, registered inside the
 * operator plugin (its token check and audit actor).
 */
export function turnoverOperatorRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = OPERATOR_ROUTE;
    const response = { 200: success(ZOperatorTurnover), ...FAILURE_RESPONSES };

    routes.get(
      API_PATHS.operatorMemberTurnover,
      {
        schema: {
          ...common,
          summary: 'A member’s turnover requirements (outstanding first) with every operator change',
          params: ZOperatorMemberParams,
          response,
        },
      },
      async (request) => ok(await operatorTurnover(db, request.params.merchantCode, request.params.username)),
    );

    routes.post(
      API_PATHS.operatorTurnoverWaive,
      {
        schema: {
          ...common,
          summary:
            'Waive what is left of a member’s outstanding turnover (all of it, or one requirement), with the reason the member reads',
          params: ZOperatorMemberParams,
          body: ZTurnoverWaiveRequest,
          response,
        },
      },
      async (request) =>
        ok(
          await waiveTurnover(db, {
            ...request.params,
            reason: request.body.reason,
            requirementId: request.body.requirementId,
            actor: request.operatorActor,
            now: platform.now(),
          }),
        ),
    );

    routes.patch(
      API_PATHS.operatorTurnoverRequirement,
      {
        schema: {
          ...common,
          summary:
            'Set an outstanding turnover requirement’s required amount (not below what is done), with the reason the member reads',
          params: ZOperatorTurnoverParams,
          body: ZTurnoverAdjustRequest,
          response,
        },
      },
      async (request) =>
        ok(
          await adjustTurnover(db, {
            merchantCode: request.params.merchantCode,
            username: request.params.username,
            requirementId: request.params.id,
            required: BigInt(request.body.required),
            reason: request.body.reason,
            actor: request.operatorActor,
            now: platform.now(),
          }),
        ),
    );
  };
}
