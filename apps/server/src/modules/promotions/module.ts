import type { ServerModule } from '../../platform/module';
import { fileStorageOf } from '../../platform/file-storage';
import { operatorPromotionRoutes, PROMOTIONS_TAG, promotionRoutes } from './routes';
import * as tables from './schema';
import { seedDemoPromotions } from './seed';
import { removeAbandonedImages, runAutomaticPromotions } from './service';

/** Promotions (/m/activity, /m/activityInfo) and the reward centre (/m/rewardCenter, REWCEN3). */
export const promotionsModule: ServerModule = {
  name: 'promotions',
  openApiTag: PROMOTIONS_TAG,
  tables,
  routes: (app, ctx) => promotionRoutes(ctx)(app),
  operatorRoutes: (app, ctx) => operatorPromotionRoutes(ctx)(app),
  seed: async (tx, merchant) => {
    await seedDemoPromotions(tx, merchant.id);
  },
  jobs: (ctx) => [
    {
      name: 'promotions.auto',
      handler: async () => {
        await runAutomaticPromotions(ctx.db, ctx.now());
      },
      schedule: { everyMs: 5 * 60 * 1000 },
    },
    {
      name: 'promotions.images.clean',
      handler: async () => {
        await removeAbandonedImages(ctx.db, fileStorageOf(ctx.config), ctx.now());
      },
      schedule: { everyMs: 60 * 60 * 1000 },
    },
  ],
};
