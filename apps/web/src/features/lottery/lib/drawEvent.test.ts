import { describe, expect, it } from 'vitest';
import type { TLotteryGameDetail } from '@palaro/contract';
import { drawnDraw, lotteryGame } from '../test/fixtures';
import { drawOfEvent, withDraw } from './drawEvent';

const open = drawnDraw([], 0, { state: 'open', result: null, winningNumber: '', isSale: true, remainTime: 45_000 });

describe('a draw event on the stream', () => {
  it('is this game’s draw when its fields are what the screen relies on', () => {
    const drawn = drawnDraw([3, 8, 1, 0, 6]);
    expect(drawOfEvent(JSON.stringify({ type: 'draw', draw: drawn }), 'SSC1')).toEqual(drawn);
  });

  it('is nothing for another game, another event, a malformed draw or text that is not JSON', () => {
    expect(drawOfEvent(JSON.stringify({ type: 'draw', draw: open }), 'PK10_1M')).toBeNull();
    expect(drawOfEvent(JSON.stringify({ type: 'balance', sumBalance: 100 }), 'SSC1')).toBeNull();
    expect(drawOfEvent(JSON.stringify({ type: 'draw', draw: { ...open, drawsAt: 'soon' } }), 'SSC1')).toBeNull();
    expect(drawOfEvent(JSON.stringify({ type: 'draw', draw: { ...open, result: [1, 'x'] } }), 'SSC1')).toBeNull();
    expect(drawOfEvent('null', 'SSC1')).toBeNull();
    expect(drawOfEvent('{', 'SSC1')).toBeNull();
  });
});

describe('a draw merged into the game’s cached detail', () => {
  const detail = { game: lotteryGame(), draw: open } as TLotteryGameDetail;
  const cached = { data: detail, lotteryTime: [1, 2] as const };

  it('takes the same draw’s new state or the next draw, and times the countdown from its arrival', () => {
    const locked = { ...open, state: 'locked' as const };
    expect(withDraw(cached, locked, 500)).toEqual({ data: { ...detail, draw: locked }, lotteryTime: [500, 500] });
    const next = drawnDraw([], -1, { state: 'open', result: null });
    expect(withDraw(cached, next, 500).data.draw).toBe(next);
  });

  it('keeps the detail for an older draw or another game’s', () => {
    expect(withDraw(cached, drawnDraw([1, 2, 3, 4, 5], 1), 500)).toBe(cached);
    expect(withDraw(cached, { ...open, gameCode: 'PK10_1M' }, 500)).toBe(cached);
  });
});
