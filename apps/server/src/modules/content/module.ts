import type { ServerModule } from '../../platform/module';
import { CONTENT_TAG, contentRoutes } from './routes';
import * as tables from './schema';
import { seedDemoAnnouncements } from './seed';

/** Announcements: banners, notices, pop-ups. */
export const contentModule: ServerModule = {
  name: 'content',
  openApiTag: CONTENT_TAG,
  tables,
  routes: (app, ctx) => contentRoutes(ctx)(app),
  seed: (tx, merchant) => seedDemoAnnouncements(tx, merchant.id),
};
