import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INFINITE_SCROLL_THRESHOLD_PX, TIMING_MS } from '@palaro/contract';
import { useInfiniteScroll } from './useInfiniteScroll';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
const observers: { callback: Callback; rootMargin: string | undefined }[] = [];

class FakeObserver {
  constructor(callback: Callback, options?: { rootMargin?: string }) {
    observers.push({ callback, rootMargin: options?.rootMargin });
  }
  observe() {}
  disconnect() {}
}

function Sentinel({ loadMore }: { loadMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useInfiniteScroll(ref, true, loadMore);
  return <div ref={ref} />;
}

describe('infinite scroll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    observers.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads within the threshold of the end, at most once per throttle, and again after it while still near', () => {
    const loadMore = vi.fn();
    render(<Sentinel loadMore={loadMore} />);
    const observer = observers.at(-1)!;
    expect(observer.rootMargin).toBe(`0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px`);
    act(() => observer.callback([{ isIntersecting: true }]));
    expect(loadMore).toHaveBeenCalledTimes(1);
    act(() => observer.callback([{ isIntersecting: false }]));
    act(() => observer.callback([{ isIntersecting: true }]));
    expect(loadMore).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(TIMING_MS.infiniteScrollThrottle));
    expect(loadMore).toHaveBeenCalledTimes(2);
  });

  it('does not load once the end went out of reach during the wait', () => {
    const loadMore = vi.fn();
    render(<Sentinel loadMore={loadMore} />);
    const observer = observers.at(-1)!;
    act(() => observer.callback([{ isIntersecting: true }]));
    act(() => observer.callback([{ isIntersecting: false }]));
    act(() => observer.callback([{ isIntersecting: true }]));
    act(() => observer.callback([{ isIntersecting: false }]));
    act(() => vi.advanceTimersByTime(TIMING_MS.infiniteScrollThrottle));
    expect(loadMore).toHaveBeenCalledTimes(1);
  });
});
