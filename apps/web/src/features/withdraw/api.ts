import {
  API_PATHS, IDEMPOTENCY_HEADER,
  type PayoutKind, type TPayoutAccount, type TTurnover, type TWithdrawInfo, type TWithdrawal,
} from '@palaro/contract';
import { apiDelete, apiGet, apiPost } from '../../shared/api/client';

export interface PayoutAccounts { list: TPayoutAccount[]; max: number }
export interface PayoutAccountRequest { kind: PayoutKind; bankName?: string; accountName: string; accountNumber: string; paymentPassword: string }
export interface WithdrawRequest { amount: number; payoutAccountId: number; paymentPassword: string }
export interface UplineTransferInfo { upline: string; balance: number; minAmount: number; maxAmount: number }
export interface UplineTransferResult { reference: string; amount: number; balance: number }

/** Query keys start with 'member' so sign-out forgets them (shared/session/api.ts). */
export const WITHDRAW_KEYS = {
  info: ['member', 'withdraw-info'] as const,
  turnover: ['member', 'turnover'] as const,
  payoutAccounts: ['member', 'payout-accounts'] as const,
  upline: ['member', 'upline-transfer'] as const,
};

export const fetchWithdrawInfo = (signal?: AbortSignal) => apiGet<TWithdrawInfo>(API_PATHS.withdrawInfo, undefined, signal);
export const fetchTurnover = (signal?: AbortSignal) => apiGet<TTurnover>(API_PATHS.turnover, undefined, signal);
export const fetchPayoutAccounts = (signal?: AbortSignal) => apiGet<PayoutAccounts>(API_PATHS.payoutAccounts, undefined, signal);

export const addPayoutAccount = (request: PayoutAccountRequest) => apiPost<TPayoutAccount>(API_PATHS.payoutAccounts, request);
export const removePayoutAccount = (id: number) => apiDelete<unknown>(API_PATHS.payoutAccount.replace(':id', String(id)));

/** Submits a withdrawal; the key is the attempt's (a retry of the same attempt sends the same key). */
export const submitWithdrawal = (request: WithdrawRequest, idempotencyKey: string) =>
  apiPost<TWithdrawal>(API_PATHS.withdrawals, request, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

export const fetchUplineInfo = (signal?: AbortSignal) => apiGet<UplineTransferInfo>(API_PATHS.uplineTransfer, undefined, signal);
export const submitUplineTransfer = (request: { amount: number; paymentPassword: string }, idempotencyKey: string) =>
  apiPost<UplineTransferResult>(API_PATHS.uplineTransfer, request, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
