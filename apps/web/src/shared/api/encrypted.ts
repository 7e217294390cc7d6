import { SESSION_API_PATHS, ENCRYPTION_HEADER, encryptForServer, type TEncryptionKey } from '@palaro/contract';
import { apiGet, apiRequest, type RequestOptions } from './client';

let cachedKey: Promise<TEncryptionKey> | null = null;

/** The server's public key for encrypted bodies; fetched once per page, again after a failure. */
export function encryptionKey(): Promise<TEncryptionKey> {
  if (!cachedKey) {
    cachedKey = apiGet<TEncryptionKey>(SESSION_API_PATHS.encryptionKey).catch((error: unknown) => {
      cachedKey = null;
      throw error;
    });
  }
  return cachedKey;
}

/** Forget the cached key (the server rotated it, or a test). */
export function resetEncryptionKey(): void {
  cachedKey = null;
}

/**
 * Sends the payload encrypted (DESIGN.md §6, spec §7 login and register): header
 * `Encryption: <keyId>.<wrapped key>`, JSON body `{ data }`.
 */
export async function apiEncrypted<T>(
  method: 'POST' | 'PUT',
  path: string,
  payload: unknown,
  options: Omit<RequestOptions, 'json' | 'form'> = {},
): Promise<T> {
  const key = await encryptionKey();
  const encrypted = await encryptForServer(payload, key);
  return apiRequest<T>(method, path, {
    ...options,
    headers: { ...options.headers, [ENCRYPTION_HEADER]: encrypted.header },
    json: encrypted.body,
  });
}
