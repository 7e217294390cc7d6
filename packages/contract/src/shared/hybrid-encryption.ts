/**
 * Client side of the encrypted request body (DESIGN.md §6): a fresh AES-256-GCM key encrypts the
 * JSON payload and RSA-OAEP-SHA256 wraps that key for the server's public key. Written against
 * WebCrypto only, so the same code runs in the browser and in Node 20 (tests, tools).
 *
 *   header `Encryption: <keyId>.<base64(RSA-OAEP-SHA256(aesKey))>`
 *   body   `{ data: base64(iv[12] || AES-256-GCM(JSON payload) || tag[16]) }`
 */

/** Name of the request header that carries the key id and the wrapped AES key. */
export const ENCRYPTION_HEADER = 'Encryption';

/** GCM's recommended nonce size; the server rejects any other. */
export const ENCRYPTION_IV_BYTES = 12;

export interface EncryptionPublicKey {
  keyId: string;
  /** SPKI, base64 DER, as GET /wps/session/encryption-key answers. */
  publicKey: string;
}

export interface EncryptedRequest {
  header: string;
  body: { data: string };
}

/** btoa/atob work on "binary strings"; chunking keeps String.fromCharCode's argument list small. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + chunk));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export async function encryptForServer(payload: unknown, key: EncryptionPublicKey): Promise<EncryptedRequest> {
  if (!key.keyId || key.keyId.includes('.')) throw new Error('The encryption key id is missing or contains "."');
  const subtle = globalThis.crypto.subtle;
  const plaintext = new TextEncoder().encode(JSON.stringify(payload));

  const rsaKey = await subtle.importKey(
    'spki',
    fromBase64(key.publicKey),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['wrapKey'],
  );
  // Extractable only so wrapKey can export it; the key lives for this one call.
  const aesKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(ENCRYPTION_IV_BYTES));

  const ciphertext = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv, tagLength: 128 }, aesKey, plaintext));
  const wrappedKey = new Uint8Array(await subtle.wrapKey('raw', aesKey, rsaKey, { name: 'RSA-OAEP' }));

  const data = new Uint8Array(iv.length + ciphertext.length);
  data.set(iv, 0);
  data.set(ciphertext, iv.length);
  return { header: `${key.keyId}.${toBase64(wrappedKey)}`, body: { data: toBase64(data) } };
}
