import { and, eq, sql } from 'drizzle-orm';
import type { TWalletBalance } from '@palaro/contract';
import type { Db } from '../../platform/db/database';
import { GroupedReads } from '../../platform/db/grouped-reads';
import type { MerchantRow } from '../site/schema';
import { memberAccountCode } from './ledger-accounts';
import type { WithdrawalFigures } from './records';
import { ledgerAccounts } from './schema';

type Merchant = Pick<MerchantRow, 'id' | 'currencyCode' | 'currencySymbol'>;

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
 * The header's balance for the HTTP reads and the balance stream, read in groups
 * (platform/db/grouped-reads.ts): one statement, prepared once, over unnest(...) for every member
 * asked for while the previous one ran. Every screen reads the balance. Never cached, never older
 * than its request (see walletBalance). Only on the app's own handle: a transaction reads its own
 * snapshot through walletBalance.
 */
export class BalanceReads {
  private readonly groups: GroupedReads<{ merchant: Merchant; memberId: number }, TWalletBalance>;

  constructor(db: Db, withdrawals: WithdrawalFigures) {
    let statement: ReturnType<typeof balancesStatement> | null = null;
    this.groups = new GroupedReads(async (asks) => {
      statement ??= balancesStatement(db, withdrawals);
      const rows = await statement.execute({
        merchantIds: asks.map(({ merchant }) => merchant.id),
        accountCodes: asks.map(({ memberId }) => memberAccountCode(memberId)),
        memberIds: asks.map(({ memberId }) => memberId),
      });
      const byPosition = new Map(rows.map((row) => [Number(row.position), row]));
      return asks.map(({ merchant }, index) => {
        const figures = byPosition.get(index + 1);
        return {
          sumBalance: Number(figures?.balance ?? 0),
          pendingWithdrawals: Number(figures?.pending ?? 0),
          currencyCode: merchant.currencyCode,
          currencySymbol: merchant.currencySymbol,
        };
      });
    });
  }

  read(merchant: Merchant, memberId: number): Promise<TWalletBalance> {
    return this.groups.read({ merchant, memberId });
  }
}
