import type { PlatformContext } from '../../platform/context';
import type { ServerModule } from '../../platform/module';
import { seedLotteryGames } from './catalogue';
import { drawDraw, lockDraw, LOTTERY_JOBS, scheduleDraws, SCHEDULE_EVERY_MS, type LotteryDeps } from './draws';
import { LOTTERY_TAG, lotteryRoutes } from './routes';
import * as tables from './schema';
import { settleDraw } from './settlement';

const depsOf = (ctx: PlatformContext): LotteryDeps => ({ db: ctx.db, now: ctx.now, jobs: ctx.jobs, log: ctx.log });

/** The electronic lottery: games, draws on the job scheduler, bets and settlement on the ledger (docs/LOTTERY.md). */
export const lotteryModule: ServerModule = {
  name: 'lottery',
  openApiTag: LOTTERY_TAG,
  tables,
  routes: (app, ctx) => lotteryRoutes(ctx)(app),
  seed: (tx, merchant) => seedLotteryGames(tx, merchant.id),
  jobs: (ctx) => [
    { name: LOTTERY_JOBS.schedule, schedule: { everyMs: SCHEDULE_EVERY_MS }, handler: () => scheduleDraws(depsOf(ctx)) },
    { name: LOTTERY_JOBS.lock, handler: (payload: { drawId: number }) => lockDraw(depsOf(ctx), payload.drawId) },
    { name: LOTTERY_JOBS.draw, handler: (payload: { drawId: number }) => drawDraw(depsOf(ctx), payload.drawId) },
    {
      name: LOTTERY_JOBS.settle,
      handler: (payload: { drawId: number }, { signal }) => settleDraw(depsOf(ctx), payload.drawId, { signal }),
      retry: { maxAttempts: 20, backoffMs: 5000, maxBackoffMs: 300_000 },
    },
  ],
};
