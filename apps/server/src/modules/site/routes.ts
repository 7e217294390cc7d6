import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@palaro/contract';
import { success, ZLanguageQuery, ZSiteSettings, ZStartupResponse } from '@palaro/contract/schemas';
import { sendCachedBody } from '../../platform/http/cached-body';
import { FAILURE_RESPONSES } from '../../platform/http/envelope';
import type { PlatformContext } from '../../platform/context';
import { locationOf } from '../../platform/http/context';
import type { MerchantRow } from './schema';
import { merchantOf } from './request-context';
import * as siteService from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant this request belongs to, resolved from its Host by the access gate. */
    merchant: MerchantRow | null;
  }
}

export const SITE_TAG = { name: 'site', description: 'Start-up and merchant settings' };

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
export function installPlayerAccessGate(app: FastifyInstance, ctx: PlatformContext): void {
  app.decorateRequest('merchant', null);
  app.addHook('onRequest', async (request) => {
    const path = pathOf(request.url);
    if (!PLAYER_API_PREFIXES.some((prefix) => path.startsWith(prefix)) || path.startsWith(GATEWAY_CALLBACK_PREFIX)) return;
    const merchant = await siteService.resolveMerchant(ctx.db, request.headers.host);
    request.merchant = merchant;
    if (ALWAYS_OPEN_PATHS.has(path)) return;
    siteService.assertPlayerAccess(merchant, locationOf(request, ctx.config.trustedCountryHeader), ctx.now());
  });
}

export function siteRoutes(ctx: PlatformContext) {
  return async function registerSiteRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      API_PATHS.startup,
      {
        schema: {
          tags: [SITE_TAG.name],
          summary: 'Start-up mode (normal, maintenance, region) and the merchant settings',
          querystring: ZLanguageQuery,
          response: { 200: success(ZStartupResponse), ...FAILURE_RESPONSES },
        },
      },
      async (request, reply) => {
        const merchant = await siteService.cachedMerchantOf(ctx.db, await merchantOf(request, ctx));
        const location = locationOf(request, ctx.config.trustedCountryHeader);
        // Private: it carries the client's own address.
        return merchant.startupTemplate.send(request, reply, siteService.startupJson(merchant.row, location, ctx.now()), 'private, no-cache');
      },
    );

    routes.get(
      API_PATHS.siteSettings,
      {
        schema: {
          tags: [SITE_TAG.name],
          summary: 'The merchant settings: flags, registration rules, resources, theme',
          response: { 200: success(ZSiteSettings), ...FAILURE_RESPONSES },
        },
      },
      async (request, reply) => sendCachedBody(request, reply, (await siteService.cachedMerchantOf(ctx.db, await merchantOf(request, ctx))).settingsBody),
    );
  };
}
