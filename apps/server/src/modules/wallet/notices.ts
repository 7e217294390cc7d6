import { afterCommit } from '../../platform/db/after-commit';
import type { Db, Queryable, Tx } from '../../platform/db/database';
import { notifyEach, notifyEachWithoutFlushWait } from '../../platform/db/notify';

/** The PostgreSQL channel every committed movement of a member's wallet is announced on. */
export const WALLET_CHANNEL = 'palaro_wallet';

/**
 * The members of one merchant whose wallet moved (a transfer moves two). A NOTIFY payload is a JSON
 * array of these: one posting, or everything a group transaction or a bulk posting moved.
 */
export interface WalletNotice {
  merchantId: number;
  memberIds: number[];
  reason: string;
}

/**
 * Transactions whose wallet notices are gathered rather than sent at once: a group transaction
 * (group-commit.ts) sends one NOTIFY for all its postings just before it commits.
 */
const gatheredNotices = new WeakMap<Tx, WalletNotice[]>();

/** From now on the postings in `tx` add their notices to the answered list instead of sending them. */
export function gatherWalletNotices(tx: Tx): WalletNotice[] {
  const notices: WalletNotice[] = [];
  gatheredNotices.set(tx, notices);
  return notices;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; stay well below. */
const NOTICE_PAYLOAD_LIMIT = 7000;

/** The notices merged per merchant and reason, as JSON payloads each below the NOTIFY limit. */
export function noticePayloads(notices: readonly WalletNotice[]): string[] {
  const merged = new Map<string, WalletNotice & { seen: Set<number> }>();
  for (const notice of notices) {
    const key = `${notice.merchantId}:${notice.reason}`;
    const into = merged.get(key) ?? {
      merchantId: notice.merchantId,
      memberIds: [],
      reason: notice.reason,
      seen: new Set<number>(),
    };
    merged.set(key, into);
    for (const memberId of notice.memberIds) {
      if (into.seen.has(memberId)) continue;
      into.seen.add(memberId);
      into.memberIds.push(memberId);
    }
  }
  const payloads: string[] = [];
  let batch: WalletNotice[] = [];
  let batchLength = 2;
  const flush = () => {
    if (batch.length > 0) payloads.push(JSON.stringify(batch));
    batch = [];
    batchLength = 2;
  };
  for (const { merchantId, reason, memberIds } of merged.values()) {
    // A notice's fixed part is under 100 bytes and a member id under 17 digits.
    const perNotice = Math.max(1, Math.floor((NOTICE_PAYLOAD_LIMIT - 100) / 17));
    for (let start = 0; start < memberIds.length; start += perNotice) {
      const notice: WalletNotice = { merchantId, memberIds: memberIds.slice(start, start + perNotice), reason };
      const length = JSON.stringify(notice).length + 1;
      if (batchLength + length > NOTICE_PAYLOAD_LIMIT) flush();
      batch.push(notice);
      batchLength += length;
    }
  }
  flush();
  return payloads;
}

/** Sends the notices on WALLET_CHANNEL in one statement; PostgreSQL delivers them only if `q`'s transaction commits. */
export async function announceWalletNotices(q: Queryable, notices: readonly WalletNotice[]): Promise<void> {
  const payloads = noticePayloads(notices);
  if (payloads.length === 0) return;
  await notifyEach(q, WALLET_CHANNEL, payloads);
}

/** Attempts at sending a batch of committed notices before it is given up. */
const NOTICE_SEND_ATTEMPTS = 3;

/**
 * The wallet notices of a database's committed transactions, sent by one statement at a time: what
 * commits while one is in flight goes in the next, so under load many transactions' notices share
 * a NOTIFY. Sent from inside each money transaction, a NOTIFY held PostgreSQL's notification lock
 * from that transaction's commit until its flush to disk, which lined up every money transaction of
 * every replica behind the one before. The sending transaction does not wait for its own flush
 * (synchronous_commit off): a notice moves no money. A batch the database refuses a few times in a
 * row (a restart) is dropped; the listeners then re-send every open stream's balance once they
 * listen again (balance-push.ts).
 */
class CommittedNotices {
  private queued: WalletNotice[] = [];
  private sending = false;

  constructor(private readonly db: Db) {}

  add(notices: readonly WalletNotice[]): void {
    this.queued.push(...notices);
    if (!this.sending) void this.sendQueued();
  }

  private async sendQueued(): Promise<void> {
    this.sending = true;
    let failures = 0;
    while (this.queued.length > 0) {
      const batch = this.queued;
      this.queued = [];
      try {
        await notifyEachWithoutFlushWait(this.db, WALLET_CHANNEL, noticePayloads(batch));
        failures = 0;
      } catch {
        failures += 1;
        if (failures < NOTICE_SEND_ATTEMPTS) {
          this.queued.unshift(...batch);
          await new Promise((resolve) => setTimeout(resolve, 50 * failures));
        } else failures = 0;
      }
    }
    this.sending = false;
  }
}

const committedNotices = new WeakMap<Db, CommittedNotices>();

/**
 * Announces `notices` once `tx` has committed (never if it rolls back), outside it; inside it when
 * `tx` is a savepoint's transaction, whose commit is not known here.
 */
export async function announceWhenCommitted(tx: Tx, notices: readonly WalletNotice[]): Promise<void> {
  if (notices.length === 0) return;
  const queued = afterCommit(tx, (db) => {
    let sender = committedNotices.get(db);
    if (!sender) committedNotices.set(db, (sender = new CommittedNotices(db)));
    sender.add(notices);
  });
  if (!queued) await announceWalletNotices(tx, notices);
}

/** Announces the notices once `tx` commits, or adds them to the group's when `tx` gathers them. */
export async function announceOrGather(tx: Tx, notices: readonly WalletNotice[]): Promise<void> {
  const gathering = gatheredNotices.get(tx);
  if (gathering) gathering.push(...notices);
  else await announceWhenCommitted(tx, notices);
}
