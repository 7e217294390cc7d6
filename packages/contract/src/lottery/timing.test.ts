import { describe, expect, it } from 'vitest';
import { drawSlotAt, drawSlotOf, intervalDividesDay, nextDrawSlot } from './schedule';
import {
  COUNTDOWN_CLOSED,
  countdownRemaining,
  countdownStart,
  formatCountdown,
  formatJackpot,
  isCountdownNear,
  jackpotStart,
  jackpotStep,
  JACKPOT_DEFAULT,
  lockRemaining,
  menuRefreshDelay,
} from './timing';

describe('§4 lottery countdown and lock', () => {
  it('starts from remainTime minus half the lotteryTime pair difference, never below 0', () => {
    expect(countdownStart(65_000, [1000, 1400])).toBe(64_800);
    expect(countdownStart(100, [0, 400])).toBe(0);
  });
  it('shows h:mm:ss, --:--:-- when not on sale or at zero and below, near under 6 s', () => {
    expect(countdownRemaining(false, 60_000, 0)).toBeNull();
    expect(formatCountdown(countdownRemaining(false, 60_000, 0))).toBe(COUNTDOWN_CLOSED);
    expect(formatCountdown(countdownRemaining(true, 3_725_900, 500))).toBe('1:02:05');
    expect(formatCountdown(59_999)).toBe('0:59');
    expect(formatCountdown(754_000)).toBe('12:34');
    expect(formatCountdown(3_599_999)).toBe('59:59');
    expect(formatCountdown(3_600_000)).toBe('1:00:00');
    expect(formatCountdown(0)).toBe(COUNTDOWN_CLOSED);
    expect(formatCountdown(-500)).toBe(COUNTDOWN_CLOSED);
    expect(isCountdownNear(5999)).toBe(true);
    expect(isCountdownNear(6000)).toBe(false);
    expect(isCountdownNear(0)).toBe(false);
  });
  it('lock: remaining minus lockTime × 1000, not below 0', () => {
    expect(lockRemaining(45_000, 10)).toBe(35_000);
    expect(lockRemaining(5_000, 10)).toBe(0);
  });
});

describe('§4 jackpot counter', () => {
  it('starts between min and max (default 25839768.89 without a range) and adds 100–500 every 3, 4 or 5 s', () => {
    expect(jackpotStart(null, () => 0.5)).toBe(JACKPOT_DEFAULT);
    expect(jackpotStart({ min: 1000, max: 2000 }, () => 0.25)).toBe(1250);
    expect(jackpotStep(1000, () => 0)).toEqual({ value: 1100, nextInMs: 3000 });
    expect(jackpotStep(1000, () => 0.999_999)).toEqual({ value: 1500, nextInMs: 5000 });
    expect(jackpotStep(1000, () => 0.5).nextInMs).toBe(4000);
    expect(formatJackpot(JACKPOT_DEFAULT, '₱')).toBe('₱25,839,768.89');
  });
});

describe('§4 menu refresh timer', () => {
  it('7 s when the smallest open remaining time is 0 or less, else that time at most 30 s', () => {
    expect(
      menuRefreshDelay([
        { isSale: true, remainTime: 12_000 },
        { isSale: true, remainTime: 50_000 },
      ]),
    ).toBe(12_000);
    expect(menuRefreshDelay([{ isSale: true, remainTime: 0 }])).toBe(7000);
    expect(menuRefreshDelay([{ isSale: true, remainTime: 90_000 }])).toBe(30_000);
    expect(
      menuRefreshDelay([
        { isSale: false, remainTime: 1000 },
        { isSale: true, remainTime: 45_000 },
      ]),
    ).toBe(30_000);
    expect(menuRefreshDelay([])).toBe(30_000);
  });
});

describe('draw schedule (Philippine day, UTC+8)', () => {
  it('numbers draws per local day and locks lockTime before the draw', () => {
    // 2026-11-26 00:00:30 in Manila = 2026-11-25T16:00:30Z: the first 1-minute draw of the 26th is at 00:01.
    const slot = drawSlotAt(60, 10, Date.parse('2026-11-25T16:00:30Z'));
    expect(slot).toEqual({
      numero: '20261126-0001',
      opensAt: Date.parse('2026-11-25T16:00:00Z'),
      locksAt: Date.parse('2026-11-25T16:00:50Z'),
      drawsAt: Date.parse('2026-11-25T16:01:00Z'),
    });
    // The draw at midnight closes the day before: the 1,440th.
    expect(drawSlotAt(60, 10, Date.parse('2026-11-25T15:59:59Z')).numero).toBe('20261125-1440');
    expect(nextDrawSlot(60, 10, drawSlotAt(60, 10, Date.parse('2026-11-25T15:59:59Z'))).numero).toBe('20261126-0001');
    expect(drawSlotAt(300, 30, Date.parse('2026-11-26T07:12:00Z')).numero).toBe('20261126-0183'); // 15:12 local: the next 5-minute draw is 15:15, the 915 / 5 = 183rd
    expect(drawSlotOf(180, 20, Date.parse('2026-11-26T07:15:00Z')).numero).toBe('20261126-0305'); // 15:15 local = 915 min / 3
    expect(intervalDividesDay(60) && intervalDividesDay(180) && intervalDividesDay(300)).toBe(true);
    expect(intervalDividesDay(7)).toBe(false);
  });
});
