import { DatabaseBusyError } from './admission';

/** At most this many reads share one statement. */
export const MAX_READS_PER_GROUP = 500;
/**
 * Past this many reads waiting for their statement, a read is refused at once (503 with
 * Retry-After, like the database's own bounded queue) instead of joining a queue that only grows.
 */
export const MAX_WAITING_READS = 2000;

interface Waiting<Ask, Answer> {
  ask: Ask;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads of the same shape asked for by many requests at once (a member's balance, a page of their
 * records), made in groups: the reads asked for while one group's statement runs are made together
 * by the next, one statement for up to MAX_READS_PER_GROUP of them. Under load this spares the
 * database and the server a round trip (and PostgreSQL a statement) per request; a lone read runs
 * at once. Each read's statement starts after it was asked for, so no answer is older than its
 * request. `readGroup` answers one answer per ask, in order; if it throws, every read of the
 * group fails with its error.
 */
export class GroupedReads<Ask, Answer> {
  private readonly waiting: Waiting<Ask, Answer>[] = [];
  private reading = false;

  constructor(private readonly readGroup: (asks: Ask[]) => Promise<Answer[]>) {}

  read(ask: Ask): Promise<Answer> {
    if (this.waiting.length >= MAX_WAITING_READS) return Promise.reject(new DatabaseBusyError());
    return new Promise((resolve, reject) => {
      this.waiting.push({ ask, resolve, reject });
      if (!this.reading) void this.readWaiting();
    });
  }

  private async readWaiting(): Promise<void> {
    this.reading = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, MAX_READS_PER_GROUP);
        try {
          const answers = await this.readGroup(group.map(({ ask }) => ask));
          group.forEach(({ resolve }, index) => resolve(answers[index]!));
        } catch (error) {
          for (const { reject } of group) reject(error);
        }
      }
    } finally {
      this.reading = false;
    }
  }
}
