import type { PlatformContext } from '../../platform/context';
import type { ServerModule } from '../../platform/module';
import { seedLotteryGames } from './catalogue';
import { drawDraw, lockDraw, LOTTERY_JOBS, scheduleDraws, SCHEDULE_EVERY_MS, type LotteryDeps } from './draws';
import { lotteryOperatorRoutes } from './operator-routes';
import { TRADITIONAL_JOBS } from './job-names';
import { pollFeed, resultDue } from './results';
import { LOTTERY_TAG, lotteryRoutes } from './routes';
import * as tables from './schema';
import { settleDraw } from './settlement';

const depsOf = (ctx: PlatformContext): LotteryDeps => ({ db: ctx.db, now: ctx.now, jobs: ctx.jobs, log: ctx.log });

/**
 * The lottery: electronic and traditional games, draws on the job scheduler, official results (operators or
 * a feed), bets and settlement on the ledger, the operator's draw control (docs/LOTTERY.md).
 */
export const lotteryModule: ServerModule = {
  name: 'lottery',
  openApiTag: LOTTERY_TAG,
  tables,
  routes: (app, ctx) => lotteryRoutes(ctx)(app),
  operatorRoutes: (app, ctx) => lotteryOperatorRoutes(ctx)(app),
  seed: (tx, merchant) => seedLotteryGames(tx, merchant.id),
  jobs: (ctx) => [
    {
      name: LOTTERY_JOBS.schedule,
      schedule: { everyMs: SCHEDULE_EVERY_MS },
      handler: () => scheduleDraws(depsOf(ctx)),
    },
    { name: LOTTERY_JOBS.lock, handler: (payload: { drawId: number }) => lockDraw(depsOf(ctx), payload.drawId) },
    { name: LOTTERY_JOBS.draw, handler: (payload: { drawId: number }) => drawDraw(depsOf(ctx), payload.drawId) },
    {
      name: LOTTERY_JOBS.settle,
      handler: (payload: { drawId: number }, { signal }) => settleDraw(depsOf(ctx), payload.drawId, { signal }),
      retry: { maxAttempts: 20, backoffMs: 5000, maxBackoffMs: 300_000 },
    },
    {
      name: TRADITIONAL_JOBS.feed,
      handler: (payload: { drawId: number; poll: number }) => pollFeed(depsOf(ctx), payload.drawId, payload.poll),
    },
    { name: TRADITIONAL_JOBS.due, handler: (payload: { drawId: number }) => resultDue(depsOf(ctx), payload.drawId) },
  ],
};
