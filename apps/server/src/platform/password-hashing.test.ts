import { describe, expect, it } from 'vitest';
import { PASSWORD_HASH_PARAMETERS, hashPassword, needsRehash, verifyPassword } from './password-hashing';

function parameters(hash: string): Record<string, number> {
  // PHC string: $argon2id$v=19$m=…,t=…,p=…$salt$hash (the library orders m, p, t).
  const pairs = hash
    .split('$')[3]!
    .split(',')
    .map((pair) => pair.split('=') as [string, string]);
  return Object.fromEntries(pairs.map(([name, value]) => [name, Number(value)]));
}

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Correct horse 9!');
    await expect(verifyPassword(hash, 'Correct horse 9!')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'correct horse 9!')).resolves.toBe(false);
    await expect(verifyPassword(hash, '')).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    const [first, second] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(first).not.toBe(second);
    await expect(verifyPassword(second!, 'same')).resolves.toBe(true);
  });

  it('uses argon2id at or above the OWASP floor, as the encoded hash shows', async () => {
    const hash = await hashPassword('pässwörd 中文');
    expect(hash.startsWith('$argon2id$v=19$')).toBe(true);
    const { m, t, p } = parameters(hash);
    expect(m).toBeGreaterThanOrEqual(19_456);
    expect(t).toBeGreaterThanOrEqual(2);
    expect(p).toBe(1);
    expect(PASSWORD_HASH_PARAMETERS).toMatchObject({
      algorithm: 'argon2id',
      memoryKiB: m,
      iterations: t,
      parallelism: p,
    });
    await expect(verifyPassword(hash, 'pässwörd 中文')).resolves.toBe(true);
    expect(hash).not.toContain('pässwörd');
  });

  it('answers false, never throws, for a hash it cannot read', async () => {
    await expect(verifyPassword('', 'x')).resolves.toBe(false);
    await expect(verifyPassword('plain-text-password', 'plain-text-password')).resolves.toBe(false);
    await expect(verifyPassword('$argon2id$v=19$m=19456,t=2,p=1$broken', 'x')).resolves.toBe(false);
  });

  it('refuses to spend time on absurdly long passwords', async () => {
    await expect(hashPassword('x'.repeat(2000))).rejects.toThrow(RangeError);
    const hash = await hashPassword('short');
    await expect(verifyPassword(hash, 'x'.repeat(2000))).resolves.toBe(false);
  });

  it('asks for a rehash only when the parameters are weaker or the algorithm differs', async () => {
    expect(needsRehash(await hashPassword('p'))).toBe(false);
    expect(
      needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g'),
    ).toBe(true);
    expect(
      needsRehash('$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g'),
    ).toBe(true);
    expect(needsRehash('$scrypt$whatever')).toBe(true);
    expect(needsRehash('')).toBe(true);
  });
});
