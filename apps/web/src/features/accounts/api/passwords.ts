import { queryOptions, useQuery } from '../../../shared/query/react';
import { API_PATHS } from '@palaro/contract';
import { apiPost, apiPostForm } from '../../../shared/api/client';
import { accountKeys } from './keys';

export function forgotByEmail(username: string, email: string): Promise<unknown> {
  return apiPostForm<unknown>(API_PATHS.forgotByEmail, { username, email });
}

export function resetByEmail(token: string, newPassword: string): Promise<unknown> {
  return apiPost<unknown>(API_PATHS.resetByEmail, { token, newPassword });
}

/** Whether an e-mailed reset link can still be used (unknown, used and expired links cannot). */
export function checkResetLink(token: string, signal?: AbortSignal): Promise<{ valid: boolean }> {
  return apiPost<{ valid: boolean }>(API_PATHS.resetLinkCheck, { token }, { signal, ignoreSessionLost: true });
}

/** Asked once per opening of the link: a failed check is the answer, not something to retry behind the player's back. */
export function resetLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: accountKeys.resetLink(token),
    queryFn: ({ signal }) => checkResetLink(token, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnReconnect: false,
  });
}

export function useResetLinkCheck(token: string) {
  return useQuery(resetLinkQueryOptions(token));
}

export function resetByPhone(input: {
  newPassword: string;
  mobileNum: string;
  countryDialingCode?: string;
  verificationCode: string;
}): Promise<unknown> {
  return apiPost<unknown>(API_PATHS.resetByPhone, input);
}

export function changePassword(input: {
  oldPassword?: string;
  newPassword: string;
  confirmNewPassword: string;
}): Promise<unknown> {
  return apiPost<unknown>(API_PATHS.changePassword, input);
}

export function setPaymentPassword(input: {
  oldPaymentPassword?: string;
  loginPassword: string;
  paymentPassword: string;
  confirmPaymentPassword: string;
}): Promise<unknown> {
  return apiPost<unknown>(API_PATHS.paymentPassword, input);
}
