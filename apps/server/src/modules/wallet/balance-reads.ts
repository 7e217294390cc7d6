import { and, eq, sql } from 'drizzle-orm';
import type { TWalletBalance } from '@palaro/contract';
import { DatabaseBusyError } from '../../platform/db/admission';
import type { Db } from '../../platform/db/database';
import type { MerchantRow } from '../site/schema';
import { memberAccountCode } from './ledger';
import type { WithdrawalFigures } from './records';
import { ledgerAccounts } from './schema';

/** At most this many balances share one statement. */
export const MAX_BALANCES_PER_READ = 500;
/**
 * Past this many balances waiting for their statement, a read is refused at once (503 with
 * Retry-After, like the database's own bounded queue) instead of joining a queue that only grows.
 */
export const MAX_WAITING_BALANCES = 2000;

type Merchant = Pick<MerchantRow, 'id' | 'currencyCode' | 'currencySymbol'>;

interface Waiting {
  merchant: Merchant;
  memberId: number;
  resolve: (balance: TWalletBalance) => void;
  reject: (error: unknown) => void;
}

function balancesStatement(db: Db, withdrawals: WithdrawalFigures) {
  const asked = sql`asked`;
  return db
    .select({
      position: sql<string>`${asked}.position`,
      balance: sql<string>`coalesce(${ledgerAccounts.balance}, 0)::text`,
      pending: sql<string>`${withdrawals.pendingAmountSql(sql`${asked}.merchant_id`, sql`${asked}.member_id`)}::text`,
    })
    .from(sql`unnest(${sql.placeholder('merchantIds')}::int[], ${sql.placeholder('accountCodes')}::text[], ${sql.placeholder('memberIds')}::int8[])
      with ordinality as ${asked} (merchant_id, account_code, member_id, position)`)
    .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.merchantId, sql`${asked}.merchant_id`), eq(ledgerAccounts.code, sql`${asked}.account_code`)))
    .prepare('wallet_balances');
}

/**
 * The header's balance for the HTTP reads and the balance stream, read in groups: the balances
 * asked for while one statement runs are read together by the next, one statement (prepared
 * once) for up to MAX_BALANCES_PER_READ members. Every screen reads the balance, so under load
 * this spares the database and the server a round trip per request; a lone read runs at once.
 * Each read still starts after it was asked for, so it never answers a balance older than the
 * request (never cached: see walletBalance). Only on the app's own handle: a transaction reads
 * its own snapshot through walletBalance.
 */
export class BalanceReads {
  private readonly waiting: Waiting[] = [];
  private reading = false;
  private statement: ReturnType<typeof balancesStatement> | null = null;

  constructor(private readonly db: Db, private readonly withdrawals: WithdrawalFigures) {}

  read(merchant: Merchant, memberId: number): Promise<TWalletBalance> {
    if (this.waiting.length >= MAX_WAITING_BALANCES) return Promise.reject(new DatabaseBusyError());
    return new Promise((resolve, reject) => {
      this.waiting.push({ merchant, memberId, resolve, reject });
      if (!this.reading) void this.readWaiting();
    });
  }

  private async readWaiting(): Promise<void> {
    this.reading = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, MAX_BALANCES_PER_READ);
        try {
          this.statement ??= balancesStatement(this.db, this.withdrawals);
          const rows = await this.statement.execute({
            merchantIds: group.map(({ merchant }) => merchant.id),
            accountCodes: group.map(({ memberId }) => memberAccountCode(memberId)),
            memberIds: group.map(({ memberId }) => memberId),
          });
          const byPosition = new Map(rows.map((row) => [Number(row.position), row]));
          group.forEach(({ merchant, resolve }, index) => {
            const figures = byPosition.get(index + 1);
            resolve({
              sumBalance: Number(figures?.balance ?? 0),
              pendingWithdrawals: Number(figures?.pending ?? 0),
              currencyCode: merchant.currencyCode,
              currencySymbol: merchant.currencySymbol,
            });
          });
        } catch (error) {
          for (const { reject } of group) reject(error);
        }
      }
    } finally {
      this.reading = false;
    }
  }
}
