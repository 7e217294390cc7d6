import { and, eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../../platform/db/database';
import { preparedPerHandle } from '../../../platform/db/prepared';
import { ledgerAccounts } from '../schema';
import type { WithdrawalFigures } from './withdrawal-figures';

/** A member's cash balance and what their withdrawals not yet decided hold, as the statement reads them. */
export interface BalanceFigures {
  balance: string;
  pending: string;
}

/** The balance statement, built once per query handle for each source of pending withdrawals. */
const balanceStatements = new WeakMap<WithdrawalFigures, (q: Queryable) => ReturnType<typeof balanceStatement>>();

function balanceStatement(q: Queryable, withdrawals: WithdrawalFigures) {
  const merchantId = sql.placeholder('merchantId');
  return q
    .select({
      balance: sql<string>`coalesce((select ${ledgerAccounts.balance} from ${ledgerAccounts}
        where ${ledgerAccounts.merchantId} = ${merchantId} and ${ledgerAccounts.code} = ${sql.placeholder('accountCode')}), 0)::text`,
      pending: sql<string>`${withdrawals.pendingAmountSql(merchantId, sql.placeholder('memberId'))}::text`,
    })
    .from(sql`(select 1) as one`)
    .prepare('wallet_balance');
}

/** One member's figures, in one statement prepared once per query handle (platform/db/prepared.ts). */
export async function balanceFigures(
  q: Queryable,
  withdrawals: WithdrawalFigures,
  ask: { merchantId: number; accountCode: string; memberId: number },
): Promise<BalanceFigures | undefined> {
  let statementFor = balanceStatements.get(withdrawals);
  if (!statementFor) {
    statementFor = preparedPerHandle((handle) => balanceStatement(handle, withdrawals));
    balanceStatements.set(withdrawals, statementFor);
  }
  const [figures] = await statementFor(q).execute(ask);
  return figures;
}

function balancesStatement(db: Db, withdrawals: WithdrawalFigures) {
  const asked = sql`asked`;
  return db
    .select({
      position: sql<string>`${asked}.position`,
      balance: sql<string>`coalesce(${ledgerAccounts.balance}, 0)::text`,
      pending: sql<string>`${withdrawals.pendingAmountSql(sql`${asked}.merchant_id`, sql`${asked}.member_id`)}::text`,
    })
    .from(
      sql`unnest(${sql.placeholder('merchantIds')}::int[], ${sql.placeholder('accountCodes')}::text[], ${sql.placeholder('memberIds')}::int8[])
      with ordinality as ${asked} (merchant_id, account_code, member_id, position)`,
    )
    .leftJoin(
      ledgerAccounts,
      and(
        eq(ledgerAccounts.merchantId, sql`${asked}.merchant_id`),
        eq(ledgerAccounts.code, sql`${asked}.account_code`),
      ),
    )
    .prepare('wallet_balances');
}

/**
 * The figures of many members in one statement over unnest(...), each row with the 1-based
 * position of its ask; prepared on the first read, on the app's own handle.
 */
export function balanceFiguresReader(
  db: Db,
  withdrawals: WithdrawalFigures,
): (asks: {
  merchantIds: number[];
  accountCodes: string[];
  memberIds: number[];
}) => Promise<(BalanceFigures & { position: string })[]> {
  let statement: ReturnType<typeof balancesStatement> | null = null;
  return (asks) => {
    statement ??= balancesStatement(db, withdrawals);
    return statement.execute(asks);
  };
}
