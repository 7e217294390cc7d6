/**
 * Outside production only, the one clock (PlatformContext.now) can be moved forward by the
 * development endpoint POST /dev/clock, so a browser test can see tomorrow (a second day of a
 * check-in streak) against the real server. The route is never registered in production, and the
 * offset stays 0 until it is called.
 */
let offsetMs = 0;

export function devClockOffset(): number {
  return offsetMs;
}

export function setDevClockOffset(offset: number): void {
  offsetMs = offset;
}
