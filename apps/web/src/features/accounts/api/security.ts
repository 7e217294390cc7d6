import { queryOptions, useQuery } from '../../../shared/query/react';
import { API_PATHS, type TMemberInfo, type TSignInRecord } from '@palaro/contract';
import { apiPost, apiRequest } from '../../../shared/api/client';
import { accountKeys } from './keys';

export function bindMobile(input: {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
}): Promise<TMemberInfo | unknown> {
  return apiPost<unknown>(API_PATHS.bindMobile, input);
}

export function bindEmail(input: { email: string; verificationCode: string }): Promise<unknown> {
  return apiPost<unknown>(API_PATHS.bindEmail, input);
}

export function fetchSignInHistory(signal?: AbortSignal): Promise<{ list: TSignInRecord[] }> {
  return apiRequest<{ list: TSignInRecord[] }>('GET', API_PATHS.signInHistory, { signal });
}

export const signInHistoryQueryOptions = queryOptions({
  queryKey: accountKeys.signIns,
  queryFn: ({ signal }) => fetchSignInHistory(signal),
  staleTime: 0,
});

/** The member's recent sign-ins, fetched fresh each time the security centre opens. */
export function useSignInHistory() {
  return useQuery(signInHistoryQueryOptions);
}
