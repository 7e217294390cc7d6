import {
  API_PATHS,
  type TAccountRecords, type TDepositOrder, type TDepositRecords, type TProfitAndLoss, type TWithdrawReport,
} from '@palaro/contract';
import { apiGet, type QueryParams } from '../../shared/api/client';

export const REPORT_PAGE_SIZE = 20;

export const fetchDepositRecords = (params: QueryParams, signal?: AbortSignal) => apiGet<TDepositRecords>(API_PATHS.depositOrders, params, signal);
export const fetchDepositOrder = (orderNo: string, signal?: AbortSignal) =>
  apiGet<TDepositOrder>(API_PATHS.depositOrder.replace(':orderNo', encodeURIComponent(orderNo)), undefined, signal);
export const fetchWithdrawReport = (params: QueryParams, signal?: AbortSignal) => apiGet<TWithdrawReport>(API_PATHS.withdrawals, params, signal);
export const fetchAccountRecords = (params: QueryParams, signal?: AbortSignal) => apiGet<TAccountRecords>(API_PATHS.accountRecords, params, signal);
export const fetchProfitAndLoss = (params: QueryParams, signal?: AbortSignal) => apiGet<TProfitAndLoss>(API_PATHS.profitAndLoss, params, signal);
