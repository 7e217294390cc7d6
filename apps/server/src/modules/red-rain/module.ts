import type { ServerModule } from '../../platform/module';
import { RED_RAIN_TAG, redRainOperatorRoutes, redRainRoutes } from './routes';
import * as tables from './schema';
import { splitStartedEvents } from './service';
import { redRainSettings } from './settings';

/** Red-envelope rain (GAMSER): scheduled events, the budget split at the start, grabs paid once each. */
export const redRainModule: ServerModule = {
  name: 'red-rain',
  openApiTag: RED_RAIN_TAG,
  tables,
  routes: (app, ctx) => redRainRoutes(ctx)(app),
  operatorRoutes: (app, ctx) => redRainOperatorRoutes(ctx)(app),
  settings: redRainSettings,
  jobs: (ctx) => [
    {
      // The first grab or view of a started event splits it too; this keeps it ready before anyone asks.
      name: 'redrain.split',
      handler: () => splitStartedEvents(ctx.db, ctx.now()),
      schedule: { everyMs: 15_000 },
    },
  ],
};
