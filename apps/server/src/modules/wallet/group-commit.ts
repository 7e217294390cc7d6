import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../platform/db/database';
import { announceWalletNotices, gatherWalletNotices } from './ledger';

/**
 * At most this many units share one transaction. Each unit's savepoint takes a subtransaction id,
 * and PostgreSQL keeps 64 of them per backend before every other session's snapshots get slower.
 */
export const MAX_GROUP_SIZE = 48;

interface Unit {
  work: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Commits units of money work (business rows and their postings) in groups: one transaction, one
 * commit and one wallet NOTIFY per group, so a burst of postings pays for one disk flush and one
 * pass through PostgreSQL's notification queue instead of one each. Each unit runs in its own
 * savepoint: a unit that throws (an overdraft, an entry already posted, an idempotency key already
 * claimed, any failed statement) is rolled back to its savepoint and fails alone; the others commit.
 * A unit's promise settles only once its group has committed (or failed: then every unit of it
 * fails, and nothing of it was committed).
 *
 * One group runs its units at a time, on one connection; the groups before it may still be
 * committing. A running group therefore never waits for a lock held by a group that waits in
 * turn, so groups cannot deadlock one another, whatever accounts their units touch in whatever
 * order. While one group runs, the units that arrive form the next: under load groups grow by
 * themselves, and a lone unit runs at once in a transaction of its own (without a savepoint).
 *
 * `run(work)` is a drop-in for `db.transaction(work)`. `work` must use only the transaction it is
 * given, run to completion before answering, and may run with other units' work in the same
 * transaction (it sees what they wrote before it).
 */
export class GroupCommitter {
  private readonly waiting: Unit[] = [];
  private running = false;
  /** Units taken and groups (transactions) started, for benches and tests. */
  readonly stats = { units: 0, groups: 0 };

  private readonly db: Db;
  private readonly multiStatement: boolean;

  constructor(database: Pick<Database, 'db' | 'kind'>, private readonly maxGroupSize = MAX_GROUP_SIZE) {
    this.db = database.db;
    this.multiStatement = database.kind === 'postgres';
  }

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.startNextGroup();
    });
  }

  private startNextGroup(): void {
    if (this.running || this.waiting.length === 0) return;
    this.running = true;
    const group = this.waiting.splice(0, this.maxGroupSize);
    this.stats.units += group.length;
    this.stats.groups += 1;
    void this.commitGroup(group);
  }

  /** Lets the next group run its units while this one commits. */
  private unitsDone(): void {
    if (!this.running) return;
    this.running = false;
    this.startNextGroup();
  }

  /**
   * Runs each unit after a savepoint; a unit that fails is rolled back to it (its writes undone, its
   * notices dropped), which leaves the savepoint in place for the next. On PostgreSQL a success's
   * release and the next savepoint travel in one round trip (the simple protocol takes several
   * statements; PGlite's query does not).
   */
  private async runInSavepoints(tx: Tx, group: Unit[], outcomes: Outcome[], notices: unknown[]): Promise<void> {
    await tx.execute(sql.raw('savepoint palaro_unit'));
    for (const [index, unit] of group.entries()) {
      const noticesBefore = notices.length;
      const last = index === group.length - 1;
      try {
        outcomes.push({ ok: true, value: await unit.work(tx) });
      } catch (error) {
        outcomes.push({ ok: false, error });
        notices.length = noticesBefore;
        await tx.execute(sql.raw('rollback to savepoint palaro_unit'));
        continue;
      }
      // The commit releases the last one.
      if (last) continue;
      if (this.multiStatement) await tx.execute(sql.raw('release savepoint palaro_unit; savepoint palaro_unit'));
      else {
        await tx.execute(sql.raw('release savepoint palaro_unit'));
        await tx.execute(sql.raw('savepoint palaro_unit'));
      }
    }
  }

  private async commitGroup(group: Unit[]): Promise<void> {
    const outcomes: Outcome[] = [];
    try {
      await this.db.transaction(async (tx) => {
        const notices = gatherWalletNotices(tx);
        if (group.length === 1) outcomes.push({ ok: true, value: await group[0]!.work(tx) });
        else await this.runInSavepoints(tx, group, outcomes, notices);
        await announceWalletNotices(tx, notices);
        this.unitsDone();
      });
    } catch (error) {
      this.unitsDone();
      // Nothing of the group committed: a lone unit's own error, or the transaction's, fails them all.
      group.forEach((unit, index) => {
        const outcome = outcomes[index];
        unit.reject(outcome && !outcome.ok ? outcome.error : error);
      });
      return;
    }
    group.forEach((unit, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  }
}

