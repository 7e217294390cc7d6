import { useCallback, useEffect, useRef, useState, type CSSProperties, type TouchEvent } from 'react';

/** Until a finger has moved this far, the swipe's axis is undecided (a shaky tap stays a tap). */
const AXIS_DECISION_PX = 6;
/** The click a browser sends after a swipe's touchend arrives within this; it must not open the slide. */
const CLICK_AFTER_SWIPE_MS = 50;

type Step = number | ((current: number) => number);

/**
 * A looping carousel's movement, shared by home's banner and hot matches: the track is
 * [last, …slides, first] so the loop never runs backwards; after sliding onto a copy it settles
 * onto the real slide unanimated. Autoplay one step `autoplayMs` after a slide became active
 * (never with one slide, while paused, or with reduced motion); touch swipes along `axis`.
 * With reduced motion nothing slides: every change happens at once.
 */
export function useLoopingCarousel({
  count,
  axis,
  autoplayMs,
  slideMs,
  swipeMinPx,
  reducedMotion = false,
}: {
  count: number;
  axis: 'x' | 'y';
  autoplayMs: number;
  slideMs: number;
  swipeMinPx: number;
  reducedMotion?: boolean;
}) {
  const looping = count > 1;
  const [position, setPosition] = useState(looping ? 1 : 0);
  const [animated, setAnimated] = useState(true);
  const [drag, setDrag] = useState(0);
  const [paused, setPaused] = useState(false);
  const touch = useRef<{ x: number; y: number; alongAxis: boolean | null } | null>(null);
  const swiped = useRef(false);
  const active = looping ? (((position - 1) % count) + count) % count : 0;

  const go = useCallback(
    (next: Step) => {
      setAnimated(!reducedMotion);
      setPosition(next);
    },
    [reducedMotion],
  );

  useEffect(() => {
    if (!looping || paused || reducedMotion) return;
    const timer = setTimeout(() => go((current) => current + 1), autoplayMs);
    return () => clearTimeout(timer);
  }, [looping, paused, reducedMotion, active, go, autoplayMs]);

  useEffect(() => {
    if (!looping || (position >= 1 && position <= count)) return;
    const settle = () => {
      setAnimated(false);
      setPosition(position > count ? 1 : count);
    };
    if (reducedMotion) {
      settle();
      return;
    }
    const timer = setTimeout(settle, slideMs);
    return () => clearTimeout(timer);
  }, [looping, position, count, reducedMotion, slideMs]);

  const onTouchStart = (event: TouchEvent) => {
    const point = event.touches[0];
    if (!point) return;
    touch.current = { x: point.clientX, y: point.clientY, alongAxis: null };
    setPaused(true);
  };
  const onTouchMove = (event: TouchEvent) => {
    const start = touch.current;
    const point = event.touches[0];
    if (!start || !point || !looping) return;
    const dx = point.clientX - start.x;
    const dy = point.clientY - start.y;
    const [along, across] = axis === 'x' ? [dx, dy] : [dy, dx];
    if (start.alongAxis === null && (Math.abs(dx) > AXIS_DECISION_PX || Math.abs(dy) > AXIS_DECISION_PX)) {
      start.alongAxis = Math.abs(along) > Math.abs(across);
    }
    if (start.alongAxis) {
      setAnimated(false);
      setDrag(along);
    }
  };
  const onTouchEnd = () => {
    const start = touch.current;
    touch.current = null;
    setPaused(false);
    if (!start?.alongAxis) return;
    swiped.current = true;
    setTimeout(() => {
      swiped.current = false;
    }, CLICK_AFTER_SWIPE_MS);
    setDrag(0);
    if (drag <= -swipeMinPx) go(position + 1);
    else if (drag >= swipeMinPx) go(position - 1);
    else setAnimated(!reducedMotion);
  };

  const offset = `calc(${-position * 100}% + ${drag}px)`;
  const trackStyle: CSSProperties = {
    transform: axis === 'x' ? `translate3d(${offset}, 0, 0)` : `translate3d(0, ${offset}, 0)`,
    transition: animated ? `transform ${slideMs}ms cubic-bezier(0.2, 0.8, 0.2, 1)` : 'none',
  };

  return {
    looping,
    position,
    active,
    go,
    trackStyle,
    touchHandlers: { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: onTouchEnd },
    /** Whether a click is the one a swipe just ended with. */
    clickSuppressed: () => swiped.current,
    setPaused,
  };
}

/** The slides as the track draws them: with more than one, [copy of the last, …slides, copy of the first]. */
export function loopTrack<T>(items: T[]): { item: T; index: number; copy: boolean }[] {
  const count = items.length;
  const slides = items.map((item, index) => ({ item, index, copy: false }));
  return count > 1
    ? [{ item: items[count - 1]!, index: count - 1, copy: true }, ...slides, { item: items[0]!, index: 0, copy: true }]
    : slides;
}
