import type { LotteryTime } from '../lib/countdown';

/** An answer with the lotteryTime pair of its request, which the countdowns start from (spec §4). */
export interface Timed<T> {
  data: T;
  lotteryTime: LotteryTime;
}

export async function timed<T>(call: () => Promise<T>): Promise<Timed<T>> {
  const sentAt = Date.now();
  const data = await call();
  return { data, lotteryTime: [sentAt, Date.now()] };
}
