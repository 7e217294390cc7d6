import type { ServerModule } from '../../platform/module';
import { PROFILE_TAG, profileRoutes } from './routes';
import * as tables from './schema';

/** The member's head icon (PROFPIC3): one of our avatars or an uploaded picture. */
export const profileModule: ServerModule = {
  name: 'profile',
  openApiTag: PROFILE_TAG,
  tables,
  routes: (app, ctx) => profileRoutes(ctx)(app),
};
