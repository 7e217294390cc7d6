/**
 * The lottery arithmetic of spec §4, as pure functions the web app's widgets run on a clock and the
 * tests check by hand: the draw countdown, the lock, the jackpot counter and the menu refresh timer.
 */
import { clockText } from '../shared/clock';

export const COUNTDOWN_TICK_MS = 500;
/** Under this many milliseconds left the countdown is flagged as near. */
export const COUNTDOWN_NEAR_MS = 6000;
export const COUNTDOWN_CLOSED = '--:--:--';

/**
 * Where a countdown starts: the server's remainTime minus half the round trip that brought it (the
 * lotteryTime pair: when the request left and when the answer arrived, ms), never below 0.
 */
export function countdownStart(
  remainTimeMs: number,
  lotteryTime: readonly [sentAt: number, receivedAt: number],
): number {
  return Math.max(0, remainTimeMs - (lotteryTime[1] - lotteryTime[0]) / 2);
}

/** Milliseconds left `elapsedMs` after the countdown started from `startMs`; null when not on sale. */
export function countdownRemaining(isSale: boolean, startMs: number, elapsedMs: number): number | null {
  if (!isSale) return null;
  return startMs - elapsedMs;
}

/**
 * The draw countdown as a clock (clockText: a 1-minute game reads 0:42, not 0:00:42), or --:--:--
 * when not on sale or at zero and below.
 */
export function formatCountdown(remainingMs: number | null): string {
  if (remainingMs === null || remainingMs <= 0) return COUNTDOWN_CLOSED;
  return clockText(Math.floor(remainingMs / 1000));
}

export function isCountdownNear(remainingMs: number | null): boolean {
  return remainingMs !== null && remainingMs > 0 && remainingMs < COUNTDOWN_NEAR_MS;
}

/** Milliseconds until betting locks: remaining time minus lockTime × 1000, not below 0. */
export function lockRemaining(remainingMs: number, lockTimeSeconds: number): number {
  return Math.max(0, remainingMs - lockTimeSeconds * 1000);
}

export const JACKPOT_DEFAULT = 25_839_768.89;
export const JACKPOT_STEP_MIN = 100;
export const JACKPOT_STEP_MAX = 500;
export const JACKPOT_INTERVALS_MS = [3000, 4000, 5000] as const;

/** `random` is a uniform number in [0, 1) (Math.random in the browser, fixed in tests). */
export type UnitRandom = () => number;

/** The counter's first value: uniform between min and max (the default when no range is set), 2 decimals. */
export function jackpotStart(range: { min: number; max: number } | null, random: UnitRandom): number {
  if (!range || range.max < range.min) return JACKPOT_DEFAULT;
  return Math.round((range.min + random() * (range.max - range.min)) * 100) / 100;
}

/** One step: add 100–500 (inclusive), and wait 3, 4 or 5 s before the next. */
export function jackpotStep(value: number, random: UnitRandom): { value: number; nextInMs: number } {
  const add = JACKPOT_STEP_MIN + Math.floor(random() * (JACKPOT_STEP_MAX - JACKPOT_STEP_MIN + 1));
  const nextInMs = JACKPOT_INTERVALS_MS[Math.floor(random() * JACKPOT_INTERVALS_MS.length)]!;
  return { value: Math.round((value + add) * 100) / 100, nextInMs };
}

/** The counter as shown: currency symbol, grouped thousands, 2 decimals. */
export function formatJackpot(value: number, currencySymbol: string): string {
  return `${currencySymbol}${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export const MENU_REFRESH_SOON_MS = 7000;
export const MENU_REFRESH_MAX_MS = 30_000;

/**
 * When the lottery menu reloads: from the smallest remaining time among open draws, 7 s if that is
 * 0 or less, else that time but at most 30 s (30 s when no draw is open).
 */
export function menuRefreshDelay(items: readonly { isSale: boolean; remainTime: number }[]): number {
  const open = items.filter((item) => item.isSale).map((item) => item.remainTime);
  if (open.length === 0) return MENU_REFRESH_MAX_MS;
  const smallest = Math.min(...open);
  return smallest <= 0 ? MENU_REFRESH_SOON_MS : Math.min(smallest, MENU_REFRESH_MAX_MS);
}
