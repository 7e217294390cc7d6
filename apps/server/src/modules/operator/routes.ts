import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@palaro/contract';
import {
  success,
  ZFlagsUpdate,
  ZMaintenanceUpdate,
  ZMerchantParams,
  ZOperatorCredential,
  ZOperatorCredentialCreate,
  ZOperatorCredentialCreated,
  ZOperatorCredentialParams,
  ZOperatorCredentials,
  ZOperatorMerchantState,
  ZRegionUpdate,
} from '@palaro/contract/schemas';
import { FAILURE_RESPONSES, OPERATOR_ROUTE, ok } from '../../platform/http/envelope';
import type { PlatformContext } from '../../platform/context';
import { normaliseIp } from '../../platform/network';
import type { RouteRegistration, RoutePlugin } from '../../platform/module';
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

export const OPERATOR_TAG = { name: OPERATOR_ROUTE.tags[0], description: 'Operator controls (bearer token)' };

/**
 * The operator API: every module's operator routes (`ServerModule.operatorRoutes`) registered
 * inside this one plugin, so the same bearer-token check and audit actor cover them all.
 */
export function operatorApi(platform: PlatformContext, registrations: readonly RouteRegistration[]): RoutePlugin {
  return async function registerOperatorApi(app: FastifyInstance): Promise<void> {
    // Hooks in this plugin cover only its own routes, which are all operator routes.
    app.decorateRequest('operatorActor', '');
    app.addHook('onRequest', async (request) => {
      const { actor } = await operatorService.authenticateOperator(
        platform.db,
        bearerTokenOf(request),
        normaliseIp(request.ip),
        platform.limiter,
      );
      request.operatorActor = actor;
    });
    for (const register of registrations) await register(app, platform);
  };
}

/** The operator's view and switches of a merchant: maintenance, flags, region. */
export function merchantOperatorRoutes(platform: PlatformContext): RoutePlugin {
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const db = platform.db;

    const common = { ...OPERATOR_ROUTE, params: ZMerchantParams } as const;
    const stateResponse = { 200: success(ZOperatorMerchantState), ...FAILURE_RESPONSES };

    routes.get(
      API_PATHS.operatorMerchant,
      { schema: { ...common, summary: 'A merchant’s maintenance, region and flag state', response: stateResponse } },
      async (request) => ok(await operatorService.getMerchantState(db, request.params.merchantCode, platform.now())),
    );

    routes.put(
      API_PATHS.operatorMaintenance,
      {
        schema: { ...common, summary: 'Turn maintenance on or off', body: ZMaintenanceUpdate, response: stateResponse },
      },
      async (request) =>
        ok(
          await operatorService.updateMaintenance(
            db,
            request.params.merchantCode,
            request.body,
            request.operatorActor,
            platform.now(),
          ),
        ),
    );

    routes.patch(
      API_PATHS.operatorFlags,
      {
        schema: {
          ...common,
          summary: 'Switch whitelabel flags, promotions and VIP display',
          body: ZFlagsUpdate,
          response: stateResponse,
        },
      },
      async (request) =>
        ok(
          await operatorService.updateFlags(
            db,
            request.params.merchantCode,
            request.body,
            request.operatorActor,
            platform.now(),
          ),
        ),
    );

    routes.put(
      API_PATHS.operatorRegion,
      {
        schema: {
          ...common,
          summary: 'Replace the denied countries and/or IP ranges',
          body: ZRegionUpdate,
          response: stateResponse,
        },
      },
      async (request) =>
        ok(
          await operatorService.updateRegion(
            db,
            request.params.merchantCode,
            request.body,
            request.operatorActor,
            platform.now(),
          ),
        ),
    );

    const credentials = OPERATOR_ROUTE;

    routes.get(
      API_PATHS.operatorCredentials,
      {
        schema: {
          ...credentials,
          summary: 'The operator tokens: id, public label, created, revoked (never a token or its hash)',
          response: { 200: success(ZOperatorCredentials), ...FAILURE_RESPONSES },
        },
      },
      async () => ok(await operatorService.listOperatorCredentials(db)),
    );

    routes.post(
      API_PATHS.operatorCredentials,
      {
        schema: {
          ...credentials,
          summary:
            'A new operator token with a public label (default "Operator <id>"): the token is answered this once',
          body: ZOperatorCredentialCreate,
          response: { 200: success(ZOperatorCredentialCreated), ...FAILURE_RESPONSES },
        },
      },
      async (request) =>
        ok(await operatorService.createOperatorCredential(db, request.body.label, request.operatorActor)),
    );

    routes.post(
      API_PATHS.operatorCredentialRevoke,
      {
        schema: {
          ...credentials,
          summary: 'Revoke an operator token: refused from its next request on',
          params: ZOperatorCredentialParams,
          response: { 200: success(ZOperatorCredential), ...FAILURE_RESPONSES },
        },
      },
      async (request) =>
        ok(
          await operatorService.revokeOperatorCredential(db, request.params.id, request.operatorActor, platform.now()),
        ),
    );
  };
}
