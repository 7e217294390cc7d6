import type { Database, Db, Tx } from '../../platform/db/database';
import {
  releaseAndSetSavepoint,
  releaseSavepoint,
  rollbackToSavepoint,
  setSavepoint,
} from '../../platform/db/savepoints';
import { isTransactionConflict } from '../../platform/db/unavailable';
import { announceWhenCommitted, gatherWalletNotices } from './notices';
import {
  AlreadyPostedError,
  assertBalanced,
  postEachEntry,
  postEntry,
  type EntryDraft,
  type EntryOutcome,
  type PostedEntry,
} from './posting';

/**
 * At most this many units share one transaction. Each unit's savepoint takes a subtransaction id,
 * and PostgreSQL keeps 64 of them per backend before every other session's snapshots get slower.
 */
export const MAX_GROUP_SIZE = 48;

/**
 * At most this many plain postings share a group's one posting statement (they take no savepoint:
 * each keeps its outcome inside the statement).
 */
export const MAX_GROUP_POSTINGS = 1000;

interface Unit {
  work: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Posting {
  draft: EntryDraft;
  resolve: (posted: PostedEntry) => void;
  reject: (error: unknown) => void;
}

/** The savepoint each unit of a group runs after. */
const UNIT_SAVEPOINT = 'palaro_unit';

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Commits units of money work (business rows and their postings) in groups: one transaction, one
 * commit and one wallet NOTIFY per group, so a burst of postings pays for one disk flush and one
 * pass through PostgreSQL's notification queue instead of one each. Each unit keeps its own
 * outcome: a unit that throws (an overdraft, an entry already posted, an idempotency key already
 * claimed, any failed statement) fails alone and the others commit. A group first runs its units
 * back to back; if one throws, that transaction is rolled back and the group runs again with a
 * savepoint per unit, where a failing unit is rolled back to its savepoint. A unit's promise
 * settles only once its group has committed (or failed: then every unit of it fails, and nothing
 * of it was committed).
 *
 * One group runs its units at a time, on one connection; the groups before it may still be
 * committing. A running group therefore never waits for a lock held by a group that waits in
 * turn, so groups cannot deadlock one another, whatever accounts their units touch in whatever
 * order. While one group runs, the units that arrive form the next: under load groups grow by
 * themselves, and a lone unit runs at once in a transaction of its own (without a savepoint).
 *
 * `run(work)` (or `transaction(work)`) is a drop-in for `db.transaction(work)`. `work` must use
 * only the transaction it is given and run to completion before answering; it may run with other
 * units' work in the same transaction (it sees what they wrote before it), and, like any
 * transaction body retried, more than once (only the last run commits).
 *
 * `post(draft)` is the cheapest unit: a posting with no business row of its own (a transfer between
 * wallets, a game provider's bet or win keyed by its transaction id). The postings waiting when a
 * group starts are posted together by one statement (postEachEntry), first in the group's
 * transaction, each with its own outcome: refused for an overdraft or as already posted without
 * failing the others, and without a savepoint or a round trip of its own.
 */
export class GroupCommitter {
  private readonly waiting: Unit[] = [];
  private readonly waitingPostings: Posting[] = [];
  private running = false;
  private previousGroupHadFailures = false;
  /** Units taken (postings apart), postings taken and groups (transactions) started, for benches and tests. */
  readonly stats = { units: 0, postings: 0, groups: 0 };

  private readonly db: Db;
  private readonly multiStatement: boolean;

  constructor(
    database: Pick<Database, 'db' | 'kind'>,
    private readonly maxGroupSize = MAX_GROUP_SIZE,
  ) {
    this.db = database.db;
    this.multiStatement = database.kind === 'postgres';
  }

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.startNextGroup();
    });
  }

  /** `run`, under the name `db.transaction` has: a committer can stand where a database is asked for a transaction. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.run(work);
  }

  /**
   * Posts one balanced entry in the next group, beside the other postings waiting: answers it as
   * postEntry would (the entry and each account's balance after it), or refuses it alone with
   * insufficientBalance or AlreadyPostedError.
   */
  post(draft: EntryDraft): Promise<PostedEntry> {
    return new Promise<PostedEntry>((resolve, reject) => {
      assertBalanced(draft.lines);
      this.waitingPostings.push({ draft, resolve, reject });
      this.startNextGroup();
    });
  }

  private startNextGroup(): void {
    if (this.running || (this.waiting.length === 0 && this.waitingPostings.length === 0)) return;
    this.running = true;
    const group = this.waiting.splice(0, this.maxGroupSize);
    this.stats.units += group.length;
    const postings = this.waitingPostings.splice(0, MAX_GROUP_POSTINGS);
    if (postings.length > 0) {
      this.stats.postings += postings.length;
      group.unshift(this.postingsUnit(postings));
    }
    this.stats.groups += 1;
    void this.commitGroup(group);
  }

  /**
   * The group's postings as one unit. It fails only when a reference of it was being posted by
   * another transaction, not yet committed, as the statement ran (the statement cannot skip what it
   * cannot see): then each posting goes back to the queue as a unit of its own, so that only the
   * repeat is refused. Any other failure fails them all, as it fails any unit.
   */
  private postingsUnit(postings: Posting[]): Unit {
    return {
      work: (tx) =>
        postEachEntry(
          tx,
          postings.map((posting) => posting.draft),
        ),
      resolve: (outcomes) =>
        (outcomes as EntryOutcome[]).forEach((outcome, index) => {
          if (outcome.ok) postings[index]!.resolve(outcome.posted);
          else postings[index]!.reject(outcome.error);
        }),
      reject: (error) => {
        if (!(error instanceof AlreadyPostedError)) {
          for (const posting of postings) posting.reject(error);
          return;
        }
        this.waiting.unshift(
          ...postings.map((posting): Unit => ({
            work: (tx) => postEntry(tx, posting.draft),
            resolve: posting.resolve as (value: unknown) => void,
            reject: posting.reject,
          })),
        );
        this.startNextGroup();
      },
    };
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
    await setSavepoint(tx, UNIT_SAVEPOINT);
    for (const [index, unit] of group.entries()) {
      const noticesBefore = notices.length;
      const last = index === group.length - 1;
      try {
        outcomes.push({ ok: true, value: await unit.work(tx) });
      } catch (error) {
        // A deadlock is the transaction's, not the unit's: the whole group runs again (conflict-retry.ts).
        if (isTransactionConflict(error)) throw error;
        outcomes.push({ ok: false, error });
        notices.length = noticesBefore;
        await rollbackToSavepoint(tx, UNIT_SAVEPOINT);
        continue;
      }
      // The commit releases the last one.
      if (last) continue;
      if (this.multiStatement) await releaseAndSetSavepoint(tx, UNIT_SAVEPOINT);
      else {
        await releaseSavepoint(tx, UNIT_SAVEPOINT);
        await setSavepoint(tx, UNIT_SAVEPOINT);
      }
    }
  }

  /**
   * Runs every unit of the group straight after the other, without savepoints: one round trip
   * less per unit. Answers the outcomes once committed, or null when a unit failed (the
   * transaction is then rolled back, nothing of it kept, and the group runs again in savepoints);
   * a failure of the transaction itself (its commit) throws.
   */
  private async runOptimistically(group: Unit[]): Promise<Outcome[] | null> {
    const outcomes: Outcome[] = [];
    try {
      await this.db.transaction(async (tx) => {
        outcomes.length = 0;
        const notices = gatherWalletNotices(tx);
        for (const unit of group) outcomes.push({ ok: true, value: await unit.work(tx) });
        await announceWhenCommitted(tx, notices);
        this.unitsDone();
      });
      return outcomes;
    } catch (error) {
      if (outcomes.length === group.length) throw error;
      return null;
    }
  }

  private async runInOneTransaction(group: Unit[], outcomes: Outcome[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      outcomes.length = 0;
      const notices = gatherWalletNotices(tx);
      if (group.length === 1) outcomes.push({ ok: true, value: await group[0]!.work(tx) });
      else await this.runInSavepoints(tx, group, outcomes, notices);
      await announceWhenCommitted(tx, notices);
      this.unitsDone();
    });
  }

  /**
   * A group first runs without savepoints unless the previous one had a unit fail: refusals come
   * in runs (a rush of bets on empty wallets), and then savepoints straight away waste nothing.
   */
  private async commitGroup(group: Unit[]): Promise<void> {
    let outcomes: Outcome[] = [];
    try {
      const optimistic =
        group.length > 1 && !this.previousGroupHadFailures ? await this.runOptimistically(group) : null;
      if (optimistic) outcomes = optimistic;
      else await this.runInOneTransaction(group, outcomes);
    } catch (error) {
      this.unitsDone();
      // Nothing of the group committed: a lone unit's own error, or the transaction's, fails them all.
      group.forEach((unit, index) => {
        const outcome = outcomes[index];
        unit.reject(outcome && !outcome.ok ? outcome.error : error);
      });
      return;
    }
    this.previousGroupHadFailures = outcomes.some((outcome) => !outcome.ok);
    group.forEach((unit, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  }
}
