import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from './db/database';

/**
 * Merchant-wide events for every open event stream of a merchant (GET /wps/wallet/events), across
 * replicas: a module sends one with `broadcast(tx, …)` inside the transaction whose change it
 * announces (PostgreSQL delivers it only if that commits), every replica LISTENs on one channel
 * (the shared listener connection) and hands it to the streams of that merchant. The lottery's draw
 * changes travel this way.
 */
export const BROADCAST_CHANNEL = 'palaro_broadcast';

export interface BroadcastMessage {
  merchantId: number;
  /** The SSE event name the streams write it under. */
  event: string;
  data: unknown;
}

export async function broadcast(q: Queryable, message: BroadcastMessage): Promise<void> {
  await q.execute(sql`select pg_notify(${BROADCAST_CHANNEL}, ${JSON.stringify(message)})`);
}

function parse(payload: string): BroadcastMessage | null {
  try {
    const value = JSON.parse(payload) as Partial<BroadcastMessage> | null;
    return value &&
      typeof value.merchantId === 'number' &&
      typeof value.event === 'string' &&
      /^[a-z][a-z0-9.-]*$/.test(value.event)
      ? { merchantId: value.merchantId, event: value.event, data: value.data }
      : null;
  } catch {
    return null;
  }
}

/** This replica's subscribers to merchant-wide events (one LISTEN for all of them). */
export class MerchantBroadcasts {
  private readonly listeners = new Map<number, Set<(message: BroadcastMessage) => void>>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(BROADCAST_CHANNEL, (payload) => {
      const message = parse(payload);
      if (!message) {
        this.log.warn({ payload }, 'ignored a malformed broadcast');
        return;
      }
      for (const listener of this.listeners.get(message.merchantId) ?? []) listener(message);
    });
  }

  subscribe(merchantId: number, listener: (message: BroadcastMessage) => void): () => void {
    const set = this.listeners.get(merchantId) ?? new Set();
    set.add(listener);
    this.listeners.set(merchantId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(merchantId);
    };
  }

  async close(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.().catch((error: unknown) => this.log.debug({ err: error }, 'the broadcast LISTEN had already ended'));
  }
}
