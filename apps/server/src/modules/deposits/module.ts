import type { PlatformContext } from '../../platform/context';
import type { ServerModule } from '../../platform/module';
import { gatewayRegistry, type GatewayRegistry } from './gateway';
import { DEPOSITS_TAG, depositOperatorRoutes, depositRoutes } from './routes';
import { sandboxGateway, sandboxGatewayRoutes } from './sandbox-gateway';
import * as tables from './schema';
import { seedDemoPaymentChannels } from './seed';
import { depositSettings } from './settings';
import { expireDueOrders } from './service';

/** How often pending online orders past their time are expired (reads expire them too, so this only tidies up). */
export const EXPIRY_SWEEP_MS = 60_000;

/** The gateways this server runs: the sandbox only where PAYMENT_SANDBOX allows it. */
function gatewaysOf(ctx: PlatformContext): GatewayRegistry {
  return gatewayRegistry(ctx.config.paymentSandbox ? [sandboxGateway] : []);
}

/** Payment channels, deposit orders, gateway adapters and their callbacks, the sandbox gateway. */
export const depositsModule: ServerModule = {
  name: 'deposits',
  openApiTag: DEPOSITS_TAG,
  tables,
  routes: async (app, ctx) => {
    await app.register(depositRoutes(ctx, gatewaysOf(ctx)));
    if (ctx.config.paymentSandbox) await app.register(sandboxGatewayRoutes(ctx));
  },
  operatorRoutes: (app, ctx) => depositOperatorRoutes(ctx, gatewaysOf(ctx))(app),
  seed: (tx, merchant) => seedDemoPaymentChannels(tx, merchant.id),
  settings: depositSettings,
  jobs: (ctx) => [
    {
      name: 'deposits.expiry-sweep',
      schedule: { everyMs: EXPIRY_SWEEP_MS },
      handler: () => expireDueOrders(ctx.db, ctx.now()),
    },
  ],
};
