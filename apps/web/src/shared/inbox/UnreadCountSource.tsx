import { useEffect } from 'react';
import { useUnreadCount } from './unread';

/**
 * Hands the member's unread count to a screen that cannot load the count's code for a guest
 * (home: its JavaScript budget); it arrives in the member-only chunk (app/layout/memberParts.ts).
 */
export function UnreadCountSource({ onCount }: { onCount: (count: number) => void }) {
  const count = useUnreadCount();
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}
