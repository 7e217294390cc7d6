import { describe, expect, it } from 'vitest';
import { ThrottledLog } from './logger';

describe('ThrottledLog', () => {
  it('writes the first occurrence, then one line per interval counting the ones in between, and starts over after reset', () => {
    let clock = 0;
    const throttled = new ThrottledLog(30_000, () => clock);
    const written: number[] = [];
    const occur = (at: number) => {
      clock = at;
      throttled.occurred((occurrences) => written.push(occurrences));
    };
    for (const at of [0, 1000, 2000, 29_999]) occur(at);
    expect(written).toEqual([1]);
    occur(30_000);
    expect(written).toEqual([1, 4]);
    occur(31_000);
    throttled.reset();
    occur(32_000);
    expect(written).toEqual([1, 4, 1]);
  });
});
