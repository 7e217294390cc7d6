import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GAME_WALLET_API_PATHS } from '@palaro/contract';
import {
  success,
  ZOperatorProvider,
  ZOperatorProviderParams,
  ZOperatorProviders,
  ZOperatorProviderSecret,
  ZOperatorProvidersQuery,
  ZOperatorProviderUpdate,
  ZOperatorRound,
  ZOperatorRoundParams,
  ZOperatorTransactionParams,
} from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import { FAILURE_RESPONSES, ok, OPERATOR_ROUTE } from '../../platform/http/envelope';
import type { RoutePlugin } from '../../platform/module';
import * as gameWallet from './service';

/** The operator's view of the game providers, inside the operator plugin (its token check and audit actor). */
export function gameWalletOperatorRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = OPERATOR_ROUTE;
    const failures = FAILURE_RESPONSES;

    routes.get(
      GAME_WALLET_API_PATHS.operatorProviders,
      {
        schema: {
          ...common,
          summary:
            'The game providers connected here; with merchantCode, each vendor of its catalogue and whether its games can be launched',
          querystring: ZOperatorProvidersQuery,
          response: { 200: success(ZOperatorProviders), ...failures },
        },
      },
      async (request) => ok(await gameWallet.operatorProviders(db, request.query.merchantCode)),
    );

    routes.patch(
      GAME_WALLET_API_PATHS.operatorProvider,
      {
        schema: {
          ...common,
          summary:
            'Switch a provider on or off (off: its games cannot be launched and it takes no new sessions or bets; credits, rollbacks and reconciliation still work)',
          params: ZOperatorProviderParams,
          body: ZOperatorProviderUpdate,
          response: { 200: success(ZOperatorProvider), ...failures },
        },
      },
      async (request) =>
        ok(await gameWallet.updateProvider(db, request.params.vendorCode, request.body, request.operatorActor)),
    );

    routes.post(
      GAME_WALLET_API_PATHS.operatorProviderSecret,
      {
        schema: {
          ...common,
          summary: 'A new signing secret for the provider, answered once; the old one stops working at once',
          params: ZOperatorProviderParams,
          response: { 200: success(ZOperatorProviderSecret), ...failures },
        },
      },
      async (request) =>
        ok(await gameWallet.rotateProviderSecret(db, request.params.vendorCode, request.operatorActor, platform.now())),
    );

    routes.get(
      GAME_WALLET_API_PATHS.operatorRound,
      {
        schema: {
          ...common,
          summary: 'A provider’s round with every transaction of it',
          params: ZOperatorRoundParams,
          response: { 200: success(ZOperatorRound), ...failures },
        },
      },
      async (request) => ok(await gameWallet.operatorRound(db, request.params.vendorCode, request.params.roundId)),
    );

    routes.get(
      GAME_WALLET_API_PATHS.operatorTransaction,
      {
        schema: {
          ...common,
          summary: 'The round holding a provider’s transaction, with every transaction of it',
          params: ZOperatorTransactionParams,
          response: { 200: success(ZOperatorRound), ...failures },
        },
      },
      async (request) =>
        ok(await gameWallet.operatorTransactionRound(db, request.params.vendorCode, request.params.transactionId)),
    );
  };
}
