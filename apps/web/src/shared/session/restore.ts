import { useQuery } from '@tanstack/react-query';
import { API_PATHS, STORAGE_KEYS, type TLoginResult } from '@palaro/contract';
import { apiPost } from '../api/client';
import { readLocal, writeLocal } from '../lib/storage';
import { readSessionInfo, saveSignIn } from './session';

/** Whether the player chose remember-me: localStorage autoLogin = '1' (spec §9 local flags). */
export function autoLoginWanted(): boolean {
  return readLocal(STORAGE_KEYS.autoLogin) === '1';
}

/** A session record whose expiry has passed counts as missing: the server has ended it already. */
function sessionRecordUsable(): boolean {
  const session = readSessionInfo();
  if (!session) return false;
  const expiresAt = Date.parse(session.expiresAt);
  return Number.isNaN(expiresAt) || expiresAt > Date.now();
}

function isLoginResult(value: unknown): value is TLoginResult {
  if (typeof value !== 'object' || value === null) return false;
  const { session, member } = value as Partial<TLoginResult>;
  return typeof session === 'object' && session !== null && typeof session.userName === 'string' && typeof member === 'object' && member !== null;
}

/**
 * Remember-me at start-up: with no (live) session record but autoLogin = 1, POST
 * /wps/session/renew once — the httpOnly remember-me device cookie lets the server open a new
 * session — and keep the record it answers. Any failure sets autoLogin to 0 without a message.
 * Resolves whether a session was restored; never rejects.
 */
export async function restoreRememberedSession(): Promise<boolean> {
  if (!autoLoginWanted() || sessionRecordUsable()) return false;
  try {
    // Not a lost session: a refusal here must not send the player to /m/login.
    const value = await apiPost<unknown>(API_PATHS.renewSession, {}, { ignoreSessionLost: true });
    if (!isLoginResult(value)) throw new Error('renewal answered without a session');
    saveSignIn(value);
    return true;
  } catch {
    writeLocal(STORAGE_KEYS.autoLogin, '0');
    return false;
  }
}

export const RESTORE_SESSION_KEY = ['session-restore'] as const;

/**
 * Runs restoreRememberedSession once per app (the query client deduplicates StrictMode's double
 * mount); the start-up gate waits for it so no screen judges the player a guest too early.
 */
export function useRestoredSession() {
  return useQuery({
    queryKey: RESTORE_SESSION_KEY,
    queryFn: restoreRememberedSession,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
