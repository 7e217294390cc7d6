import type { ServerModule } from '../../platform/module';
import { purgeExpiredIdempotencyKeys } from './idempotency';
import type { WithdrawalFigures } from './store/withdrawal-figures';
import { WALLET_TAG, walletRoutes } from './routes';
import * as tables from './schema';
import { walletSettings } from './settings';
import { turnoverOperatorRoutes } from './turnover-operator-routes';

/** Old idempotency keys are forgotten hourly. */
const IDEMPOTENCY_PURGE_MS = 60 * 60_000;

export interface WalletModuleOptions {
  /** The pending and paid withdrawals the balance and profit and loss show (the withdrawals module's). */
  withdrawals: WithdrawalFigures;
}

/**
 * The ledger and every balance, the live balance push, account records, profit and loss, turnover,
 * the idempotency of money calls and the wallet rules.
 */
export function createWalletModule(options: WalletModuleOptions): ServerModule {
  return {
    name: 'wallet',
    openApiTag: WALLET_TAG,
    tables,
    routes: (app, ctx) => walletRoutes(ctx, options.withdrawals)(app),
    operatorRoutes: (app, ctx) => turnoverOperatorRoutes(ctx)(app),
    settings: walletSettings,
    jobs: (ctx) => [
      {
        name: 'wallet.idempotency-key-purge',
        schedule: { everyMs: IDEMPOTENCY_PURGE_MS },
        handler: () => purgeExpiredIdempotencyKeys(ctx.db, ctx.now()),
      },
    ],
  };
}
