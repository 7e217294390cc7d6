import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@palaro/contract';
import { success, ZFlagsUpdate, ZMaintenanceUpdate, ZMerchantParams, ZOperatorMerchantState, ZRegionUpdate } from '@palaro/contract/schemas';
import { FAILURE_RESPONSES, ok } from '../../platform/http/envelope';
import type { AppDeps } from '../../platform/http/context';
import { normaliseIp } from '../../platform/network';
import type { RateLimiter } from '../../platform/rate-limit';
import * as operatorService from './service';

function bearerTokenOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]! : null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the audit log records for this request; set once the bearer token is accepted. */
    operatorActor: string;
  }
}

/**
 * Operator routes of another product area (deposit and withdrawal decisions…), registered inside
 * this plugin so the same bearer-token check and audit actor cover them.
 */
export type OperatorRouteExtension = (app: FastifyInstance) => void | Promise<void>;

/** What the operator API needs besides the database: the app's shared counters and its clock. */
export interface OperatorRuntime {
  limiter: RateLimiter;
  now: () => Date;
}

export function operatorRoutes(deps: AppDeps, runtime: OperatorRuntime, extensions: readonly OperatorRouteExtension[] = []) {
  return async function registerOperatorRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const db = deps.db.db;

    // Hooks in this plugin cover only its own routes, which are all operator routes.
    app.decorateRequest('operatorActor', '');
    app.addHook('onRequest', async (request) => {
      const { actor } = await operatorService.authenticateOperator(db, bearerTokenOf(request), normaliseIp(request.ip), runtime.limiter);
      request.operatorActor = actor;
    });

    const common = { tags: ['operator'], security: [{ operatorToken: [] }], params: ZMerchantParams } as const;
    const stateResponse = { 200: success(ZOperatorMerchantState), ...FAILURE_RESPONSES };

    routes.get(
      API_PATHS.operatorMerchant,
      { schema: { ...common, summary: 'A merchant’s maintenance, region and flag state', response: stateResponse } },
      async (request) => ok(await operatorService.getMerchantState(db, request.params.merchantCode, runtime.now())),
    );

    routes.put(
      API_PATHS.operatorMaintenance,
      { schema: { ...common, summary: 'Turn maintenance on or off', body: ZMaintenanceUpdate, response: stateResponse } },
      async (request) =>
        ok(await operatorService.updateMaintenance(db, request.params.merchantCode, request.body, request.operatorActor, runtime.now())),
    );

    routes.patch(
      API_PATHS.operatorFlags,
      { schema: { ...common, summary: 'Switch whitelabel flags, promotions and VIP display', body: ZFlagsUpdate, response: stateResponse } },
      async (request) => ok(await operatorService.updateFlags(db, request.params.merchantCode, request.body, request.operatorActor, runtime.now())),
    );

    routes.put(
      API_PATHS.operatorRegion,
      { schema: { ...common, summary: 'Replace the denied countries and/or IP ranges', body: ZRegionUpdate, response: stateResponse } },
      async (request) => ok(await operatorService.updateRegion(db, request.params.merchantCode, request.body, request.operatorActor, runtime.now())),
    );

    for (const extension of extensions) await extension(app);
  };
}
