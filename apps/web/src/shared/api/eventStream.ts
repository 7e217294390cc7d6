/** The first wait before opening a stream the browser gave up on; it doubles after each refusal. */
export const STREAM_RETRY_FIRST_MS = 1000;
export const STREAM_RETRY_MAX_MS = 30_000;

export interface EventStreamOptions {
  /** A handler for each named server-sent event. */
  events: Record<string, (event: MessageEvent) => void>;
  withCredentials?: boolean;
  /** Told each time the browser gave the stream up, before the next attempt is scheduled. */
  onGiveUp?: () => void;
  /** Where the wait's jitter comes from (tests make it fixed). */
  random?: () => number;
}

/**
 * Keeps a server-sent event stream open until the returned function is called. The browser
 * reconnects by itself after a dropped connection, but gives up for good when an answer is not a
 * stream — a 503 while the database restarts, a 502 from a proxy, a 401. Then a new EventSource is
 * opened after 1 s, 2 s, 4 s… up to 30 s (each wait between half and all of that, so a crowd of
 * players does not come back in step), and the waits start over once a stream opens.
 */
export function openEventStream(url: string, options: EventStreamOptions): () => void {
  const random = options.random ?? Math.random;
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let refusals = 0;
  let stopped = false;

  const open = () => {
    retry = null;
    const current = new EventSource(url, { withCredentials: options.withCredentials ?? false });
    source = current;
    for (const [name, handler] of Object.entries(options.events)) current.addEventListener(name, handler);
    current.addEventListener('open', () => {
      refusals = 0;
    });
    current.addEventListener('error', () => {
      if (stopped || current.readyState !== EventSource.CLOSED) return;
      current.close();
      options.onGiveUp?.();
      const ceiling = Math.min(STREAM_RETRY_FIRST_MS * 2 ** refusals, STREAM_RETRY_MAX_MS);
      refusals += 1;
      retry = setTimeout(open, ceiling / 2 + (ceiling / 2) * random());
    });
  };

  open();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    source?.close();
  };
}
