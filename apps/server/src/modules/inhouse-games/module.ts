import type { Server } from 'node:http';
import { INHOUSE_VENDOR_CODE } from '@palaro/contract';
import type { PlatformContext } from '../../platform/context';
import type { Queryable } from '../../platform/db/database';
import type { ServerModule } from '../../platform/module';
import { INHOUSE_GAMES_TAG, inhouseGamesRoutes } from './routes';
import * as tables from './schema';
import type { InhouseDeps } from './deps';
import { purgeExpiredSessions } from './sessions';
import { settlePendingRounds } from './settlement';
import { createWalletClient, ownAddress, WalletUnavailable } from './wallet-client';

const SETTLEMENT_EVERY_MS = 30_000;
const HOUR_MS = 3_600_000;

export interface InhouseGamesOptions {
  /** The secret the wallet knows our provider code (PLR) by; undefined while the provider is not connected. */
  providerSecret: (q: Queryable, vendorCode: string) => Promise<string | undefined>;
}

/**
 * Palaro's own game server, a game provider inside the platform: its routes serve the player's
 * browser, and its money calls go to the seamless wallet over HTTP — to INHOUSE_WALLET_URL, or by
 * default to this server's own listening address — signed with the PLR secret, like any provider's.
 */
export function createInhouseGamesModule(options: InhouseGamesOptions): ServerModule {
  // The HTTP server each app listens with, known once its routes are registered; its jobs use it
  // too. Kept per app (by its platform context): the module object is shared by every app made in
  // one process, and a second app's server must not become the first one's wallet address.
  const servers = new WeakMap<PlatformContext, Server>();

  const depsFor = (ctx: PlatformContext): InhouseDeps => ({
    db: ctx.db,
    now: ctx.now,
    wallet: createWalletClient({
      baseUrl: () => {
        if (ctx.config.inhouseWalletUrl) return ctx.config.inhouseWalletUrl;
        const server = servers.get(ctx);
        if (!server) throw new WalletUnavailable('The server is not listening yet');
        return ownAddress(server);
      },
      secret: async () => {
        const secret = await options.providerSecret(ctx.db, INHOUSE_VENDOR_CODE);
        if (!secret)
          throw new WalletUnavailable(
            `The provider ${INHOUSE_VENDOR_CODE} is not connected (or switched off) in the game wallet`,
          );
        return secret;
      },
      now: ctx.now,
    }),
  });

  return {
    name: 'inhouse-games',
    openApiTag: INHOUSE_GAMES_TAG,
    tables,
    routes: (app, ctx) => {
      servers.set(ctx, app.server);
      return inhouseGamesRoutes(depsFor(ctx))(app);
    },
    jobs: (ctx) => [
      {
        name: 'inhouse-games.settle',
        schedule: { everyMs: SETTLEMENT_EVERY_MS },
        handler: () => settlePendingRounds(depsFor(ctx)),
      },
      {
        name: 'inhouse-games.purge-sessions',
        schedule: { everyMs: HOUR_MS },
        handler: () => purgeExpiredSessions(depsFor(ctx)),
      },
    ],
  };
}
