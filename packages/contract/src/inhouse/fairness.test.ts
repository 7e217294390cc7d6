import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BytesExhausted,
  hashServerSeed,
  integersFromBytes,
  newClientSeed,
  newServerSeed,
  outcomeBytes,
  playFair,
  simulationRandom,
  CLIENT_SEED_PATTERN,
  SERVER_SEED_PATTERN,
} from './fairness';

const SERVER_SEED = 'a3f1c9e07b5d24681f0e9c3b7a2d5e8f4c1b6a9d0e3f7a2b5c8d1e4f7a0b3c6d';
const CLIENT_SEED = 'lucky-isla';

function bytesOf(...words: number[]): Uint8Array {
  const bytes = new Uint8Array(words.length * 4);
  const view = new DataView(bytes.buffer);
  words.forEach((word, index) => view.setUint32(index * 4, word));
  return bytes;
}

describe('fairness: commitments and the byte stream', () => {
  it('commits to a seed with SHA-256 over its hex text (a fixed vector, and node:crypto agrees)', async () => {
    expect(await hashServerSeed(SERVER_SEED)).toBe('4adfa47e954bf3b4e31c70ec4ecce1874e1ed06daa2a28f448a4d315dd992c3c');
    const seed = newServerSeed();
    expect(seed).toMatch(SERVER_SEED_PATTERN);
    expect(await hashServerSeed(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
    expect(newServerSeed()).not.toBe(seed);
    expect(newClientSeed()).toMatch(CLIENT_SEED_PATTERN);
  });

  it('derives block c as HMAC-SHA256(serverSeed, "clientSeed:nonce:c") (fixed vectors)', async () => {
    const bytes = await outcomeBytes(SERVER_SEED, CLIENT_SEED, 0, 2);
    expect(Buffer.from(bytes.subarray(0, 32)).toString('hex')).toBe(
      '96e406b6b6b9ea6236491d65b32be21032d7dee3d0988da5351dafe157333aa9',
    );
    expect(Buffer.from(bytes.subarray(32)).toString('hex')).toBe(
      '010ec76012581dbccadf45cd49c59fa31ef3d892f14a7a0f07dee0e5a44e1e03',
    );
    const other = await outcomeBytes(SERVER_SEED, CLIENT_SEED, 7, 1);
    expect(Buffer.from(other).toString('hex')).toBe(
      createHmac('sha256', SERVER_SEED).update(`${CLIENT_SEED}:7:0`).digest('hex'),
    );
  });

  it('turns the first vector into fixed integers: 0x96e406b6 mod 25, then the next word', async () => {
    const { int } = integersFromBytes(await outcomeBytes(SERVER_SEED, CLIENT_SEED, 0, 1));
    expect(int(25)).toBe(0x96e406b6 % 25);
    expect(int(33)).toBe(0xb6b9ea62 % 33);
    expect(int(2 ** 32)).toBe(0x36491d65);
  });
});

describe('fairness: integers without modulo bias', () => {
  it('rejects the top 2^32 mod n words and reads on', () => {
    // n = 3: 2^32 mod 3 = 1, so only 0xffffffff is refused.
    const three = integersFromBytes(bytesOf(0xffffffff, 0xfffffffe));
    expect(three.int(3)).toBe(0xfffffffe % 3);
    expect(three.bytesUsed()).toBe(8);
    // n = 2^31 + 1: 2^32 mod n = 2^31 − 1, so words from 2^31 + 1 up are refused.
    const half = integersFromBytes(bytesOf(2 ** 31 + 1, 2 ** 31));
    expect(half.int(2 ** 31 + 1)).toBe(2 ** 31);
    expect(half.bytesUsed()).toBe(8);
  });

  it('accepts every word when n divides 2^32, and n = 1 still reads a word', () => {
    const whole = integersFromBytes(bytesOf(0xffffffff, 0x80000000, 5));
    expect(whole.int(2 ** 32)).toBe(0xffffffff);
    expect(whole.int(2)).toBe(0);
    expect(whole.int(1)).toBe(0);
    expect(whole.bytesUsed()).toBe(12);
  });

  it('keeps every residue equally likely: the accepted words are a whole number of cycles of n', () => {
    for (const n of [1, 2, 3, 5, 24, 25, 29, 33, 1000, 2 ** 31 + 1, 2 ** 32 - 1]) {
      const limit = 2 ** 32 - (2 ** 32 % n);
      expect(limit % n).toBe(0);
      // The largest accepted word gives n − 1, the first refused one is exactly at the limit.
      expect(integersFromBytes(bytesOf(limit - 1)).int(n)).toBe(n - 1);
      if (limit < 2 ** 32) expect(() => integersFromBytes(bytesOf(limit)).int(n)).toThrow(BytesExhausted);
    }
  });

  it('refuses a range it cannot draw from, and says when its bytes run out', () => {
    const { int } = integersFromBytes(bytesOf(1));
    expect(() => int(0)).toThrow(RangeError);
    expect(() => int(2 ** 32 + 1)).toThrow(RangeError);
    expect(() => int(1.5)).toThrow(RangeError);
    expect(int(10)).toBe(1);
    expect(() => int(10)).toThrow(BytesExhausted);
  });

  it('derives more blocks when a round needs them, giving what an endless stream would', async () => {
    const seeds = { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 3 };
    const draws = await playFair(seeds, (int) => Array.from({ length: 300 }, () => int(2 ** 32)));
    const bytes = await outcomeBytes(SERVER_SEED, CLIENT_SEED, 3, 64);
    const view = new DataView(bytes.buffer);
    expect(draws).toEqual(Array.from({ length: 300 }, (_, index) => view.getUint32(index * 4)));
  });

  it('the simulation generator draws evenly (chi-square over 10 cells at 200,000 draws)', () => {
    const int = simulationRandom(42);
    const counts = new Array<number>(10).fill(0);
    for (let draw = 0; draw < 200_000; draw += 1) counts[int(10)]! += 1;
    const chiSquare = counts.reduce((sum, count) => sum + (count - 20_000) ** 2 / 20_000, 0);
    // 9 degrees of freedom: 27.9 is the 0.1 % critical value.
    expect(chiSquare).toBeLessThan(27.9);
  });
});
