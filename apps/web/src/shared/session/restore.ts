import { useQuery } from '../query/react';
import { SESSION_API_PATHS, STORAGE_KEYS, type TLoginResult } from '@palaro/contract';
import { apiPost, markSessionRenewed } from '../api/client';
import { readLocal, writeLocal } from '../lib/storage';
import { readRemembered, readSessionInfo, saveSignIn } from './session';
import { sessionKeys } from './keys';

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
  return (
    typeof session === 'object' &&
    session !== null &&
    typeof session.userName === 'string' &&
    typeof member === 'object' &&
    member !== null
  );
}

/** A session lost again this soon after a renewal is not renewed again: no renew-and-refuse loop. */
export const RENEWAL_COOLDOWN_MS = 10_000;
let lastRenewalAt = Number.NEGATIVE_INFINITY;
let renewal: Promise<boolean> | null = null;

/**
 * POST /wps/session/renew — the httpOnly remember-me device cookie lets the server open a new
 * session — and keep the record it answers. One call at a time: whoever asks while a renewal is
 * under way shares its outcome. A refusal is not a lost session: it never sends the player to
 * /m/login. Resolves whether a session was opened; never rejects.
 */
function renewOnce(): Promise<boolean> {
  renewal ??= apiPost<unknown>(SESSION_API_PATHS.renewSession, {}, { ignoreSessionLost: true })
    .then(
      (value) => {
        if (!isLoginResult(value)) return false;
        saveSignIn(value);
        lastRenewalAt = Date.now();
        // Calls sent before now that answer 401 speak of the old session.
        markSessionRenewed();
        return true;
      },
      () => false,
    )
    .finally(() => {
      renewal = null;
    });
  return renewal;
}

/**
 * Whether this browser keeps anything of an account: a session record, a remembered sign-in, or
 * remember-me. Without any, the first screen is a fresh guest's, the same on every browser (what
 * the server draws for a guest).
 */
export function accountStateStored(): boolean {
  return readSessionInfo() !== null || readRemembered() !== null || autoLoginWanted();
}

/** Remember-me has something to do at start-up: autoLogin = 1 and no live session record. */
function restoreWanted(): boolean {
  return autoLoginWanted() && !sessionRecordUsable();
}

/**
 * Remember-me at start-up: with no (live) session record but autoLogin = 1, renew once. Any
 * failure sets autoLogin to 0 without a message. Resolves whether a session was restored; never
 * rejects.
 */
export async function restoreRememberedSession(): Promise<boolean> {
  if (!restoreWanted()) return false;
  const restored = await renewOnce();
  if (!restored) writeLocal(STORAGE_KEYS.autoLogin, '0');
  return restored;
}

/**
 * Mid-use: a call found the session of a signed-in player lost (401). With remember-me
 * (autoLogin = 1), renew once — parallel 401s share the one call — keeping the new record.
 * Resolves whether the session is back; when it is not, the caller clears it and sends the
 * player to sign in. Never rejects.
 */
export function renewLostSession(): Promise<boolean> {
  if (!autoLoginWanted() || readSessionInfo() === null) return Promise.resolve(false);
  if (renewal === null && Date.now() - lastRenewalAt < RENEWAL_COOLDOWN_MS) return Promise.resolve(false);
  return renewOnce();
}

/** Tests start from a page that has never renewed. */
export function resetRenewalState(): void {
  renewal = null;
  lastRenewalAt = Number.NEGATIVE_INFINITY;
}

/**
 * Runs restoreRememberedSession once per app (the query client deduplicates StrictMode's double
 * mount); the start-up gate waits for it so no screen judges the player a guest too early. When
 * there is nothing to restore (known from storage at once) the answer is there from the first
 * render: a pending query would make the gate draw its skeleton over the page the server drew,
 * and the screen a moment later.
 */
export function useRestoredSession() {
  return useQuery({
    queryKey: sessionKeys.restore,
    queryFn: restoreRememberedSession,
    initialData: () => (restoreWanted() ? undefined : false),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}
