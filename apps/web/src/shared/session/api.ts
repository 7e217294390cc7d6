import { queryOptions, useQuery, useQueryClient } from '../query/react';
import type { QueryClient } from '../query/client';
import { useCallback } from 'react';
import { useNavigate } from '../router';
import { useTranslation } from '../i18n/language';
import { SESSION_API_PATHS, TIMING_MS, WEB_ROUTES, type TMemberInfo, type TSessionInfo } from '@palaro/contract';
import { apiDelete, apiGet, apiPost } from '../api/client';
import { useConfirm, useToast } from '../ui/feedback';
import { cacheMemberInfo, cachedMemberInfo, clearSession, updateSessionInfo, useSessionInfo } from './session';
import { forgetMemberQueries, sessionKeys } from './keys';

export function fetchMemberInfo(signal?: AbortSignal): Promise<TMemberInfo> {
  return apiGet<TMemberInfo>(SESSION_API_PATHS.memberInfo, undefined, signal);
}

export function memberInfoQueryOptions(userName: string) {
  return queryOptions({
    queryKey: sessionKeys.memberInfoOf(userName),
    queryFn: async ({ signal }) => {
      const member = await fetchMemberInfo(signal);
      cacheMemberInfo(member);
      return member;
    },
    initialData: () => cachedMemberInfo() ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 30_000,
  });
}

/** Member info (GET /wps/member/info) while a session exists; starts from the cached copy. */
export function useMemberInfo() {
  const session = useSessionInfo();
  return useQuery({ ...memberInfoQueryOptions(session?.userName ?? ''), enabled: session !== null });
}

/** Asks for member info again, for whichever member is signed in. */
export function invalidateMemberInfo(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: sessionKeys.memberInfo });
}

/** Extends the session (member centre, spec §7); the answer may carry the renewed record. */
export async function renewSession(): Promise<void> {
  const value = await apiPost<unknown>(SESSION_API_PATHS.renewSession);
  const session =
    value && typeof value === 'object' && 'session' in value ? (value as { session: TSessionInfo }).session : value;
  if (session && typeof session === 'object' && 'expiresAt' in session) updateSessionInfo(session as TSessionInfo);
}

/** Ends the session on the server (DELETE /wps/session) and forgets it here whatever the answer. */
export async function signOutNow(queryClient: QueryClient): Promise<void> {
  try {
    await apiDelete(SESSION_API_PATHS.logout, { ignoreSessionLost: true });
  } finally {
    clearSession();
    forgetMemberQueries(queryClient);
  }
}

/**
 * Sign-out as spec §4 says: confirm (in_popup_prompt / in_sure_logout / in_more_cancel /
 * in_increase_submit), a loading indicator, the call, clearing, then home.
 */
export function useSignOut(loadingMs: number = TIMING_MS.logoutLoading) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const ok = await confirm({
      title: t('in_popup_prompt'),
      message: t('in_sure_logout'),
      cancelText: t('in_more_cancel'),
      okText: t('in_increase_submit'),
    });
    if (!ok) return false;
    const hideLoading = toast.loading(t('in_please_wait'), loadingMs);
    try {
      await signOutNow(queryClient);
    } catch {
      /* the session is forgotten here even when the server could not be reached */
    } finally {
      hideLoading();
    }
    await navigate(WEB_ROUTES.home, { replace: true });
    return true;
  }, [confirm, t, toast, loadingMs, queryClient, navigate]);
}
