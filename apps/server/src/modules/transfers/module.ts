import type { ServerModule } from '../../platform/module';
import { TRANSFERS_TAG, transferRoutes } from './routes';
import { transferSettings } from './settings';

/** Transfer to the upline: one ledger entry between two wallets; it owns no table of its own. */
export const transfersModule: ServerModule = {
  name: 'transfers',
  openApiTag: TRANSFERS_TAG,
  routes: (app, ctx) => transferRoutes(ctx)(app),
  settings: transferSettings,
};
