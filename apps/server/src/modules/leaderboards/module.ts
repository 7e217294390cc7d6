import type { ServerModule } from '../../platform/module';
import { leaderboardOperatorRoutes, leaderboardRoutes, LEADERBOARDS_TAG } from './routes';
import * as tables from './schema';
import { payEndedPeriods, refreshDueStandings } from './service';
import { leaderboardSettings } from './settings';

/**
 * Leaderboards (MISSION): operator-set periods ranking members by valid turnover or wins, the
 * ranking recomputed set-wise by a job and kept for members to read, prizes paid once at the end.
 */
export const leaderboardsModule: ServerModule = {
  name: 'leaderboards',
  openApiTag: LEADERBOARDS_TAG,
  tables,
  routes: (app, ctx) => leaderboardRoutes(ctx)(app),
  operatorRoutes: (app, ctx) => leaderboardOperatorRoutes(ctx)(app),
  settings: leaderboardSettings,
  jobs: (ctx) => [
    {
      name: 'leaderboards.refresh',
      handler: () => refreshDueStandings(ctx.db, ctx.now()),
      schedule: { everyMs: 10_000 },
    },
    {
      name: 'leaderboards.settle',
      handler: () => payEndedPeriods(ctx.db, ctx.now()),
      schedule: { everyMs: 60_000 },
    },
  ],
};
