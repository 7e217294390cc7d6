import type { ServerModule } from '../../platform/module';
import { catalogueCaches } from './cache';
import { gamesOperatorRoutes } from './operator-routes';
import { GAMES_TAG, gamesRoutes } from './routes';
import * as tables from './schema';
import { seedDemoCatalogue } from './seed';
import { rollHotMatches } from './service';

const HOUR_MS = 3_600_000;

/** The game catalogue: vendors, games, hot matches, favourites and recents. */
export const gamesModule: ServerModule = {
  name: 'games',
  openApiTag: GAMES_TAG,
  tables,
  // Every player's lists read it: kept in memory per merchant, current across replicas.
  install: async (app, ctx) => {
    app.addHook('onClose', await catalogueCaches.start(ctx.database, ctx.log));
  },
  routes: (app, ctx) => gamesRoutes(ctx)(app),
  operatorRoutes: (app, ctx) => gamesOperatorRoutes(ctx)(app),
  seed: (tx, merchant) => seedDemoCatalogue(tx, merchant.id),
  jobs: (ctx) => [
    {
      name: 'games.hot-match-roll',
      schedule: { everyMs: HOUR_MS },
      handler: () => rollHotMatches(ctx.db, ctx.now()),
    },
  ],
};
