import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the page must stay still before a tucked element comes back. */
export const TUCK_REST_MS = 1000;

/**
 * Tucked while the page scrolls, back once it has been still for `restMs` (every scroll event
 * restarts the wait). `expand` brings it back at once, e.g. when its handle is tapped; `hold`
 * returning true keeps it where it is (e.g. while a keyboard user is inside it).
 */
export function useTuckOnScroll(
  { restMs = TUCK_REST_MS, hold }: { restMs?: number; hold?: () => boolean } = {},
): { tucked: boolean; expand: () => void } {
  const [tucked, setTucked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const holdRef = useRef(hold);
  useEffect(() => { holdRef.current = hold; });

  const clear = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };

  useEffect(() => {
    const onScroll = () => {
      if (holdRef.current?.()) return;
      setTucked(true);
      clear();
      timer.current = setTimeout(() => {
        timer.current = null;
        setTucked(false);
      }, restMs);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clear();
    };
  }, [restMs]);

  const expand = useCallback(() => {
    clear();
    setTucked(false);
  }, []);

  return { tucked, expand };
}
