import { useRef, type TouchEvent } from 'react';
import { SWIPE_BACK_MIN_DRAG_PX } from '@palaro/contract';

/** Drags that start this close to the left edge count as the system back gesture. */
export const EDGE_START_PX = 24;
const EDGE_MIN_DRAG_PX = 40;

/** Whether a horizontal drag from (startX, startY) to (endX, endY) is a swipe back. */
export function isSwipeBack(startX: number, startY: number, endX: number, endY: number): boolean {
  const dx = endX - startX;
  const dy = Math.abs(endY - startY);
  if (dx <= 0 || dy > dx) return false;
  if (dx > SWIPE_BACK_MIN_DRAG_PX) return true;
  return startX <= EDGE_START_PX && dx > EDGE_MIN_DRAG_PX;
}

/** Touch handlers for the page: a swipe back calls onBack (which suppresses the page fade). */
export function useSwipeBack(enabled: boolean, onBack: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      start.current = enabled && touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event: TouchEvent) {
      const from = start.current;
      start.current = null;
      const touch = event.changedTouches[0];
      if (!from || !touch) return;
      if (isSwipeBack(from.x, from.y, touch.clientX, touch.clientY)) onBack();
    },
    onTouchCancel() {
      start.current = null;
    },
  };
}
