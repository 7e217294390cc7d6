import type { QueryParams } from '../../../shared/api/client';
import { MEMBER_SCOPE, memberKeys } from '../../../shared/api/queryKeys';

export type PagedReportName = 'deposits' | 'withdrawals' | 'records' | 'bets';

/**
 * The reports' query keys. Every report lives under memberKeys.reports, so a feature that moves
 * money makes them all stale with that one key.
 */
export const reportKeys = {
  all: memberKeys.reports,
  paged: (report: PagedReportName) => [...memberKeys.reports, report] as const,
  pagedWith: (report: PagedReportName, params: QueryParams) => [...reportKeys.paged(report), params] as const,
  profitAndLoss: (from: string, to: string) => [...memberKeys.reports, 'pnl', from, to] as const,
  /** One deposit order, followed while the member waits on it (not a list, so not under reports). */
  depositOrder: (orderNo: string) => [MEMBER_SCOPE, 'deposit-order', orderNo] as const,
};
