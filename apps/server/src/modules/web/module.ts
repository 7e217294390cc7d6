import type { ServerModule } from '../../platform/module';
import { healthRoutes, SYSTEM_TAG } from './health';
import { webRoutes } from './routes';

/** Health checks, the built mobile site (SPA fallback) and /media. */
export const webModule: ServerModule = {
  name: 'web',
  openApiTag: SYSTEM_TAG,
  routes: async (app, ctx) => {
    await app.register(healthRoutes(ctx));
    await app.register(webRoutes(ctx));
  },
};
