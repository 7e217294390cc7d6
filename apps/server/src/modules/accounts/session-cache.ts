import type { FastifyBaseLogger } from 'fastify';
import { attachChangeFeed, changeFeedOf, type ChangeFeed } from '../../platform/cache/change-feed';
import type { Database, Queryable } from '../../platform/db/database';
import type { MemberRow, SessionRow } from './schema';

/**
 * The topic announced with every write to a member's row and every revocation of their sessions
 * (store.ts): each replica drops what it keeps of that member's sessions.
 */
export const memberTopic = (memberId: number): string => `accounts:member:${memberId}`;
const MEMBER_TOPIC = /^accounts:member:(\d+)$/;

export const SESSION_CACHE = {
  /**
   * How long a session found in the database answers from memory. Revocation does not wait for it
   * (the change feed drops the entry on every replica at once); it bounds what a write that forgot
   * to announce itself could leave behind, at the cost of one read per session per period.
   */
  keepMs: 5_000,
  /** Sessions kept per replica; past it the oldest kept goes first. */
  maxEntries: 50_000,
} as const;

export interface SessionWithMember {
  member: MemberRow;
  session: SessionRow;
}

interface Kept extends SessionWithMember {
  merchantId: number;
  keptUntilMs: number;
}

/**
 * The sessions this replica authenticated lately, by token hash, so a signed-in read does not look
 * its session and member up again on every request. Only what the database accepted is kept, and a
 * kept session that looks expired or idle is read again (another replica may have renewed or
 * touched it): the cache can only spare a read, never refuse nor accept on its own. A member's
 * topic (sign-out, a password change, any change of the member row) drops their sessions; `null`
 * (notices may have been lost) drops everything; a read that began before a change is not kept.
 */
export class SessionCache {
  private readonly byToken = new Map<string, Kept>();
  private readonly tokensOfMember = new Map<number, Set<string>>();
  private changes = 0;

  constructor(private readonly limits: { keepMs: number; maxEntries: number } = SESSION_CACHE) {}

  onChange(topic: string | null): void {
    if (topic === null) {
      this.changes += 1;
      this.byToken.clear();
      this.tokensOfMember.clear();
      return;
    }
    const match = MEMBER_TOPIC.exec(topic);
    if (!match) return;
    this.changes += 1;
    const memberId = Number(match[1]);
    for (const tokenHash of this.tokensOfMember.get(memberId) ?? []) this.byToken.delete(tokenHash);
    this.tokensOfMember.delete(memberId);
  }

  /** A mark to hand back to `keep`: a change announced after it makes the read unusable. */
  get version(): number {
    return this.changes;
  }

  find(merchantId: number, tokenHash: string, nowMs: number): SessionWithMember | undefined {
    const kept = this.byToken.get(tokenHash);
    if (!kept || kept.merchantId !== merchantId) return undefined;
    if (kept.keptUntilMs <= nowMs) {
      this.forget(tokenHash);
      return undefined;
    }
    return { member: kept.member, session: kept.session };
  }

  /** Keeps what the database answered, unless a change was announced since `version` was taken. */
  keep(merchantId: number, tokenHash: string, found: SessionWithMember, version: number, nowMs: number): void {
    if (version !== this.changes) return;
    this.forget(tokenHash);
    while (this.byToken.size >= this.limits.maxEntries) {
      const oldest = this.byToken.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
    this.byToken.set(tokenHash, { ...found, merchantId, keptUntilMs: nowMs + this.limits.keepMs });
    let tokens = this.tokensOfMember.get(found.member.id);
    if (!tokens) this.tokensOfMember.set(found.member.id, (tokens = new Set()));
    tokens.add(tokenHash);
  }

  /** The kept session with a newer row (after a touch), keeping its place and period. */
  refresh(tokenHash: string, session: SessionRow): void {
    const kept = this.byToken.get(tokenHash);
    if (kept && kept.session.id === session.id) kept.session = session;
  }

  forget(tokenHash: string): void {
    const kept = this.byToken.get(tokenHash);
    if (!kept) return;
    this.byToken.delete(tokenHash);
    const tokens = this.tokensOfMember.get(kept.member.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensOfMember.delete(kept.member.id);
  }

  get size(): number {
    return this.byToken.size;
  }
}

const caches = new WeakMap<ChangeFeed, SessionCache>();

/** The session cache serving reads made through this query handle, if the app started one on it. */
export function sessionCacheOf(q: Queryable): SessionCache | undefined {
  const feed = changeFeedOf(q);
  return feed ? caches.get(feed) : undefined;
}

/** Starts the cache for the app's database (or joins this process's one on the same handle); answers how to leave. */
export async function startSessionCache(database: Database, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const { feed, detach } = await attachChangeFeed(database, log);
  if (!caches.has(feed)) {
    const cache = new SessionCache();
    feed.subscribe((topic) => cache.onChange(topic));
    caches.set(feed, cache);
  }
  return detach;
}
