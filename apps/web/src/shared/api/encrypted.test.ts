import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, ENCRYPTION_HEADER } from '@palaro/contract';
import { apiEncrypted, resetEncryptionKey } from './encrypted';

function toBase64(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

describe('encrypted request body (DESIGN.md §6)', () => {
  it('fetches the key, sends { data } with the Encryption header, and the server can open it', async () => {
    resetEncryptionKey();
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const publicKey = toBase64(await crypto.subtle.exportKey('spki', pair.publicKey));
    const sent: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = String(input);
        sent.push({ url, init });
        const value = url.startsWith(API_PATHS.encryptionKey) ? { keyId: 'k1', publicKey } : { ok: true };
        return new Response(JSON.stringify({ success: true, value }), { status: 200 });
      }),
    );

    await apiEncrypted('POST', API_PATHS.login, { type: 'username', username: 'juan2024', password: 'S3cret!pass' });
    const login = sent.find((s) => s.url === API_PATHS.login)!;
    const headers = login.init.headers as Record<string, string>;
    const body = JSON.parse(String(login.init.body)) as { data: string };
    expect(Object.keys(body)).toEqual(['data']);
    expect(String(login.init.body)).not.toContain('S3cret');
    const [keyId, wrapped] = headers[ENCRYPTION_HEADER]!.split('.');
    expect(keyId).toBe('k1');

    // Open it as the server does: unwrap the AES key, then AES-GCM with the leading 12-byte IV.
    const raw = await crypto.subtle.decrypt(
      { name: 'RSA-OAEP' },
      pair.privateKey,
      Uint8Array.from(atob(wrapped!), (c) => c.charCodeAt(0)),
    );
    const aes = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
    const bytes = Uint8Array.from(atob(body.data), (c) => c.charCodeAt(0));
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, aes, bytes.slice(12));
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual({
      type: 'username',
      username: 'juan2024',
      password: 'S3cret!pass',
    });

    // The key is fetched once per page.
    await apiEncrypted('PUT', API_PATHS.register, { a: 1 });
    expect(sent.filter((s) => s.url.startsWith(API_PATHS.encryptionKey))).toHaveLength(1);
  });
});
