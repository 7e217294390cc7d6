import type { ServerModule } from '../../platform/module';
import { operatorVipRoutes, VIP_TAG, vipRoutes } from './routes';
import * as tables from './schema';
import { runVipEvaluation, seedLevels } from './service';
import { vipSettings } from './settings';

/** The VIP club (MEMCLUB3, /m/member/benefits): levels, keep periods, benefits, evaluated set-wise. */
export const vipModule: ServerModule = {
  name: 'vip',
  openApiTag: VIP_TAG,
  tables,
  routes: (app, ctx) => vipRoutes(ctx)(app),
  operatorRoutes: (app, ctx) => operatorVipRoutes(ctx)(app),
  settings: vipSettings,
  seed: (tx, merchant) => seedLevels(tx, merchant.id),
  jobs: (ctx) => [
    {
      // Counts each closed day once and raises members as soon as they qualify (vip/service.ts).
      name: 'vip.evaluate',
      handler: async () => runVipEvaluation(ctx.db, ctx.now()),
      schedule: { everyMs: 10 * 60 * 1000 },
    },
  ],
};
