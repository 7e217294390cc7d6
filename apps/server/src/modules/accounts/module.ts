import type { ServerModule } from '../../platform/module';
import { ACCOUNTS_TAG, accountsRoutes } from './routes';
import * as tables from './schema';
import { seedDemoAgent } from './seed';
import { startSessionCache } from './session-cache';
import type { TrialFunding } from './trial';

export interface AccountsModuleOptions {
  /** Gives a new trial account its play money (the wallet's `grantTrialMoney`). */
  fundTrial: TrialFunding;
}

/** Members, sessions, codes, sign-in and the security centre; the member guard every area uses. */
export function createAccountsModule(options: AccountsModuleOptions): ServerModule {
  return {
    name: 'accounts',
    openApiTag: ACCOUNTS_TAG,
    tables,
    install: async (app, ctx) => {
      // Signed-in requests find their session in memory, dropped on every replica when it ends.
      app.addHook('onClose', await startSessionCache(ctx.database, ctx.log));
    },
    routes: (app, ctx) => accountsRoutes(ctx, options.fundTrial)(app),
    seed: (tx, merchant) => seedDemoAgent(tx, merchant.id),
  };
}
