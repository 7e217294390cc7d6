import type { ServerModule } from '../../platform/module';
import { operatorWithdrawalRoutes, WITHDRAWALS_TAG, withdrawalRoutes } from './routes';
import * as tables from './schema';
import { withdrawalSettings } from './settings';

/** Payout accounts and withdrawals: held in the ledger until an operator pays or rejects them. */
export const withdrawalsModule: ServerModule = {
  name: 'withdrawals',
  openApiTag: WITHDRAWALS_TAG,
  tables,
  routes: (app, ctx) => withdrawalRoutes(ctx)(app),
  operatorRoutes: (app, ctx) => operatorWithdrawalRoutes(ctx)(app),
  settings: withdrawalSettings,
};
