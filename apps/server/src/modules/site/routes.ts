import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@palaro/contract';
import { success, ZLanguageQuery, ZSiteSettings, ZStartupResponse } from '@palaro/contract/schemas';
import { FAILURE_RESPONSES, ok } from '../../platform/http/envelope';
import { locationOf, type AppDeps } from '../../platform/http/context';
import type { MerchantRow } from './schema';
import * as siteService from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant this request belongs to, resolved from its Host by the access gate. */
    merchant: MerchantRow | null;
  }
}

/** Player API families the gate guards; the start-up calls stay open so the client can say why. */
const PLAYER_API_PREFIXES = ['/wps/', '/lgw/'];
const ALWAYS_OPEN_PATHS = new Set<string>([API_PATHS.startup, API_PATHS.siteSettings]);
/**
 * Payment gateways' notices are not player traffic: a gateway that took a player's money must reach
 * us during maintenance and from any country (each notice is verified by its signature instead).
 */
const GATEWAY_CALLBACK_PREFIX = API_PATHS.gatewayCallback.slice(0, API_PATHS.gatewayCallback.indexOf(':'));

function pathOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

/**
 * Resolves the merchant of every player API request and refuses it while the merchant is in
 * maintenance or the client is region-blocked. Registered on the root instance so it covers
 * every module's routes, including ones added later.
 */
export function installPlayerAccessGate(app: FastifyInstance, deps: AppDeps, now: () => Date): void {
  app.decorateRequest('merchant', null);
  app.addHook('onRequest', async (request) => {
    const path = pathOf(request.url);
    if (!PLAYER_API_PREFIXES.some((prefix) => path.startsWith(prefix)) || path.startsWith(GATEWAY_CALLBACK_PREFIX)) return;
    const merchant = await siteService.resolveMerchant(deps.db.db, request.headers.host);
    request.merchant = merchant;
    if (ALWAYS_OPEN_PATHS.has(path)) return;
    siteService.assertPlayerAccess(merchant, locationOf(request, deps.config.trustedCountryHeader), now());
  });
}

/** The gate has always run for player API paths; this keeps handlers free of null checks. */
export async function merchantOf(request: FastifyRequest, deps: AppDeps): Promise<MerchantRow> {
  return request.merchant ?? siteService.resolveMerchant(deps.db.db, request.headers.host);
}

export function siteRoutes(deps: AppDeps, now: () => Date) {
  return async function registerSiteRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      API_PATHS.startup,
      {
        schema: {
          tags: ['site'],
          summary: 'Start-up mode (normal, maintenance, region) and the merchant settings',
          querystring: ZLanguageQuery,
          response: { 200: success(ZStartupResponse), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const merchant = await merchantOf(request, deps);
        const location = locationOf(request, deps.config.trustedCountryHeader);
        return ok({ startup: siteService.computeStartup(merchant, location, now()), settings: siteService.toSiteSettings(merchant) });
      },
    );

    routes.get(
      API_PATHS.siteSettings,
      {
        schema: {
          tags: ['site'],
          summary: 'The merchant settings: flags, registration rules, resources, theme',
          response: { 200: success(ZSiteSettings), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(siteService.toSiteSettings(await merchantOf(request, deps))),
    );
  };
}
