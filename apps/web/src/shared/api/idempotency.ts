import { useCallback, useRef } from 'react';
import { IDEMPOTENCY_KEY_PATTERN } from '@palaro/contract';
import { ApiError } from './client';

/** A fresh key: a random UUID without dashes (32 characters of [0-9a-f]), which the contract's pattern accepts. */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  let key: string;
  if (typeof cryptoApi?.randomUUID === 'function') {
    key = cryptoApi.randomUUID().replaceAll('-', '');
  } else {
    const bytes = new Uint8Array(16);
    cryptoApi.getRandomValues(bytes);
    key = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new Error('idempotency key does not match the contract');
  return key;
}

/** True when the request may never have reached the server, or its answer was lost: retry with the same key. */
export function isUncertain(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === 'network' || error.code === 'http' || error.status >= 500;
  return !(error instanceof DOMException && error.name === 'AbortError');
}

/**
 * Money-moving submissions (DESIGN.md §3): one Idempotency-Key per submission attempt.
 * - A tap while the request is in flight joins that request (same key, no second call).
 * - After a network error (or a 5xx, whose outcome is unknown) the retry reuses the key, so the
 *   server answers the first order instead of making a second one.
 * - Once the server has answered for sure (the order, or a 4xx refusal), the next submission gets a
 *   fresh key; so does a submission of different data (another amount or channel).
 */
export function useIdempotentSubmit<Body, Result>(send: (body: Body, key: string) => Promise<Result>) {
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const inFlight = useRef<Promise<Result> | null>(null);

  return useCallback(
    (body: Body): Promise<Result> => {
      if (inFlight.current) return inFlight.current;
      const fingerprint = JSON.stringify(body);
      if (!attempt.current || attempt.current.fingerprint !== fingerprint)
        attempt.current = { key: newIdempotencyKey(), fingerprint };
      const { key } = attempt.current;
      const request = send(body, key)
        .then(
          (result) => {
            attempt.current = null;
            return result;
          },
          (error: unknown) => {
            if (!isUncertain(error)) attempt.current = null;
            throw error;
          },
        )
        .finally(() => {
          inFlight.current = null;
        });
      inFlight.current = request;
      return request;
    },
    [send],
  );
}
