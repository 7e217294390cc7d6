import type { ServerModule } from '../../platform/module';
import { PublicReadLane } from './public-read-lane';
import { installPlayerAccessGate, SITE_TAG, siteRoutes } from './routes';
import * as tables from './schema';
import { startMerchantCache } from './service';

/**
 * Merchants, their domains and settings, start-up mode. The seed's first step (the demo merchant)
 * is the seed runner's own: every other module's seed is given that merchant.
 */
export const siteModule: ServerModule = {
  name: 'site',
  openApiTag: SITE_TAG,
  tables,
  install: async (app, ctx) => {
    // Merchants and domains are read from memory by every request (the gate first).
    app.addHook('onClose', await startMerchantCache(ctx.database, ctx.log));
    installPlayerAccessGate(app, ctx, new PublicReadLane(ctx));
  },
  routes: (app, ctx) => siteRoutes(ctx)(app),
};
