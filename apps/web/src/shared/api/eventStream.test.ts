import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFakeEventSource, type FakeEventSource } from '../../test/eventSource';
import { openEventStream, STREAM_RETRY_FIRST_MS, STREAM_RETRY_MAX_MS } from './eventStream';

describe('openEventStream', () => {
  let Source: typeof FakeEventSource;
  beforeEach(() => {
    Source = useFakeEventSource();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Opens a stream whose waits are their full ceiling (no jitter). */
  function open(onGiveUp = vi.fn()) {
    const received: string[] = [];
    const stop = openEventStream('/events', {
      events: { balance: (event) => received.push(event.data as string) },
      onGiveUp,
      random: () => 1,
    });
    return { received, stop, onGiveUp };
  }

  it('delivers named events of the stream it opened', () => {
    const { received } = open();
    expect(Source.instances.map((source) => source.url)).toEqual(['/events']);
    Source.instances[0]!.emit('balance', '{"sumBalance":1}');
    Source.instances[0]!.emit('other', 'ignored');
    expect(received).toEqual(['{"sumBalance":1}']);
  });

  it('leaves a dropped connection to the browser, which reconnects by itself', () => {
    const { onGiveUp } = open();
    const source = Source.instances[0]!;
    source.readyState = Source.CONNECTING;
    source.emit('error');
    vi.advanceTimersByTime(STREAM_RETRY_MAX_MS);
    expect(Source.instances).toHaveLength(1);
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('opens a new stream after a refusal, waiting twice as long after each one up to 30 s, and from 1 s again once one opened', () => {
    const { onGiveUp } = open();
    const expectReopenedAfter = (ms: number) => {
      const count = Source.instances.length;
      vi.advanceTimersByTime(ms - 1);
      expect(Source.instances).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(Source.instances).toHaveLength(count + 1);
    };
    for (const wait of [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]) {
      Source.instances.at(-1)!.refuse();
      expectReopenedAfter(wait);
    }
    expect(onGiveUp).toHaveBeenCalledTimes(7);
    Source.instances.at(-1)!.emit('open');
    Source.instances.at(-1)!.refuse();
    expectReopenedAfter(STREAM_RETRY_FIRST_MS);
  });

  it('spreads the waits between half and all of their ceiling', () => {
    openEventStream('/events', { events: {}, random: () => 0 });
    Source.instances[0]!.refuse();
    vi.advanceTimersByTime(STREAM_RETRY_FIRST_MS / 2);
    expect(Source.instances).toHaveLength(2);
  });

  it('stops for good: the open stream closes and a scheduled one never opens', () => {
    const first = open();
    first.stop();
    expect(Source.instances[0]!.readyState).toBe(Source.CLOSED);

    const second = open();
    Source.instances[1]!.refuse();
    second.stop();
    vi.advanceTimersByTime(STREAM_RETRY_MAX_MS);
    expect(Source.instances).toHaveLength(2);
  });
});
