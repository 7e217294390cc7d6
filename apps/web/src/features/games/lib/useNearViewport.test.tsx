import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAZY_LOAD_OFFSET_PX, TIMING_MS } from '@palaro/contract';
import { useNearViewport } from './useNearViewport';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
const observers: { callback: Callback; rootMargin: string | undefined; disconnected: boolean }[] = [];

class FakeObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: Callback, options?: { rootMargin?: string }) {
    this.entry = { callback, rootMargin: options?.rootMargin, disconnected: false };
    observers.push(this.entry);
  }
  observe() {}
  disconnect() {
    this.entry.disconnected = true;
  }
}

function Picture() {
  const ref = useRef<HTMLSpanElement>(null);
  const near = useNearViewport(ref);
  return (
    <span ref={ref} data-testid="box">
      {near ? 'loaded' : 'waiting'}
    </span>
  );
}

describe('lazy pictures (spec §9: 100 px, 300 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    observers.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads at once what the page shows within 100 px of the screen', () => {
    render(<Picture />);
    const observer = observers.at(-1)!;
    expect(observer.rootMargin).toBe(`${LAZY_LOAD_OFFSET_PX}px`);
    act(() => observer.callback([{ isIntersecting: true }]));
    expect(screen.getByTestId('box')).toHaveTextContent('loaded');
    expect(observer.disconnected).toBe(true);
  });

  it('loads what scrolling brings near only once it stayed near for 300 ms; a fling past loads nothing', () => {
    render(<Picture />);
    const observer = observers.at(-1)!;
    act(() => observer.callback([{ isIntersecting: false }]));
    act(() => observer.callback([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(TIMING_MS.lazyLoadScrollDelay - 1));
    act(() => observer.callback([{ isIntersecting: false }]));
    act(() => vi.advanceTimersByTime(TIMING_MS.lazyLoadScrollDelay));
    expect(screen.getByTestId('box')).toHaveTextContent('waiting');
    act(() => observer.callback([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(TIMING_MS.lazyLoadScrollDelay));
    expect(screen.getByTestId('box')).toHaveTextContent('loaded');
  });
});
