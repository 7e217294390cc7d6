import { describe, expect, it } from 'vitest';
import { bigSmallOf, drawStreaks, oddEvenOf, positionCount, positionValues, sideRuns, streakRange } from './streaks';

describe('streak statistics', () => {
  it('counts the current run from the newest result and the longest run of each side', () => {
    // newest first: B B S S S B → current big ×2, longest big 2, small 3.
    expect(sideRuns(['big', 'big', 'small', 'small', 'small', 'big'], ['big', 'small'])).toEqual({
      current: { side: 'big', length: 2 },
      longest: { big: 2, small: 3 },
    });
    expect(sideRuns(['odd'], ['odd', 'even'])).toEqual({
      current: { side: 'odd', length: 1 },
      longest: { odd: 1, even: 0 },
    });
  });
  it('has no current run without results or when the newest value is a middle value, which also breaks runs', () => {
    expect(sideRuns([], ['big', 'small'])).toEqual({ current: null, longest: { big: 0, small: 0 } });
    // null S S null S: the middle value splits the small runs (2 and 1, not 3).
    expect(sideRuns([null, 'small', 'small', null, 'small'], ['big', 'small'])).toEqual({
      current: null,
      longest: { big: 0, small: 2 },
    });
  });
  it('calls big what lies above the middle of the range, small below it; odd and even as usual', () => {
    expect([0, 4, 5, 9].map((value) => bigSmallOf(value, 0, 9))).toEqual(['small', 'small', 'big', 'big']);
    expect([3, 4].map((value) => bigSmallOf(value, 1, 6))).toEqual(['small', 'big']);
    expect([5, 6, 7].map((value) => bigSmallOf(value, 1, 11))).toEqual(['small', null, 'big']);
    expect([0, 1, 10, 7].map(oddEvenOf)).toEqual(['even', 'odd', 'even', 'odd']);
  });
  it('reads every position of a 5D result, newest first', () => {
    const results = [
      [9, 1, 0, 5, 2],
      [8, 3, 4, 5, 2],
      [2, 5, 4, 4, 2],
      [7, 6, 1, 3, 2],
    ];
    const streaks = drawStreaks('SSC', results);
    expect(streaks).toHaveLength(5);
    // Ball 1: 9 8 2 7 → big big small big; odd even even odd.
    expect(streaks[0]).toEqual({
      bigSmall: { current: { side: 'big', length: 2 }, longest: { big: 2, small: 1 } },
      oddEven: { current: { side: 'odd', length: 1 }, longest: { odd: 1, even: 2 } },
    });
    // Ball 5: 2 2 2 2 → small ×4, even ×4.
    expect(streaks[4]).toEqual({
      bigSmall: { current: { side: 'small', length: 4 }, longest: { big: 0, small: 4 } },
      oddEven: { current: { side: 'even', length: 4 }, longest: { odd: 0, even: 4 } },
    });
  });
  it('reads the Vietnamese special prize digit by digit and 11x5 with its middle value', () => {
    expect(positionValues('VNE', [4512, 1])).toEqual([0, 4, 5, 1, 2]);
    const vn = drawStreaks('VNE', [[4512], [99999]]);
    expect(vn[0]!.bigSmall).toEqual({ current: { side: 'small', length: 1 }, longest: { big: 1, small: 1 } });
    const x = drawStreaks('X11X5', [
      [6, 1, 2, 3, 4],
      [11, 1, 2, 3, 4],
    ]);
    expect(x[0]!.bigSmall).toEqual({ current: null, longest: { big: 1, small: 0 } });
    expect(x[1]!.bigSmall).toEqual({ current: { side: 'small', length: 2 }, longest: { big: 0, small: 2 } });
  });
  it('reads the traditional draws: the northern and southern special prizes digit by digit, 6/42 and Swertres as drawn', () => {
    expect(positionCount('VNN')).toBe(5);
    expect(positionValues('VNN', [7, 12345])).toEqual([0, 0, 0, 0, 7]);
    expect(positionCount('VNS')).toBe(6);
    expect(positionValues('VNS', [45123])).toEqual([0, 4, 5, 1, 2, 3]);
    expect(streakRange('VNS')).toEqual({ min: 0, max: 9 });
    expect(positionCount('P642')).toBe(6);
    expect(streakRange('P642')).toEqual({ min: 1, max: 42 });
    // 6/42: 1–21 small, 22–42 big.
    expect(
      drawStreaks('P642', [
        [22, 1, 2, 3, 4, 5],
        [21, 6, 7, 8, 9, 10],
      ])[0]!.bigSmall,
    ).toEqual({ current: { side: 'big', length: 1 }, longest: { big: 1, small: 1 } });
    expect(positionCount('P3D')).toBe(3);
  });
});
