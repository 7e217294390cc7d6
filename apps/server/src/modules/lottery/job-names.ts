/** The lottery's job names (the scheduler stores them on every row: renaming one orphans its pending jobs). */
export const LOTTERY_JOBS = {
  schedule: 'lottery.schedule',
  lock: 'lottery.lock',
  draw: 'lottery.draw',
  settle: 'lottery.settle',
} as const;
/** A traditional draw's jobs: its feed polled from the draw time, and the end of its result's grace period. */
export const TRADITIONAL_JOBS = { feed: 'lottery.feed', due: 'lottery.result-due' } as const;
