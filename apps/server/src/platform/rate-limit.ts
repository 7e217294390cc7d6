/**
 * Counts events per key in fixed windows, in this process only. Enough to slow down guessing
 * against one server; several replicas would share counters through Redis instead.
 */
export class FixedWindowCounter {
  private readonly windows = new Map<string, { startedAtMs: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under its limit. */
  retryAfterSeconds(key: string): number {
    const window = this.currentWindow(key);
    if (!window || window.count < this.limit) return 0;
    return Math.max(1, Math.ceil((window.startedAtMs + this.windowMs - this.now()) / 1000));
  }

  record(key: string): void {
    const window = this.currentWindow(key);
    if (window) window.count += 1;
    else this.windows.set(key, { startedAtMs: this.now(), count: 1 });
    this.forgetExpired();
  }

  private currentWindow(key: string) {
    const window = this.windows.get(key);
    if (window && this.now() - window.startedAtMs < this.windowMs) return window;
    return undefined;
  }

  /** Bounds memory: expired windows are dropped once the map grows. */
  private forgetExpired(): void {
    if (this.windows.size < 10_000) return;
    const now = this.now();
    for (const [key, window] of this.windows) {
      if (now - window.startedAtMs >= this.windowMs) this.windows.delete(key);
    }
  }
}
