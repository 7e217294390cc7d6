import type { ServerModule } from '../../platform/module';
import { operatorRebateRoutes, REBATES_TAG, rebateRoutes } from './routes';
import * as tables from './schema';
import { runDailyRebates, seedRates } from './service';
import { rebateSettings } from './settings';

/** Rebates (MANPLAYREB3, PLYRBT): a daily rebate on valid turnover, per VIP level and category. */
export const rebatesModule: ServerModule = {
  name: 'rebates',
  openApiTag: REBATES_TAG,
  tables,
  routes: (app, ctx) => rebateRoutes(ctx)(app),
  operatorRoutes: (app, ctx) => operatorRebateRoutes(ctx)(app),
  settings: rebateSettings,
  seed: (tx, merchant) => seedRates(tx, merchant.id),
  jobs: (ctx) => [
    {
      // Closes each merchant's past days set-wise (rebates/service.ts closeDay); cheap when none is due.
      name: 'rebates.daily',
      handler: async () => runDailyRebates(ctx.db, ctx.now()),
      schedule: { everyMs: 10 * 60 * 1000 },
    },
  ],
};
