import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database';
import { WALLET_CHANNEL, type WalletNotice } from './notices';

type Listener = (notice: WalletNotice) => void;

function isNotice(value: unknown): value is WalletNotice {
  const notice = value as Partial<WalletNotice> | null;
  return (
    typeof notice === 'object' &&
    notice !== null &&
    typeof notice.merchantId === 'number' &&
    typeof notice.reason === 'string' &&
    Array.isArray(notice.memberIds) &&
    notice.memberIds.every((memberId) => typeof memberId === 'number')
  );
}

/**
 * A payload is an array of notices (one posting's, or a whole group's); a single notice is what a
 * replica still running the previous version sends during a rolling deploy.
 */
function parseNotices(payload: string): WalletNotice[] | null {
  try {
    const value: unknown = JSON.parse(payload);
    const notices = Array.isArray(value) ? value : [value];
    return notices.every(isNotice)
      ? notices.map(({ merchantId, memberIds, reason }) => ({ merchantId, memberIds, reason }))
      : null;
  } catch {
    return null;
  }
}

/** The reason of the catch-up a stream gets after the LISTEN connection came back. */
export const RECONNECTED_REASON = 'reconnected';

/**
 * Tells this server's open balance streams that a member's wallet moved. The ledger announces
 * committed movements with NOTIFY (one per transaction: a posting's, or a whole group's), and
 * every replica LISTENs on the same database, so a deposit credited by one replica reaches the
 * member's page on any other. One LISTEN connection serves all
 * of this process's streams. When that connection was lost (a database restart), whatever moved
 * meanwhile was announced to nobody: once it listens again, every open stream is told to send its
 * balance as it is now.
 */
export class BalancePush {
  /** The listeners of each member's wallet, by `merchantId:memberId`. */
  private readonly wallets = new Map<string, { merchantId: number; memberId: number; listeners: Set<Listener> }>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      WALLET_CHANNEL,
      (payload) => {
        const notices = parseNotices(payload);
        if (!notices) {
          this.log.warn({ payload }, 'ignored a malformed wallet notice');
          return;
        }
        for (const notice of notices) {
          for (const memberId of notice.memberIds) {
            for (const listener of this.wallets.get(`${notice.merchantId}:${memberId}`)?.listeners ?? [])
              listener(notice);
          }
        }
      },
      () => this.catchUp(),
    );
  }

  private catchUp(): void {
    this.log.info(
      { openStreams: this.openStreams },
      'LISTEN is back: every open balance stream sends its balance again',
    );
    for (const { merchantId, memberId, listeners } of this.wallets.values()) {
      for (const listener of listeners) listener({ merchantId, memberIds: [memberId], reason: RECONNECTED_REASON });
    }
  }

  /** Calls `listener` for each movement of the member's wallet; answers the unsubscribe function. */
  subscribe(merchantId: number, memberId: number, listener: Listener): () => void {
    const key = `${merchantId}:${memberId}`;
    const wallet = this.wallets.get(key) ?? { merchantId, memberId, listeners: new Set<Listener>() };
    wallet.listeners.add(listener);
    this.wallets.set(key, wallet);
    return () => {
      wallet.listeners.delete(listener);
      if (wallet.listeners.size === 0) this.wallets.delete(key);
    };
  }

  get openStreams(): number {
    let count = 0;
    for (const wallet of this.wallets.values()) count += wallet.listeners.size;
    return count;
  }

  /** Stops listening; a database already closed (its connection gone) has nothing left to stop. */
  async close(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.().catch((error: unknown) => this.log.debug({ err: error }, 'the wallet LISTEN had already ended'));
  }
}
