import type { ServerModule } from '../../platform/module';
import { fileStorageOf } from '../../platform/file-storage';
import { FEEDBACK_TAG, feedbackRoutes, operatorFeedbackRoutes } from './routes';
import * as tables from './schema';
import { removeAbandonedImages } from './service';
import { feedbackSettings } from './settings';

/** Feedback (FEEDBACK3): the member sends it with images, the operator answers it to their inbox. */
export const feedbackModule: ServerModule = {
  name: 'feedback',
  openApiTag: FEEDBACK_TAG,
  tables,
  routes: (app, ctx) => feedbackRoutes(ctx)(app),
  operatorRoutes: (app, ctx) => operatorFeedbackRoutes(ctx)(app),
  settings: feedbackSettings,
  jobs: (ctx) => [
    {
      name: 'feedback.images.clean',
      handler: async () => {
        await removeAbandonedImages(ctx.db, fileStorageOf(ctx.config), ctx.now());
      },
      schedule: { everyMs: 60 * 60 * 1000 },
    },
  ],
};
