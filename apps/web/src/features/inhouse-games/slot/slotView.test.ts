import { describe, expect, it } from 'vitest';
import { evaluateSpin, SLOT_ROW_COUNT } from '@palaro/contract';
import { IDLE_STOPS } from './slotView';

describe('the reels before the first spin', () => {
  const idle = evaluateSpin(IDLE_STOPS, 1);

  it('show no win: no paying line and no scatter pay', () => {
    expect(idle.lineWins).toEqual([]);
    expect(idle.lineBets).toBe(0);
  });

  it('show a varied picture: no symbol twice in a row, many symbols in view', () => {
    for (let row = 0; row < SLOT_ROW_COUNT; row += 1) {
      const symbols = idle.grid.map((column) => column[row]);
      expect(new Set(symbols).size).toBe(symbols.length);
    }
    expect(new Set(idle.grid.flat()).size).toBeGreaterThanOrEqual(8);
  });
});
