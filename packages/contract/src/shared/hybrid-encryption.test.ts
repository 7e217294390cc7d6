import { describe, expect, it } from 'vitest';
import { ENCRYPTION_HEADER, ENCRYPTION_IV_BYTES, encryptForServer } from './hybrid-encryption';

/** The receiving half, written with WebCrypto here so the contract test needs nothing from the server. */
async function keyPair() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['wrapKey', 'unwrapKey'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  return { privateKey: pair.privateKey, publicKey: Buffer.from(spki).toString('base64') };
}

async function decrypt(
  header: string,
  data: string,
  privateKey: Awaited<ReturnType<typeof keyPair>>['privateKey'],
): Promise<unknown> {
  const wrapped = Buffer.from(header.slice(header.indexOf('.') + 1), 'base64');
  const aesKey = await crypto.subtle.unwrapKey(
    'raw',
    wrapped,
    privateKey,
    { name: 'RSA-OAEP' },
    { name: 'AES-GCM' },
    false,
    ['decrypt'],
  );
  const bytes = Buffer.from(data, 'base64');
  const plaintext = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, ENCRYPTION_IV_BYTES) },
    aesKey,
    bytes.subarray(ENCRYPTION_IV_BYTES),
  );
  return JSON.parse(new TextDecoder().decode(plaintext));
}

describe('encryptForServer', () => {
  it('names the header as DESIGN.md §6 does', () => {
    expect(ENCRYPTION_HEADER).toBe('Encryption');
  });

  it('produces <keyId>.<wrapped key> and iv || ciphertext || tag that decrypt to the payload', async () => {
    const { privateKey, publicKey } = await keyPair();
    const payload = { username: 'juan', password: 'pässwörd 🔑', remember: true };
    const { header, body } = await encryptForServer(payload, { keyId: 'k1', publicKey });
    expect(header).toMatch(/^k1\.[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(header.slice(3), 'base64')).toHaveLength(256);
    const bytes = Buffer.from(body.data, 'base64');
    const json = Buffer.from(JSON.stringify(payload));
    expect(bytes).toHaveLength(ENCRYPTION_IV_BYTES + json.length + 16);
    await expect(decrypt(header, body.data, privateKey)).resolves.toEqual(payload);
  });

  it('uses a fresh key and IV on every call', async () => {
    const { publicKey } = await keyPair();
    const first = await encryptForServer({ same: 1 }, { keyId: 'k', publicKey });
    const second = await encryptForServer({ same: 1 }, { keyId: 'k', publicKey });
    expect(first.header).not.toBe(second.header);
    expect(first.body.data.slice(0, 16)).not.toBe(second.body.data.slice(0, 16));
    expect(first.body.data).not.toBe(second.body.data);
  });

  it('refuses a key id that would break the header format', async () => {
    const { publicKey } = await keyPair();
    await expect(encryptForServer({}, { keyId: 'a.b', publicKey })).rejects.toThrow(/key id/);
    await expect(encryptForServer({}, { keyId: '', publicKey })).rejects.toThrow(/key id/);
  });

  it('encodes payloads larger than one base64 chunk', async () => {
    const { privateKey, publicKey } = await keyPair();
    const payload = { text: 'x'.repeat(100_000) };
    const { header, body } = await encryptForServer(payload, { keyId: 'big', publicKey });
    await expect(decrypt(header, body.data, privateKey)).resolves.toEqual(payload);
  });
});
