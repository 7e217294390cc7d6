import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@palaro/contract';
import { success, ZLanguageQuery, ZSiteSettings, ZStartupResponse } from '@palaro/contract/schemas';
import { cachedBodyRepresentation } from '../../platform/http/cached-body';
import { FAILURE_RESPONSES } from '../../platform/http/envelope';
import type { PlatformContext } from '../../platform/context';
import { locationOf } from '../../platform/http/context';
import type { MerchantRow } from './schema';
import type { CachedMerchant } from './cache';
import { publicReadHandler, splitUrl, type AlwaysPublicRead, type PublicReadLane } from './public-read-lane';
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

/**
 * Resolves the merchant of every player API request and refuses it while the merchant is in
 * maintenance or the client is region-blocked; then lets the public-read lane answer what it can
 * from memory. Registered on the root instance so it covers every module's routes, including ones
 * added later. A callback hook, not an async one: the merchant comes from memory at once (a
 * promise only while the directory reloads), and a promise per request is a share of a cached
 * read's CPU.
 */
export function installPlayerAccessGate(app: FastifyInstance, ctx: PlatformContext, lane: PublicReadLane): void {
  app.decorateRequest('merchant', null);
  app.addHook('onRoute', lane.onRoute);

  const admit = (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    merchant: CachedMerchant,
    done: HookHandlerDoneFunction,
  ): void => {
    request.merchant = merchant.row;
    if (!ALWAYS_OPEN_PATHS.has(path)) {
      try {
        siteService.assertPlayerAccess(merchant.row, locationOf(request, ctx.config.trustedCountryHeader), ctx.now());
      } catch (error) {
        done(error as Error);
        return;
      }
    }
    if (!lane.answered(request, reply, merchant)) done();
  };

  app.addHook('onRequest', (request, reply, done) => {
    const { path } = splitUrl(request.url);
    if (!PLAYER_API_PREFIXES.some((prefix) => path.startsWith(prefix)) || path.startsWith(GATEWAY_CALLBACK_PREFIX)) {
      done();
      return;
    }
    let merchant: CachedMerchant | Promise<CachedMerchant>;
    try {
      merchant = siteService.merchantOfHost(ctx.db, request.headers.host);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (merchant instanceof Promise) {
      merchant.then(
        (resolved) => admit(request, reply, path, resolved, done),
        (error: Error) => done(error),
      );
    } else {
      admit(request, reply, path, merchant, done);
    }
  });
}

export function siteRoutes(ctx: PlatformContext) {
  const readStartup: AlwaysPublicRead<unknown> = (merchant, _query, request) =>
    // Private: it carries the client's own address.
    merchant.startupTemplate.representation(
      siteService.startupJson(merchant.row, locationOf(request, ctx.config.trustedCountryHeader), ctx.now()),
      'private, no-cache',
    );
  const readSettings: AlwaysPublicRead<unknown> = (merchant) => cachedBodyRepresentation(merchant.settingsBody);

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
        config: { publicRead: readStartup },
      },
      publicReadHandler(ctx, readStartup),
    );

    routes.get(
      API_PATHS.siteSettings,
      {
        schema: {
          tags: [SITE_TAG.name],
          summary: 'The merchant settings: flags, registration rules, resources, theme',
          response: { 200: success(ZSiteSettings), ...FAILURE_RESPONSES },
        },
        config: { publicRead: readSettings },
      },
      publicReadHandler(ctx, readSettings),
    );
  };
}
