import { z } from 'zod';
import { ZPageQuery, ZWithdrawal, WITHDRAW_STATUSES } from './wallet';

/**
 * The operator's view of withdrawals (GET /ops/merchants/:merchantCode/withdrawals). Unlike the
 * member's answers, the payout account number is shown in full: the operator has to pay to it.
 */
export const ZOperatorWithdrawalQuery = ZPageQuery.extend({ status: z.enum(WITHDRAW_STATUSES).optional() });
export const ZOperatorWithdrawal = ZWithdrawal.extend({
  memberId: z.string(),
  username: z.string(),
  payoutBankName: z.string().nullable(),
  payoutAccountNumber: z.string(),
});
export type TOperatorWithdrawal = z.infer<typeof ZOperatorWithdrawal>;
export const ZOperatorWithdrawals = z.object({
  list: z.array(ZOperatorWithdrawal),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TOperatorWithdrawals = z.infer<typeof ZOperatorWithdrawals>;
