import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GAME_API_PATHS } from '@palaro/contract';
import {
  success,
  ZGameSettings,
  ZGameSettingsUpdate,
  ZGameUpdate,
  ZHotMatchCreate,
  ZHotMatchUpdate,
  ZMerchantParams,
  ZOperatorGame,
  ZOperatorGameParams,
  ZOperatorGames,
  ZOperatorGamesQuery,
  ZOperatorHotMatch,
  ZOperatorHotMatches,
  ZOperatorHotMatchParams,
  ZOperatorVendor,
  ZOperatorVendorParams,
  ZOperatorVendors,
  ZVendorUpdate,
} from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import { FAILURE_RESPONSES, ok, OPERATOR_ROUTE } from '../../platform/http/envelope';
import type { RoutePlugin } from '../../platform/module';
import * as games from './service';

/**
 * The operator's catalogue controls, inside the operator plugin (its token check and audit actor).
 * Players see a change on their next load: it is announced to every replica's catalogue cache.
 */
export function gamesOperatorRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = OPERATOR_ROUTE;
    const failures = FAILURE_RESPONSES;

    routes.get(
      GAME_API_PATHS.operatorVendors,
      {
        schema: {
          ...common,
          summary: 'The merchant’s game vendors in its order, enabled or not',
          params: ZMerchantParams,
          response: { 200: success(ZOperatorVendors), ...failures },
        },
      },
      async (request) => ok(await games.operatorVendors(db, request.params.merchantCode)),
    );

    routes.patch(
      GAME_API_PATHS.operatorVendor,
      {
        schema: {
          ...common,
          summary: 'Enable or disable a vendor, mark it hot or new, move it, set its minimum-bet floor (centavos)',
          params: ZOperatorVendorParams,
          body: ZVendorUpdate,
          response: { 200: success(ZOperatorVendor), ...failures },
        },
      },
      async (request) =>
        ok(
          await games.updateVendor(
            db,
            request.params.merchantCode,
            request.params.vendorCode,
            request.body,
            request.operatorActor,
          ),
        ),
    );

    routes.get(
      GAME_API_PATHS.operatorGames,
      {
        schema: {
          ...common,
          summary: 'The merchant’s games, 50 a page, by vendor, category or the start of the name',
          params: ZMerchantParams,
          querystring: ZOperatorGamesQuery,
          response: { 200: success(ZOperatorGames), ...failures },
        },
      },
      async (request) => ok(await games.operatorGames(db, request.params.merchantCode, request.query)),
    );

    routes.patch(
      GAME_API_PATHS.operatorGame,
      {
        schema: {
          ...common,
          summary: 'Enable or disable a game, mark it hot or new, move it, set its minimum bet (centavos)',
          params: ZOperatorGameParams,
          body: ZGameUpdate,
          response: { 200: success(ZOperatorGame), ...failures },
        },
      },
      async (request) =>
        ok(
          await games.updateGame(
            db,
            request.params.merchantCode,
            request.params.gameCode,
            request.body,
            request.operatorActor,
          ),
        ),
    );

    routes.get(
      GAME_API_PATHS.operatorGameSettings,
      {
        schema: {
          ...common,
          summary: 'The catalogue’s switches (cockfight)',
          params: ZMerchantParams,
          response: { 200: success(ZGameSettings), ...failures },
        },
      },
      async (request) => ok(await games.gameSettings(db, request.params.merchantCode)),
    );

    routes.patch(
      GAME_API_PATHS.operatorGameSettings,
      {
        schema: {
          ...common,
          summary: 'Switch cockfight on where the merchant’s jurisdiction allows it, or off',
          params: ZMerchantParams,
          body: ZGameSettingsUpdate,
          response: { 200: success(ZGameSettings), ...failures },
        },
      },
      async (request) =>
        ok(await games.updateGameSettings(db, request.params.merchantCode, request.body, request.operatorActor)),
    );

    routes.get(
      GAME_API_PATHS.operatorHotMatches,
      {
        schema: {
          ...common,
          summary: 'Every hot match, past or upcoming, shown or not',
          params: ZMerchantParams,
          response: { 200: success(ZOperatorHotMatches), ...failures },
        },
      },
      async (request) => ok(await games.operatorHotMatches(db, request.params.merchantCode)),
    );

    routes.post(
      GAME_API_PATHS.operatorHotMatches,
      {
        schema: {
          ...common,
          summary: 'Add a hot match launching a sports or e-sports game',
          params: ZMerchantParams,
          body: ZHotMatchCreate,
          response: { 200: success(ZOperatorHotMatch), ...failures },
        },
      },
      async (request) =>
        ok(await games.createHotMatch(db, request.params.merchantCode, request.body, request.operatorActor)),
    );

    routes.patch(
      GAME_API_PATHS.operatorHotMatch,
      {
        schema: {
          ...common,
          summary: 'Change a hot match, hide it (active false) or show it again',
          params: ZOperatorHotMatchParams,
          body: ZHotMatchUpdate,
          response: { 200: success(ZOperatorHotMatch), ...failures },
        },
      },
      async (request) =>
        ok(
          await games.updateHotMatch(
            db,
            request.params.merchantCode,
            request.params.id,
            request.body,
            request.operatorActor,
          ),
        ),
    );
  };
}
