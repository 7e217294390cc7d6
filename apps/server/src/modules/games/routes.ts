import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GAME_API_PATHS, type TGameListQuery, type THotGamesQuery } from '@palaro/contract';
import {
  success,
  ZFavouriteIds,
  ZFavouriteRequest,
  ZFavouritesPage,
  ZFavouritesQuery,
  ZGameListPage,
  ZGameListQuery,
  ZGameTypes,
  ZGameTypesQuery,
  ZHotGames,
  ZHotGamesQuery,
  ZHotMatches,
  ZIconParams,
  ZLanguageQuery,
  ZRecentsPage,
  ZRecentsQuery,
  ZTeamBadgeParams,
  ZVendorInfo,
  ZVendorLogoParams,
} from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import { matchesEntityTag, sendRepresentation } from '../../platform/http/cached-body';
import { FAILURE_RESPONSES, ok } from '../../platform/http/envelope';
import { NotFoundError } from '../../platform/http/errors';
import { summarizeInAccessLog } from '../../platform/logger';
import type { RoutePlugin } from '../../platform/module';
import { createMemberGuard } from '../accounts/guard';
import { requireMerchantByCode } from '../site/service';
import {
  keptBodyAnswer,
  publicReadHandler,
  requestMerchant,
  type AlwaysPublicRead,
  type PublicRead,
} from '../site/public-read-lane';
import { gameIconSvg, teamBadgeSvg, vendorLogoSvg } from './art';
import { artFile, artFileName, type ArtFormat } from './art-files';
import * as games from './service';

export const GAMES_TAG = {
  name: 'games',
  description: 'Game catalogue: lists, hot games, vendors, hot matches, favourites and recents',
};

/** Our art changes only with a game's name or a vendor's colours: a day fresh, then revalidated by tag. */
const ART_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

async function sendArt(request: FastifyRequest, reply: FastifyReply, svg: string, format: ArtFormat) {
  const file = await artFile(svg, format);
  reply
    .header('etag', file.entityTag)
    .header('cache-control', ART_CACHE_CONTROL)
    .header('cross-origin-resource-policy', 'cross-origin');
  if (matchesEntityTag(request.headers['if-none-match'], file.entityTag)) return reply.code(304).send();
  return reply.type(file.contentType).send(file.body);
}

export function gamesRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  const guard = createMemberGuard(platform);
  const memberScope = async (request: FastifyRequest) => {
    const { ctx, auth } = await guard.requireMember(request);
    return { merchant: ctx.merchant, memberId: auth.member.id };
  };

  // The catalogue's public reads (site/public-read-lane.ts); the list's favourites need the member.
  const readGameList: PublicRead<TGameListQuery> = (merchant, query) =>
    games.isFavouritesList(query) ? undefined : keptBodyAnswer(games.gameListBody(db, merchant.row, query));
  const readHotGames: AlwaysPublicRead<THotGamesQuery> = (merchant, query) =>
    keptBodyAnswer(games.hotGamesBody(db, merchant.row, query));
  const readVendors: AlwaysPublicRead<unknown> = (merchant) => keptBodyAnswer(games.vendorInfoBody(db, merchant.row));
  const readGameTypes: AlwaysPublicRead<unknown> = (merchant) => keptBodyAnswer(games.gameTypesBody(db, merchant.row));
  const readHotMatches: AlwaysPublicRead<unknown> = (merchant) =>
    keptBodyAnswer(games.hotMatchesBody(db, merchant.row, platform.now()));

  return (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = { tags: [GAMES_TAG.name] } as const;

    routes.get(
      GAME_API_PATHS.games,
      {
        schema: {
          ...common,
          summary:
            'The game list (spec §7): filter by category, vendor, classification (ALL, NEW for RNG, HOT, FAV, the vendor’s own), new, minimum bet (centavos), lines and name; 26 a page',
          querystring: ZGameListQuery,
          response: { 200: success(ZGameListPage), ...FAILURE_RESPONSES },
        },
        config: { publicRead: readGameList },
      },
      async (request, reply) => {
        const merchant = await requestMerchant(platform, request);
        const answer = readGameList(merchant, request.query, request);
        if (answer) {
          const representation = await answer;
          summarizeInAccessLog(request);
          return sendRepresentation(request, reply, representation);
        }
        const scope = await memberScope(request);
        return ok(await games.favouriteGameList(db, merchant.row, scope.memberId, request.query));
      },
    );

    routes.get(
      GAME_API_PATHS.hotGames,
      {
        schema: {
          ...common,
          summary: 'Hot games (isPlatform 2), of one category or all',
          querystring: ZHotGamesQuery,
          response: { 200: success(ZHotGames), ...FAILURE_RESPONSES },
        },
        config: { publicRead: readHotGames },
      },
      publicReadHandler(platform, readHotGames),
    );

    routes.get(
      GAME_API_PATHS.vendors,
      {
        schema: {
          ...common,
          summary:
            'Vendor info: each category’s vendors in the merchant’s order, and the vendor tiles of the categories shown as tiles',
          querystring: ZLanguageQuery,
          response: { 200: success(ZVendorInfo), ...FAILURE_RESPONSES },
        },
        config: { publicRead: readVendors },
      },
      publicReadHandler(platform, readVendors),
    );

    routes.get(
      GAME_API_PATHS.gameTypes,
      {
        schema: {
          ...common,
          summary: 'The categories the merchant offers, in menu order',
          querystring: ZGameTypesQuery,
          response: { 200: success(ZGameTypes), ...FAILURE_RESPONSES },
        },
        config: { publicRead: readGameTypes },
      },
      publicReadHandler(platform, readGameTypes),
    );

    routes.get(
      GAME_API_PATHS.hotMatches,
      {
        schema: {
          ...common,
          summary: 'Upcoming hot matches, soonest first',
          querystring: ZLanguageQuery,
          response: { 200: success(ZHotMatches), ...FAILURE_RESPONSES },
        },
        config: { publicRead: readHotMatches },
      },
      publicReadHandler(platform, readHotMatches),
    );

    routes.get(
      GAME_API_PATHS.favourites,
      {
        schema: {
          ...common,
          summary: 'The member’s favourites, newest first, with every favourite id',
          querystring: ZFavouritesQuery,
          response: { 200: success(ZFavouritesPage), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await games.listFavourites(db, await memberScope(request), request.query)),
    );

    routes.post(
      GAME_API_PATHS.favourites,
      {
        schema: {
          ...common,
          summary: 'Add a favourite (adding one already there is ignored)',
          body: ZFavouriteRequest,
          response: { 200: success(ZFavouriteIds), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await games.addFavourite(db, await memberScope(request), request.body, platform.now())),
    );

    routes.delete(
      GAME_API_PATHS.favourites,
      {
        schema: {
          ...common,
          summary: 'Remove a favourite by nodeId and vendor',
          querystring: ZFavouriteRequest,
          response: { 200: success(ZFavouriteIds), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await games.removeFavourite(db, await memberScope(request), request.query)),
    );

    routes.get(
      GAME_API_PATHS.recents,
      {
        schema: {
          ...common,
          summary: 'The games the member launched, latest first, 25 a page',
          querystring: ZRecentsQuery,
          response: { 200: success(ZRecentsPage), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await games.listRecents(db, await memberScope(request), request.query)),
    );

    routes.get(
      GAME_API_PATHS.gameIcon,
      {
        schema: { ...common, summary: 'A game’s icon (our art, SVG or WebP), small or large', params: ZIconParams },
      },
      async (request, reply) => {
        const merchant = await requireMerchantByCode(db, request.params.merchantCode);
        const { name, format } = artFileName(request.params.file)!;
        const game = (await games.catalogueOf(db, merchant)).gameByCode(name.toUpperCase());
        if (!game) throw new NotFoundError('No such game');
        const subject = {
          ...game.row,
          primaryColour: game.vendor.primaryColour,
          accentColour: game.vendor.accentColour,
        };
        return sendArt(request, reply, gameIconSvg(subject, request.params.size), format);
      },
    );

    routes.get(
      GAME_API_PATHS.vendorLogo,
      {
        schema: { ...common, summary: 'A vendor’s logo (our art, SVG or WebP)', params: ZVendorLogoParams },
      },
      async (request, reply) => {
        const merchant = await requireMerchantByCode(db, request.params.merchantCode);
        const { name, format } = artFileName(request.params.file)!;
        const code = name.toUpperCase();
        const vendor = (await games.catalogueOf(db, merchant)).vendors.find((candidate) => candidate.code === code);
        if (!vendor) throw new NotFoundError('No such vendor');
        return sendArt(request, reply, vendorLogoSvg(vendor), format);
      },
    );

    routes.get(
      GAME_API_PATHS.teamBadge,
      {
        schema: {
          ...common,
          summary: 'A team’s badge (our art, SVG or WebP), by the team name’s slug',
          params: ZTeamBadgeParams,
        },
      },
      async (request, reply) => {
        const { name, format } = artFileName(request.params.file)!;
        return sendArt(request, reply, teamBadgeSvg(name), format);
      },
    );
  };
}
