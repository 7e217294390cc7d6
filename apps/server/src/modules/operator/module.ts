import type { ServerModule } from '../../platform/module';
import { merchantOperatorRoutes, OPERATOR_TAG } from './routes';
import * as tables from './schema';
import { endLapsedMaintenance } from './service';

/**
 * How often a maintenance past its end is written down as over. Readers already treat it as over
 * the moment it ends; the sweep only brings the stored row (and the audit log) in line.
 */
const MAINTENANCE_SWEEP_MS = 60_000;

/**
 * The operator API's credentials and its merchant switches (maintenance, flags, region). The app
 * wraps every module's `operatorRoutes` in this module's bearer-token scope (`operatorApi`).
 */
export const operatorModule: ServerModule = {
  name: 'operator',
  openApiTag: OPERATOR_TAG,
  tables,
  operatorRoutes: (app, ctx) => merchantOperatorRoutes(ctx)(app),
  jobs: (ctx) => [
    {
      name: 'operator.maintenance-end',
      schedule: { everyMs: MAINTENANCE_SWEEP_MS },
      handler: () => endLapsedMaintenance(ctx.db, ctx.now()),
    },
  ],
};
