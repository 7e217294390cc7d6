import type { ServerModule } from '../../platform/module';
import { inboxOperatorRoutes } from './operator-routes';
import { INBOX_TAG, inboxRoutes } from './routes';
import * as tables from './schema';
import { startUnreadCounts } from './service';

/**
 * The member's inbox: system messages written by the other modules through `notifyMember` in the
 * transaction of the change (a deposit credited, a withdrawal paid…), the operator's messages to
 * one member or many (a broadcast is one row), read and deleted state per member, and the unread
 * count kept in memory and pushed on the wallet's event stream.
 */
export const inboxModule: ServerModule = {
  name: 'inbox',
  openApiTag: INBOX_TAG,
  tables,
  install: async (app, ctx) => {
    app.addHook('onClose', await startUnreadCounts(ctx.database, ctx.log, () => ctx.now().getTime()));
  },
  routes: (app, ctx) => inboxRoutes(ctx)(app),
  operatorRoutes: (app, ctx) => inboxOperatorRoutes(ctx)(app),
};
