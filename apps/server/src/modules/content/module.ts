import type { ServerModule } from '../../platform/module';
import { CONTENT_TAG, contentRoutes } from './routes';
import * as tables from './schema';
import { seedDemoAnnouncements } from './seed';
import { startContentCache } from './service';

/** Announcements: banners, notices, pop-ups. */
export const contentModule: ServerModule = {
  name: 'content',
  openApiTag: CONTENT_TAG,
  tables,
  // Every player's home reads them: kept in memory, current across replicas.
  install: async (app, ctx) => {
    app.addHook('onClose', await startContentCache(ctx.database, ctx.log));
  },
  routes: (app, ctx) => contentRoutes(ctx)(app),
  seed: (tx, merchant) => seedDemoAnnouncements(tx, merchant.id),
};
