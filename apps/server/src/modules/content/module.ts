import type { ServerModule } from '../../platform/module';
import { contentOperatorRoutes } from './operator-routes';
import { CONTENT_TAG, contentRoutes } from './routes';
import * as tables from './schema';
import { seedDemoAnnouncements } from './seed';
import { seedDemoHelpAndTerms } from './seed-pages';
import { startContentCache } from './service';

/** Announcements (banners, notices, pop-ups, hot, agent), the help centre, the user agreement, the service version. */
export const contentModule: ServerModule = {
  name: 'content',
  openApiTag: CONTENT_TAG,
  tables,
  // Every player's home reads them: kept in memory, current across replicas.
  install: async (app, ctx) => {
    app.addHook('onClose', await startContentCache(ctx.database, ctx.log));
  },
  routes: (app, ctx) => contentRoutes(ctx)(app),
  operatorRoutes: (app, ctx) => contentOperatorRoutes(ctx)(app),
  seed: async (tx, merchant) => {
    await seedDemoAnnouncements(tx, merchant.id);
    await seedDemoHelpAndTerms(tx, merchant.id);
  },
};
