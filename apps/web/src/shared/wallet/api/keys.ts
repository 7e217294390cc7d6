import { memberKeys } from '../../api/queryKeys';

/** The wallet's query keys: the balance, per member so another member never sees it. */
export const walletKeys = {
  all: memberKeys.wallet,
  balance: [...memberKeys.wallet, 'balance'] as const,
  balanceOf: (userName: string) => [...walletKeys.balance, userName] as const,
};
