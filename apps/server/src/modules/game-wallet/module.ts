import type { ServerModule } from '../../platform/module';
import { gameWalletOperatorRoutes } from './operator-routes';
import { GAME_WALLET_TAG, gameWalletRoutes, providerRoutes } from './routes';
import * as tables from './schema';
import { purgeExpired, seedInhouseProvider } from './service';

const HOUR_MS = 3_600_000;

/**
 * The seamless wallet for game providers: the provider registry, game launch, the signed provider
 * API moving players' money through the ledger, and the betting records (docs/GAME-PROVIDERS.md).
 */
export const gameWalletModule: ServerModule = {
  name: 'game-wallet',
  openApiTag: GAME_WALLET_TAG,
  tables,
  routes: async (app, ctx) => {
    await app.register(async (players) => gameWalletRoutes(ctx)(players));
    // Its own scope: its JSON parser keeps the signed bytes and checks the signature first.
    await app.register(async (providers) => providerRoutes(ctx)(providers));
  },
  operatorRoutes: (app, ctx) => gameWalletOperatorRoutes(ctx)(app),
  seed: (tx) => seedInhouseProvider(tx),
  jobs: (ctx) => [
    {
      name: 'game-wallet.purge',
      schedule: { everyMs: HOUR_MS },
      handler: async () => {
        await purgeExpired(ctx.db, ctx.now());
      },
    },
  ],
};
