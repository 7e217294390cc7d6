import { countdownRemaining, countdownStart, formatCountdown, isCountdownNear, lockRemaining } from '@palaro/contract';
import { useLotteryClock } from './clock';

/** A request's lotteryTime pair: when it left and when its answer arrived (Date.now(), ms). */
export type LotteryTime = readonly [sentAt: number, receivedAt: number];

export interface CountdownInput {
  isSale: boolean;
  /** The server's ms until the draw, as of the answer. */
  remainTime: number;
  lotteryTime: LotteryTime;
  /** Seconds before the draw that betting locks (spec §4 lottery lock). */
  lockTime?: number;
}

export interface CountdownView {
  /** Ms until the draw now, null when not on sale. */
  remaining: number | null;
  text: string;
  near: boolean;
  /** Ms until betting locks (0: locked), null when not on sale. */
  untilLock: number | null;
  locked: boolean;
  lockText: string;
}

/**
 * The countdown of spec §4 at `now`: from remainTime minus half the lotteryTime pair difference
 * (never below 0), counted from when the answer arrived. A new answer is a new input, so the count
 * restarts from it by itself.
 */
export function countdownAt(input: CountdownInput, now: number): CountdownView {
  const start = countdownStart(input.remainTime, input.lotteryTime);
  const remaining = countdownRemaining(input.isSale, start, now - input.lotteryTime[1]);
  const untilLock = remaining === null ? null : lockRemaining(remaining, input.lockTime ?? 0);
  return {
    remaining,
    text: formatCountdown(remaining),
    near: isCountdownNear(remaining),
    untilLock,
    locked: untilLock === null || untilLock <= 0,
    lockText: formatCountdown(untilLock),
  };
}

/** The countdown on the shared 500 ms clock. */
export function useCountdown(input: CountdownInput): CountdownView {
  const now = useLotteryClock();
  return countdownAt(input, Math.max(now, input.lotteryTime[1]));
}
