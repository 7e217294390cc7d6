import { STORAGE_KEYS } from '@palaro/contract';

/** Browser storage that never throws (private mode, disabled storage, quota). */
function safe(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readLocal(key: string): string | null {
  try {
    return safe('local')?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    safe('local')?.setItem(key, value);
  } catch {
    /* storage unavailable: the preference lasts for this page only */
  }
}

export function readSession(key: string): string | null {
  try {
    return safe('session')?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    safe('session')?.setItem(key, value);
  } catch {
    /* storage unavailable */
  }
}

/** Logged in = a session record is present (spec §6). */
export function hasSession(): boolean {
  return readLocal(STORAGE_KEYS.session) !== null;
}
