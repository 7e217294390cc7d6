import pg from 'pg';
import { ThrottledLog, type Logger } from '../logger';

/**
 * A lost LISTEN connection tries again after 250 ms, then twice as long after each failure, up to
 * 5 s: back within moments of a blip, a few attempts a minute through a long outage.
 */
const LISTEN_RETRY_FIRST_MS = 250;
const LISTEN_RETRY_MAX_MS = 5000;

interface Subscriber {
  onPayload: (payload: string) => void;
  onReconnected: (() => void) | undefined;
}

interface Listening {
  client: pg.PoolClient;
  release: (destroy: boolean) => void;
}

/**
 * Every LISTEN of a pool on ONE of its connections, whatever the number of channels and listeners
 * (the balance stream, the scheduler's wake-up, the cache feed…): a listening connection is never
 * idle, so one per listener would take a pool's connections from the queries that need them.
 *
 * A dropped connection is replaced, with back-off while the database stays away; once the new one
 * listens again on every channel, each subscriber's `onReconnected` is called (notices sent
 * meanwhile are lost, so listeners treat a notice as a hint to re-read, never as the data). The
 * outage is logged when it starts, every `outageLogIntervalMs` while it lasts, and when it ends.
 * Changes to the set of channels run one at a time, so a LISTEN never races its own UNLISTEN.
 */
export class PoolListener {
  private readonly channels = new Map<string, Set<Subscriber>>();
  private current: Listening | null = null;
  private retry: NodeJS.Timeout | null = null;
  private outage: { since: number; attempts: number; nextDelayMs: number } | null = null;
  private readonly failedAttempts: ThrottledLog;
  /** A reconnection can pick a pooled connection the same restart is still ending: one line stands for both losses. */
  private readonly lostConnections: ThrottledLog;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    outageLogIntervalMs: number,
  ) {
    this.failedAttempts = new ThrottledLog(outageLogIntervalMs);
    this.lostConnections = new ThrottledLog(outageLogIntervalMs);
  }

  /** Starts delivering `channel`'s notices to the subscriber; answers the function that stops it. */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnected?: () => void,
  ): Promise<() => Promise<void>> {
    const subscriber: Subscriber = { onPayload, onReconnected };
    await this.serially(async () => {
      const subscribers = this.channels.get(channel);
      if (subscribers) {
        subscribers.add(subscriber);
        return;
      }
      this.channels.set(channel, new Set([subscriber]));
      if (this.current) {
        await this.current.client.query(`listen ${pg.escapeIdentifier(channel)}`);
      } else if (!this.outage) {
        await this.connect();
      }
    }).catch((error: unknown) => {
      this.forget(channel, subscriber);
      throw error;
    });
    let stopped = false;
    return async () => {
      if (stopped) return;
      stopped = true;
      await this.serially(() => this.unsubscribe(channel, subscriber));
    };
  }

  /** Stops every subscription (the pool is about to end: a listening connection would hold it open). */
  async close(): Promise<void> {
    await this.serially(async () => {
      this.channels.clear();
      await this.stopListening();
    });
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private forget(channel: string, subscriber: Subscriber): void {
    const subscribers = this.channels.get(channel);
    subscribers?.delete(subscriber);
    if (subscribers?.size === 0) this.channels.delete(channel);
  }

  private async unsubscribe(channel: string, subscriber: Subscriber): Promise<void> {
    this.forget(channel, subscriber);
    if (this.channels.size === 0) {
      await this.stopListening();
    } else if (!this.channels.has(channel) && this.current) {
      await this.current.client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    }
  }

  private async stopListening(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.outage = null;
    const listening = this.current;
    this.current = null;
    if (!listening) return;
    await listening.client.query('unlisten *').catch(() => undefined);
    listening.release(false);
  }

  private readonly onNotification = (message: pg.Notification) => {
    if (message.payload === undefined) return;
    for (const subscriber of this.channels.get(message.channel) ?? []) subscriber.onPayload(message.payload);
  };

  private async connect(): Promise<void> {
    const client = await this.pool.connect();
    let released = false;
    // Once only, whoever asks first: the pool may already have dropped a dead connection.
    // `on`, not `once`: a dying connection can report more than one error.
    const onError = (error: Error) => {
      if (this.current?.client !== client) return;
      this.lostConnections.occurred((losses) =>
        this.log.warn(
          { channels: [...this.channels.keys()], err: error, losses },
          'LISTEN lost its connection; reconnecting',
        ),
      );
      this.current = null;
      release(true);
      this.outage = { since: Date.now(), attempts: 0, nextDelayMs: LISTEN_RETRY_FIRST_MS };
      this.scheduleReconnect();
    };
    const release = (destroy: boolean) => {
      if (released) return;
      released = true;
      client.removeListener('notification', this.onNotification);
      // A destroyed connection may still report errors: keep listening to them, quietly.
      if (!destroy) client.removeListener('error', onError);
      try {
        client.release(destroy);
      } catch {
        // already gone from the pool
      }
    };
    client.on('notification', this.onNotification);
    client.on('error', onError);
    try {
      for (const channel of this.channels.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      release(true);
      throw error;
    }
    if (this.channels.size === 0) {
      release(false);
      return;
    }
    this.current = { client, release };
  }

  private scheduleReconnect(): void {
    const outage = this.outage;
    if (this.retry || !outage || this.channels.size === 0) return;
    const delayMs = outage.nextDelayMs;
    outage.nextDelayMs = Math.min(delayMs * 2, LISTEN_RETRY_MAX_MS);
    this.retry = setTimeout(() => {
      this.retry = null;
      outage.attempts += 1;
      this.serially(async () => {
        // Stopped, or already back, while this attempt waited its turn.
        if (this.outage !== outage || this.current) return false;
        await this.connect();
        return true;
      }).then(
        (reconnected) => {
          // A connection lost again already belongs to the next outage, which reports itself.
          if (!reconnected || this.outage !== outage) return;
          this.log.info(
            { channels: [...this.channels.keys()], attempts: outage.attempts, downMs: Date.now() - outage.since },
            'LISTEN reconnected',
          );
          this.outage = null;
          this.failedAttempts.reset();
          for (const subscribers of this.channels.values())
            for (const subscriber of subscribers) subscriber.onReconnected?.();
        },
        (error: unknown) => {
          this.failedAttempts.occurred((attempts) =>
            this.log.warn(
              { channels: [...this.channels.keys()], err: error, attempts, downMs: Date.now() - outage.since },
              'LISTEN could not reconnect yet',
            ),
          );
          this.scheduleReconnect();
        },
      );
    }, delayMs);
  }
}
