import { useEffect, useRef, type RefObject } from 'react';
import { INFINITE_SCROLL_THRESHOLD_PX, TIMING_MS } from '@palaro/contract';

/**
 * Asks for the next page when the sentinel comes within INFINITE_SCROLL_THRESHOLD_PX of the screen,
 * at most once per TIMING_MS.infiniteScrollThrottle (spec §9: 500 px, 1000 ms). A throttled ask
 * runs when the wait is over if the sentinel is still near.
 */
export function useInfiniteScroll(sentinel: RefObject<HTMLElement | null>, enabled: boolean, loadMore: () => void) {
  const lastLoad = useRef(0);
  const load = useRef(loadMore);
  useEffect(() => {
    load.current = loadMore;
  }, [loadMore]);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    let near = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tryLoad = () => {
      timer = undefined;
      if (!near) return;
      const wait = lastLoad.current + TIMING_MS.infiniteScrollThrottle - Date.now();
      if (wait > 0) {
        timer = setTimeout(tryLoad, wait);
        return;
      }
      lastLoad.current = Date.now();
      load.current();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        near = entries.some((entry) => entry.isIntersecting);
        if (near && timer === undefined) tryLoad();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px` },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [sentinel, enabled]);
}
