import { useCallback, useRef } from 'react';
import { ApiError } from '../../../shared/api/client';

/** A fresh key: 32 characters of [A-Za-z0-9_-] (the contract allows 8–64). */
export function newIdempotencyKey(): string {
  const uuid = typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  return uuid.replaceAll('-', '').slice(0, 32).padEnd(16, '0');
}

/**
 * Whether the server certainly answered the attempt. After a lost connection or a server failure
 * the money may or may not have moved: the player's retry must carry the same key, so the server
 * answers the first result instead of moving money twice.
 */
export function isDefiniteAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'http';
}

/**
 * One key per attempt. `keyFor(fingerprint)` hands out the attempt's key: the same one while the
 * attempt is open and the request is unchanged (a retry), a new one otherwise. `settle(error?)`
 * closes the attempt after a definite answer; an unsure failure keeps it open for the retry.
 */
export function useIdempotentAttempt() {
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const keyFor = useCallback((fingerprint: string) => {
    if (!attempt.current || attempt.current.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
    return attempt.current.key;
  }, []);
  const settle = useCallback((error?: unknown) => {
    if (error === undefined || isDefiniteAnswer(error)) attempt.current = null;
  }, []);
  return { keyFor, settle };
}
