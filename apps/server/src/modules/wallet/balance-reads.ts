import type { TWalletBalance } from '@palaro/contract';
import type { Db } from '../../platform/db/database';
import { GroupedReads } from '../../platform/db/grouped-reads';
import type { MerchantRow } from '../site/schema';
import { memberAccountCode } from './ledger-accounts';
import * as store from './store/balances';
import type { WithdrawalFigures } from './store/withdrawal-figures';

type Merchant = Pick<MerchantRow, 'id' | 'currencyCode' | 'currencySymbol'>;

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
    const readFigures = store.balanceFiguresReader(db, withdrawals);
    this.groups = new GroupedReads(async (asks) => {
      const rows = await readFigures({
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
