import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, type TLoginResult, type TMemberInfo, type TSessionInfo } from '@palaro/contract';
import { readLocal, writeLocal, writeSession } from '../lib/storage';

/** Local keys of the accounts area besides the contract's STORAGE_KEYS. */
export const ACCOUNT_KEYS = {
  /** Cached member info (spec §7 "local storage caches member info"). */
  memberInfo: 'memberInfo',
  /** Remember-me: type, user name, dialing code — never a password (DESIGN.md §6). */
  rememberLogin: 'rememberLogin',
  /** A device token kept by older builds; the token now lives only in its httpOnly cookie. */
  deviceToken: 'rememberDeviceToken',
  /** Whether the remember-me box was ticked ("remembered-password flag" of spec §4). */
  rememberFlag: 'rememberPassword',
  /** The saved auto-login preference (spec §4). */
  savedAutoLogin: 'savedAutoLogin',
  /** Cached bank list (issue 4 fills it; sign-out clears it already). */
  bankList: 'bankList',
} as const;

const SESSION_EVENT = 'palaro:session-changed';

function notify(): void {
  window.dispatchEvent(new Event(SESSION_EVENT));
}

export function readSessionInfo(): TSessionInfo | null {
  const raw = readLocal(STORAGE_KEYS.session);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as TSessionInfo;
    return value && typeof value === 'object' && typeof value.userName === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the non-secret session record of a sign-in (the token itself is an httpOnly cookie). */
export function saveSignIn(result: Pick<TLoginResult, 'session' | 'member'>, trialName?: string): void {
  writeLocal(STORAGE_KEYS.session, JSON.stringify(result.session));
  writeLocal(ACCOUNT_KEYS.memberInfo, JSON.stringify(result.member));
  if (trialName) writeSession(STORAGE_KEYS.trialName, trialName);
  notify();
}

export function updateSessionInfo(patch: Partial<TSessionInfo>): void {
  const current = readSessionInfo();
  if (!current) return;
  writeLocal(STORAGE_KEYS.session, JSON.stringify({ ...current, ...patch }));
  notify();
}

export function cachedMemberInfo(): TMemberInfo | null {
  const raw = readLocal(ACCOUNT_KEYS.memberInfo);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TMemberInfo;
  } catch {
    return null;
  }
}

/** The name a member's header shows: nickname, else account name, else the session's user name (spec §2). */
export function memberDisplayName(member: TMemberInfo | null | undefined, userName: string): string {
  return member?.nickname || member?.account || userName;
}

export function cacheMemberInfo(member: TMemberInfo): void {
  writeLocal(ACCOUNT_KEYS.memberInfo, JSON.stringify(member));
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* storage unavailable */
  }
}

/**
 * Forgets everything of the signed-in member (spec §4 sign-out): the session record (token),
 * the trial user, member info, session storage, auto-login (set to 0), the saved auto-login and
 * remembered-password flags with the device token, and cached lists. The remembered user name
 * and dialing code stay so the sign-in form is filled next time.
 */
export function clearSession(): void {
  remove(STORAGE_KEYS.session);
  remove(ACCOUNT_KEYS.memberInfo);
  remove(ACCOUNT_KEYS.savedAutoLogin);
  remove(ACCOUNT_KEYS.rememberFlag);
  remove(ACCOUNT_KEYS.deviceToken);
  remove(ACCOUNT_KEYS.bankList);
  writeLocal(STORAGE_KEYS.autoLogin, '0');
  try {
    window.sessionStorage.clear();
  } catch {
    /* storage unavailable */
  }
  notify();
}

function subscribe(callback: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.session) callback();
  };
  window.addEventListener(SESSION_EVENT, callback);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SESSION_EVENT, callback);
    window.removeEventListener('storage', onStorage);
  };
}

const snapshot = () => readLocal(STORAGE_KEYS.session);

/** The session record, re-read whenever it changes (this tab or another). Logged in = present. */
export function useSessionInfo(): TSessionInfo | null {
  const raw = useSyncExternalStore(subscribe, snapshot, snapshot);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TSessionInfo;
  } catch {
    return null;
  }
}

export interface RememberedLogin {
  type: 'username' | 'sms';
  username: string;
  countryDialingCode: string;
}

export function readRemembered(): RememberedLogin | null {
  const raw = readLocal(ACCOUNT_KEYS.rememberLogin);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RememberedLogin> & Record<string, unknown>;
    if (typeof value.username !== 'string') return null;
    return {
      type: value.type === 'sms' ? 'sms' : 'username',
      username: value.username,
      countryDialingCode: typeof value.countryDialingCode === 'string' ? value.countryDialingCode : '',
    };
  } catch {
    return null;
  }
}

/**
 * Remember-me keeps the user name (or mobile number) and dialing code — never the password
 * (DESIGN.md §6). The server's revocable device token travels only as its httpOnly cookie; it is
 * not copied into script-readable storage.
 */
export function writeRemembered(record: RememberedLogin | null): void {
  if (!record) {
    remove(ACCOUNT_KEYS.rememberLogin);
    remove(ACCOUNT_KEYS.rememberFlag);
    return;
  }
  writeLocal(
    ACCOUNT_KEYS.rememberLogin,
    JSON.stringify({ type: record.type, username: record.username, countryDialingCode: record.countryDialingCode }),
  );
  writeLocal(ACCOUNT_KEYS.rememberFlag, '1');
}
