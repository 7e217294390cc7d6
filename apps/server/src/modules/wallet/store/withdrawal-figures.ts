import type { Placeholder, SQL } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/database';

/**
 * What the wallet needs to know of withdrawals, which another module keeps (and which itself posts
 * to the wallet's ledger): handed in by the module list, so the wallet never imports it.
 */
export interface WithdrawalFigures {
  /**
   * What the member's withdrawals not yet decided hold back, as a scalar subquery to read beside
   * the balance (values, a prepared statement's placeholders, or the columns of the members asked for).
   */
  pendingAmountSql(merchantId: number | Placeholder | SQL, memberId: number | Placeholder | SQL): SQL<string>;
  /** The member's paid withdrawals per day (YYYY-MM-DD in the time zone) paid in [start, end). */
  paidPerDay(
    q: Queryable,
    merchant: { id: number; timeZone: string },
    memberId: number,
    range: { start: Date; end: Date },
  ): Promise<{ day: string; amount: bigint }[]>;
}
