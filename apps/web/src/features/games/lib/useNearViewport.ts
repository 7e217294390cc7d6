import { useEffect, useState, type RefObject } from 'react';
import { LAZY_LOAD_OFFSET_PX, TIMING_MS } from '@palaro/contract';

/**
 * Whether an element has come near enough to the screen to load its picture (spec §9: lazy-load
 * 100 px, scroll delay 300 ms). What is near when the page shows it loads at once; what scrolling
 * brings near loads once it has stayed near for the delay, so a fling past a list loads nothing it
 * did not stop on. Once true it stays true. Without IntersectionObserver everything is near.
 */
export function useNearViewport(element: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const node = element.current;
    if (near || !node || typeof IntersectionObserver === 'undefined') return;
    let first = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const intersecting = entries.some((entry) => entry.isIntersecting);
        const initial = first;
        first = false;
        if (!intersecting) {
          if (timer !== undefined) clearTimeout(timer);
          timer = undefined;
          return;
        }
        if (initial) setNear(true);
        else timer ??= setTimeout(() => setNear(true), TIMING_MS.lazyLoadScrollDelay);
      },
      { rootMargin: `${LAZY_LOAD_OFFSET_PX}px` },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [element, near]);

  return near;
}
