import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database';
import { WALLET_CHANNEL, type WalletNotice } from './ledger';

type Listener = (notice: WalletNotice) => void;

function parseNotice(payload: string): WalletNotice | null {
  try {
    const value = JSON.parse(payload) as Partial<WalletNotice>;
    const valid = typeof value.merchantId === 'number' && typeof value.reason === 'string'
      && Array.isArray(value.memberIds) && value.memberIds.every((memberId) => typeof memberId === 'number');
    return valid ? { merchantId: value.merchantId!, memberIds: value.memberIds!, reason: value.reason! } : null;
  } catch {
    return null;
  }
}

/**
 * Tells this server's open balance streams that a member's wallet moved. The ledger announces each
 * committed movement with NOTIFY, and every replica LISTENs on the same database, so a deposit
 * credited by one replica reaches the member's page on any other. One LISTEN connection serves all
 * of this process's streams.
 */
export class BalancePush {
  private readonly listeners = new Map<string, Set<Listener>>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(WALLET_CHANNEL, (payload) => {
      const notice = parseNotice(payload);
      if (!notice) {
        this.log.warn({ payload }, 'ignored a malformed wallet notice');
        return;
      }
      for (const memberId of notice.memberIds) {
        for (const listener of this.listeners.get(`${notice.merchantId}:${memberId}`) ?? []) listener(notice);
      }
    });
  }

  /** Calls `listener` for each movement of the member's wallet; answers the unsubscribe function. */
  subscribe(merchantId: number, memberId: number, listener: Listener): () => void {
    const key = `${merchantId}:${memberId}`;
    const set = this.listeners.get(key) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(key, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  get openStreams(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  /** Stops listening; a database already closed (its connection gone) has nothing left to stop. */
  async close(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.().catch((error: unknown) => this.log.debug({ err: error }, 'the wallet LISTEN had already ended'));
  }
}
