import { describe, expect, it } from 'vitest';
import { MAX_MULTIPLIER, prizeGroupsDownLine, rebateAmount } from './bet-types';
import { chaseDraws, chaseDrawStake, chaseMultipliers, chaseSlots, chaseTotal } from './chase';
import { drawSlotAt } from './schedule';

describe('chasing arithmetic', () => {
  it('covers the draw on sale and the next ones, across midnight', () => {
    // 23:58:30 Philippine time: the 1-minute draw on sale is the day's 1439th.
    const first = drawSlotAt(60, 10, Date.parse('2031-03-04T15:58:30Z'));
    const slots = chaseSlots(60, 10, first, 4);
    expect(slots.map((slot) => slot.numero)).toEqual([
      '20310304-1439',
      '20310304-1440',
      '20310305-0001',
      '20310305-0002',
    ]);
    expect(slots[1]!.opensAt).toBe(slots[0]!.drawsAt);
    expect(slots[3]!.locksAt).toBe(slots[3]!.drawsAt - 10_000);
  });

  it('covers a traditional game’s next official draws', () => {
    // Swertres 3D: 2 PM, 5 PM and 9 PM Manila time; the chase starts on the 9 PM draw.
    const swertres = {
      intervalSeconds: 86_400,
      lockSeconds: 600,
      schedule: { timeZone: 'Asia/Manila', times: ['14:00', '17:00', '21:00'], weekdays: [] },
    };
    const draws = chaseDraws(swertres, Date.parse('2031-03-04T13:00:00Z'), 4);
    expect(draws.map((draw) => draw.numero)).toEqual([
      '20310304-0003',
      '20310305-0001',
      '20310305-0002',
      '20310305-0003',
    ]);
    expect(draws[1]!.drawsAt).toBe(Date.parse('2031-03-05T06:00:00Z'));
    // An electronic game: the interval slots from the first draw.
    const electronic = chaseDraws(
      { intervalSeconds: 60, lockSeconds: 10, schedule: null },
      Date.parse('2031-03-04T15:59:00Z'),
      3,
    );
    expect(electronic.map((draw) => draw.numero)).toEqual(['20310304-1439', '20310304-1440', '20310305-0001']);
  });

  it('makes multiplier progressions, capped', () => {
    expect(chaseMultipliers({ draws: 4 })).toEqual([1, 1, 1, 1]);
    expect(chaseMultipliers({ draws: 7, start: 1, factor: 2, every: 2 })).toEqual([1, 1, 2, 2, 4, 4, 8]);
    expect(chaseMultipliers({ draws: 5, start: 3, factor: 3 })).toEqual([3, 9, 27, 81, 243]);
    expect(Math.max(...chaseMultipliers({ draws: 30, factor: 2 }))).toBe(MAX_MULTIPLIER);
  });

  it('debits each draw the slip times its multiplier', () => {
    expect(chaseDrawStake(2400, 3)).toBe(7200);
    expect(chaseTotal(2400, [1, 1, 2, 2, 4])).toBe(2400 * 10);
  });
});

describe('prize groups down an agent line', () => {
  it('caps each level by the one above and the top by the game', () => {
    // member 1930 under an agent at 1950 under a top agent at 1960, game at 1950
    expect(prizeGroupsDownLine(1950, [1930, 1950, 1960])).toEqual([1930, 1950, 1950]);
    // a member asking more than its agent gets the agent's
    expect(prizeGroupsDownLine(1950, [1980, 1940])).toEqual([1940, 1940]);
    // none set: everyone at the game's group
    expect(prizeGroupsDownLine(1950, [null, null])).toEqual([1950, 1950]);
    // a level without its own group takes the one above; the one below it is still capped
    expect(prizeGroupsDownLine(1960, [1900, null, 1920])).toEqual([1900, 1920, 1920]);
    expect(prizeGroupsDownLine(1950, [])).toEqual([]);
  });

  it('pays an agent its group over the level below on the stake, rounded down', () => {
    expect(rebateAmount(10_000, 1950, 1930)).toBe(100); // ₱100 × 1 %
    expect(rebateAmount(333, 1950, 1930)).toBe(3); // 3.33 centavos
    expect(rebateAmount(10_000, 1930, 1930)).toBe(0);
    expect(rebateAmount(10_000, 1900, 1930)).toBe(0);
    expect(rebateAmount(20_000_000, 1980, 1700)).toBe(2_800_000);
  });
});
