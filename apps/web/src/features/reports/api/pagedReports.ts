import { infiniteQueryOptions, useInfiniteQuery } from '../../../shared/query/infinite';
import { API_PATHS, type TAccountRecords, type TDepositRecords, type TWithdrawReport } from '@palaro/contract';
import { apiGet, type QueryParams } from '../../../shared/api/client';
import { fetchGameRecords } from './gameRecords';
import { reportKeys, type PagedReportName } from './keys';

export const REPORT_PAGE_SIZE = 20;

export interface ReportPage<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number;
  timeZone: string;
}

export const fetchDepositRecords = (params: QueryParams, signal?: AbortSignal) =>
  apiGet<TDepositRecords>(API_PATHS.depositOrders, params, signal);
export const fetchWithdrawReport = (params: QueryParams, signal?: AbortSignal) =>
  apiGet<TWithdrawReport>(API_PATHS.withdrawals, params, signal);
export const fetchAccountRecords = (params: QueryParams, signal?: AbortSignal) =>
  apiGet<TAccountRecords>(API_PATHS.accountRecords, params, signal);

const FETCHERS = {
  deposits: fetchDepositRecords,
  withdrawals: fetchWithdrawReport,
  records: fetchAccountRecords,
  bets: fetchGameRecords,
};
type PageOf<R extends PagedReportName> = Awaited<ReturnType<(typeof FETCHERS)[R]>>;

/** A paged report: pages of REPORT_PAGE_SIZE, the next one asked for while one is left. */
export function pagedReportQueryOptions<R extends PagedReportName>(report: R, params: QueryParams) {
  const fetchPage = FETCHERS[report] as (params: QueryParams, signal?: AbortSignal) => Promise<PageOf<R>>;
  return infiniteQueryOptions<PageOf<R>, number>({
    queryKey: reportKeys.pagedWith(report, params),
    queryFn: ({ pageParam, signal }) => fetchPage({ ...params, page: pageParam, pageSize: REPORT_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ReportPage<unknown>) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    staleTime: 15_000,
  });
}

export function usePagedReport<R extends PagedReportName>(report: R, params: QueryParams) {
  return useInfiniteQuery(pagedReportQueryOptions(report, params));
}
