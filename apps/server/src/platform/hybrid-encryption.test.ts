import { constants, createCipheriv, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, encryptForServer } from '@palaro/contract';
import { decryptRequest, generateEncryptionKeyPair } from './hybrid-encryption';
import { DomainError } from './http/errors';

const [current, other] = await Promise.all([generateEncryptionKeyPair(), generateEncryptionKeyPair()]);
const keys = new Map([
  [current.keyId, current.privateKeyPem],
  [other.keyId, other.privateKeyPem],
]);
const currentPublicKey = createPublicKey({
  key: Buffer.from(current.publicKey, 'base64'),
  format: 'der',
  type: 'spki',
});
const lookup = async (keyId: string) => keys.get(keyId) ?? null;

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(ERROR_CODES.validation);
  return error as DomainError;
}

function flipByte(base64: string, index: number): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[index] = bytes[index]! ^ 0x01;
  return bytes.toString('base64');
}

describe('generateEncryptionKeyPair', () => {
  it('makes an RSA-3072 key with a random id and a base64 SPKI public key', () => {
    const key = currentPublicKey;
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(3072);
    expect(current.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(current.keyId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(current.keyId).not.toBe(other.keyId);
  });
});

describe('decryptRequest', () => {
  const payload = { type: 0, username: 'maria', password: 'Secret#123', note: 'ñ 中文 <script>' };

  it('round-trips what the contract encryptForServer produced', async () => {
    const { header, body } = await encryptForServer(payload, current);
    await expect(decryptRequest(header, body, lookup)).resolves.toEqual(payload);
  });

  it('answers 400 when the header is missing or malformed', async () => {
    const { header, body } = await encryptForServer(payload, current);
    const wrapped = header.slice(header.indexOf('.') + 1);
    expect((await rejection(decryptRequest(undefined, body, lookup))).message).toMatch(/header is missing/);
    await rejection(decryptRequest('', body, lookup));
    await rejection(decryptRequest(wrapped, body, lookup));
    await rejection(decryptRequest(`.${wrapped}`, body, lookup));
    await rejection(decryptRequest(`${current.keyId}.`, body, lookup));
    await rejection(decryptRequest(`${current.keyId}.${wrapped}!`, body, lookup));
    await rejection(decryptRequest(`bad key id.${wrapped}`, body, lookup));
  });

  it('answers 400 for an unknown key id without trying to decrypt', async () => {
    const { header, body } = await encryptForServer(payload, current);
    const unknown = header.replace(current.keyId, 'retired-key');
    expect((await rejection(decryptRequest(unknown, body, lookup))).message).toMatch(/unknown or expired/);
  });

  it('answers 400 when the key was wrapped for a different key pair', async () => {
    const { header, body } = await encryptForServer(payload, other);
    const misnamed = `${current.keyId}.${header.slice(header.indexOf('.') + 1)}`;
    expect((await rejection(decryptRequest(misnamed, body, lookup))).message).toMatch(/does not decrypt/);
  });

  it('answers 400 when the ciphertext, the tag, the IV or the wrapped key was tampered with', async () => {
    const { header, body } = await encryptForServer(payload, current);
    const length = Buffer.from(body.data, 'base64').length;
    for (const index of [0, 11, 12, 20, length - 17, length - 1]) {
      const error = await rejection(decryptRequest(header, { data: flipByte(body.data, index) }, lookup));
      expect(error.message).toMatch(/failed authentication/);
    }
    const [keyId, wrapped] = header.split('.') as [string, string];
    await rejection(decryptRequest(`${keyId}.${flipByte(wrapped, 100)}`, body, lookup));
  });

  it('answers 400 for wrong sizes and wrong body shapes', async () => {
    const { header, body } = await encryptForServer(payload, current);
    const [keyId, wrapped] = header.split('.') as [string, string];
    const shortWrapped = Buffer.from(wrapped, 'base64').subarray(0, 256).toString('base64');
    expect((await rejection(decryptRequest(`${keyId}.${shortWrapped}`, body, lookup))).message).toMatch(/wrong size/);
    expect(
      (await rejection(decryptRequest(header, { data: Buffer.alloc(27).toString('base64') }, lookup))).message,
    ).toMatch(/too short/);
    expect((await rejection(decryptRequest(header, { data: 'A'.repeat(65_540) }, lookup))).message).toMatch(
      /too large/,
    );
    await rejection(decryptRequest(header, { data: '%%%%' }, lookup));
    await rejection(decryptRequest(header, { data: 42 }, lookup));
    await rejection(decryptRequest(header, null, lookup));
    await rejection(decryptRequest(header, 'text', lookup));
    await rejection(decryptRequest(header, { data: body.data.slice(0, -4) }, lookup));
  });

  it('answers 400 when the wrapped secret is not a 32-byte AES key', async () => {
    const { body } = await encryptForServer(payload, current);
    const sixteen = publicEncrypt(
      { key: currentPublicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.alloc(16, 7),
    );
    const error = await rejection(decryptRequest(`${current.keyId}.${sixteen.toString('base64')}`, body, lookup));
    expect(error.message).toMatch(/not an AES-256 key/);
  });

  it('answers 400 when the decrypted text is not JSON', async () => {
    // Built by hand: encryptForServer always sends JSON, a hostile client need not.
    const aesKey = randomBytes(32);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
    const ciphertext = Buffer.concat([cipher.update('{not json', 'utf8'), cipher.final(), cipher.getAuthTag()]);
    const wrapped = publicEncrypt(
      { key: currentPublicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      aesKey,
    );
    const error = await rejection(
      decryptRequest(
        `${current.keyId}.${wrapped.toString('base64')}`,
        { data: Buffer.concat([iv, ciphertext]).toString('base64') },
        lookup,
      ),
    );
    expect(error.message).toMatch(/not JSON/);
  });
});
