import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveDrawResult, hashDrawSeed, newDrawSeed, ticketsDigest, verifyDraw } from './draw';
import { formatWinningNumber, isFamilyResult, LOTTERY_FAMILIES, parseWinningNumber } from './families';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Fixed, distinct seeds: the chi-square test is deterministic (it can only fail if the derivation changes). */
const seedNumber = (i: number) => sha256(`palaro-lottery-test-seed-${i}`);

/** Pearson's chi-square statistic of observed counts against a uniform expectation. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}
/** Critical values at 99 % (upper 1 % point) for the degrees of freedom used here. */
const CHI2_99: Record<number, number> = { 5: 15.086, 9: 21.666, 10: 23.209, 99: 134.642 };

describe('draw derivation', () => {
  it('recomputes a draw by hand from its revealed seed: HMAC-SHA256(seed, "publicValue:0:0"), 4 bytes at a time, rejection above the limit', async () => {
    const seed = seedNumber(1);
    const publicValue = await ticketsDigest(['T-3', 'T-1', 'T-2']);
    expect(publicValue).toBe(sha256('T-1\nT-2\nT-3'));
    expect(await ticketsDigest([])).toBe(sha256(''));
    const block = createHmac('sha256', seed).update(`${publicValue}:0:0`).digest();
    // SSC: five integers in [0, 10); 2^32 mod 10 = 6, so words ≥ 4294967290 would be skipped (none is here).
    const byHand: number[] = [];
    for (let offset = 0; byHand.length < 5; offset += 4) {
      const word = block.readUInt32BE(offset);
      if (word < 2 ** 32 - (2 ** 32 % 10)) byHand.push(word % 10);
    }
    expect(await deriveDrawResult('SSC', seed, publicValue)).toEqual(byHand);
  });

  it('every family gives a well-formed result, the same every time for the same inputs, another for another public value', async () => {
    for (const family of LOTTERY_FAMILIES) {
      const result = await deriveDrawResult(family, seedNumber(2), sha256('a'));
      expect(isFamilyResult(family, result), family).toBe(true);
      expect(await deriveDrawResult(family, seedNumber(2), sha256('a'))).toEqual(result);
      expect(parseWinningNumber(family, formatWinningNumber(family, result))).toEqual(result);
    }
    expect(await deriveDrawResult('VNE', seedNumber(2), sha256('a'))).not.toEqual(
      await deriveDrawResult('VNE', seedNumber(2), sha256('b')),
    );
  });

  it('verifies a draw from what it published, and catches a wrong seed, hash or result', async () => {
    const serverSeed = newDrawSeed();
    const seedHash = await hashDrawSeed(serverSeed);
    expect(seedHash).toBe(sha256(serverSeed));
    const publicValue = await ticketsDigest(['B-1']);
    const result = await deriveDrawResult('PK10', serverSeed, publicValue);
    expect(await verifyDraw({ family: 'PK10', serverSeed, seedHash, publicValue, result })).toMatchObject({
      valid: true,
      seedMatchesHash: true,
      resultMatches: true,
    });
    const swapped = [result[1]!, result[0]!, ...result.slice(2)];
    expect(await verifyDraw({ family: 'PK10', serverSeed, seedHash, publicValue, result: swapped })).toMatchObject({
      valid: false,
      resultMatches: false,
    });
    expect(
      await verifyDraw({ family: 'PK10', serverSeed: newDrawSeed(), seedHash, publicValue, result }),
    ).toMatchObject({ valid: false, seedMatchesHash: false });
  });

  it('the draw RNG passes a chi-square uniformity test at 99 % (SSC digits, dice, PK10 winners, 11x5 first ball, VN đề endings)', async () => {
    const draws = 1000;
    const digits = Array<number>(10).fill(0);
    const dice = Array<number>(6).fill(0);
    const winners = Array<number>(10).fill(0);
    const firstBalls = Array<number>(11).fill(0);
    const de = Array<number>(100).fill(0);
    for (let i = 0; i < draws; i += 1) {
      const publicValue = sha256(String(i));
      for (const digit of await deriveDrawResult('SSC', seedNumber(i), publicValue)) digits[digit]! += 1;
      for (const face of await deriveDrawResult('K3', seedNumber(i), publicValue)) dice[face - 1]! += 1;
      winners[(await deriveDrawResult('PK10', seedNumber(i), publicValue))[0]! - 1]! += 1;
      firstBalls[(await deriveDrawResult('X11X5', seedNumber(i), publicValue))[0]! - 1]! += 1;
      for (const value of await deriveDrawResult('VNE', seedNumber(i), publicValue)) de[value % 100]! += 1;
    }
    expect(chiSquare(digits)).toBeLessThan(CHI2_99[9]!);
    expect(chiSquare(dice)).toBeLessThan(CHI2_99[5]!);
    expect(chiSquare(winners)).toBeLessThan(CHI2_99[9]!);
    expect(chiSquare(firstBalls)).toBeLessThan(CHI2_99[10]!);
    expect(chiSquare(de)).toBeLessThan(CHI2_99[99]!);
    // The test can fail: a derivation biased towards small values is refused.
    const biased = digits.map((count, digit) => (digit < 5 ? count * 1.2 : count * 0.8));
    expect(chiSquare(biased)).toBeGreaterThan(CHI2_99[9]!);
  }, 60_000);
});
