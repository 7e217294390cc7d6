import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { playSound } from './sound';

const REDUCE_QUERY = '(prefers-reduced-motion: reduce)';

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCE_QUERY)
    : null;
}

export function prefersReducedMotion(): boolean {
  return mediaQuery()?.matches ?? false;
}

function subscribe(callback: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', callback);
  return () => query?.removeEventListener('change', callback);
}

/** True when the player asked the system for less motion: reels and tiles then change without moving. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}

/** Resolves after `ms` (a pause between the moments of a round's replay). */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A number that counts up to `target` over `durationMs` (ease-out) when the target rises, with a
 * soft tick as it goes, and jumps when it falls or motion is reduced.
 */
export function useCountUp(target: number, durationMs: number): number {
  const reduced = useReducedMotion();
  const [shown, setShown] = useState(target);
  const from = useRef(target);

  useEffect(() => {
    const start = from.current;
    let frame = 0;
    if (reduced || target <= start || durationMs <= 0) {
      from.current = target;
      frame = requestAnimationFrame(() => setShown(target));
      return () => cancelAnimationFrame(frame);
    }
    let lastTick = 0;
    const began = performance.now();
    const run = (now: number) => {
      const progress = Math.min(1, (now - began) / durationMs);
      const eased = 1 - (1 - progress) ** 3;
      const value = Math.round(start + (target - start) * eased);
      from.current = value;
      setShown(value);
      if (now - lastTick > 70 && progress < 1) {
        lastTick = now;
        playSound('tick');
      }
      if (progress < 1) frame = requestAnimationFrame(run);
    };
    frame = requestAnimationFrame(run);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs, reduced]);

  return shown;
}
