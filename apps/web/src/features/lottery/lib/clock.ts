import { useSyncExternalStore } from 'react';
import { COUNTDOWN_TICK_MS } from '@palaro/contract';

/**
 * One 500 ms clock (spec §9 lottery tick) shared by every countdown on the page: a menu of twenty
 * games runs one timer, not twenty, and all of them turn over on the same tick.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let now = Date.now();

function subscribe(callback: () => void): () => void {
  listeners.add(callback);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const listener of listeners) listener();
    }, COUNTDOWN_TICK_MS);
  }
  return () => {
    listeners.delete(callback);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const snapshot = () => now;

/** Date.now() as of the last 500 ms tick. */
export function useLotteryClock(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
