import { act, renderHook } from '@testing-library/react';
import type { TouchEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoopingCarousel } from './useLoopingCarousel';

const AUTOPLAY_MS = 5000;
const SLIDE_MS = 450;

function carousel(axis: 'x' | 'y') {
  return renderHook(() =>
    useLoopingCarousel({ count: 3, axis, autoplayMs: AUTOPLAY_MS, slideMs: SLIDE_MS, swipeMinPx: 40 }),
  );
}

const at = (x: number, y: number) => ({ touches: [{ clientX: x, clientY: y }] }) as unknown as TouchEvent;

/** A drag from (100, 100) by (dx, dy), each step rendered before the next as a finger's would be. */
function drag(view: ReturnType<typeof carousel>, dx: number, dy: number) {
  act(() => view.result.current.touchHandlers.onTouchStart(at(100, 100)));
  act(() => view.result.current.touchHandlers.onTouchMove(at(100 + dx, 100 + dy)));
}
function release(view: ReturnType<typeof carousel>) {
  act(() => view.result.current.touchHandlers.onTouchEnd());
}

describe('useLoopingCarousel', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows a swipe along its axis only: the first move decides, a move across it is the page’s scroll', () => {
    const view = carousel('y');
    drag(view, 60, 8);
    expect(view.result.current.trackStyle.transform).toBe('translate3d(0, calc(-100% + 0px), 0)');
    release(view);
    expect(view.result.current.active).toBe(0);
    expect(view.result.current.clickSuppressed()).toBe(false);

    drag(view, 2, -60);
    expect(view.result.current.trackStyle.transform).toBe('translate3d(0, calc(-100% + -60px), 0)');
    expect(view.result.current.trackStyle.transition).toBe('none');
    release(view);
    expect(view.result.current.active).toBe(1);
    expect(view.result.current.clickSuppressed()).toBe(true);
  });

  it('slides back, animated, after a drag shorter than the swipe', () => {
    const view = carousel('x');
    drag(view, -30, 0);
    release(view);
    expect(view.result.current.active).toBe(0);
    expect(view.result.current.trackStyle.transform).toBe('translate3d(calc(-100% + 0px), 0, 0)');
    expect(view.result.current.trackStyle.transition).toContain(`${SLIDE_MS}ms`);
  });

  it('waits while touched, and backwards past the first slide settles onto the last', () => {
    vi.useFakeTimers();
    const view = carousel('x');
    act(() => view.result.current.touchHandlers.onTouchStart(at(100, 100)));
    act(() => {
      vi.advanceTimersByTime(AUTOPLAY_MS * 2);
    });
    expect(view.result.current.active).toBe(0);
    act(() => view.result.current.touchHandlers.onTouchMove(at(160, 100)));
    release(view);
    expect(view.result.current.position).toBe(0);
    expect(view.result.current.active).toBe(2);
    act(() => {
      vi.advanceTimersByTime(SLIDE_MS);
    });
    expect(view.result.current.position).toBe(3);
    expect(view.result.current.trackStyle.transition).toBe('none');
  });
});
