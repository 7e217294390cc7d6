import { API_PATHS, formatMoney } from '@palaro/contract';
import { orderQueueCommands, type OperatorCommand } from '../../admin/command';

/** The fields of a withdrawal the command line prints (operator answers carry more). */
interface WithdrawalLine {
  orderNo: string;
  username?: string;
  amount: number;
  status: string;
  createdAt: string;
  payoutKind?: string;
  payoutName?: string;
  payoutBankName?: string | null;
  payoutAccountNumber?: string;
  note?: string | null;
}

function describeWithdrawal(order: WithdrawalLine): string {
  const payout = [order.payoutKind, order.payoutBankName, order.payoutName, order.payoutAccountNumber]
    .filter(Boolean)
    .join(' ');
  return `${order.orderNo}  ${order.status.padEnd(8)}  ${formatMoney(order.amount).padStart(12)}  ${order.username ?? ''}  to ${payout}  ${order.createdAt}${order.note ? `  note: ${order.note}` : ''}`;
}

export const withdrawalCommands: readonly OperatorCommand[] = orderQueueCommands({
  name: 'withdrawals',
  help: {
    list: 'withdrawals [--status S] [--page N]    Withdrawals: pending first, then the latest',
    approve: 'withdrawals approve ORDER [--note "…"] Mark a pending withdrawal paid (after paying it out)',
    reject: 'withdrawals reject ORDER [--note "…"]  Reject a pending withdrawal: the amount goes back to the member',
  },
  paths: {
    list: API_PATHS.operatorWithdrawals,
    approve: API_PATHS.operatorWithdrawalApprove,
    reject: API_PATHS.operatorWithdrawalReject,
  },
  line: describeWithdrawal,
});
