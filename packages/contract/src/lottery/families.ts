/**
 * The electronic lottery families Palaro draws with its own RNG (prize mode Elott), shared by the
 * lottery server and the web app. A draw's result is a plain list of integers whose meaning depends
 * on the family (below); `drawFamilyResult` makes one from uniform integers, so the same rules run
 * on the provably fair byte stream (draw.ts) and on a fast generator in the tests.
 */
import type { RandomInt } from '../inhouse/fairness';

export const LOTTERY_FAMILIES = ['SSC', 'K3', 'PK10', 'X11X5', 'VNE'] as const;
export type LotteryFamily = (typeof LOTTERY_FAMILIES)[number];

export function isLotteryFamily(value: string): value is LotteryFamily {
  return (LOTTERY_FAMILIES as readonly string[]).includes(value);
}

/**
 * The electronic Vietnamese draw copies the northern daily draw: 27 numbers in 8 prize tiers, the
 * special prize (ĐB) first. Each entry is [tier name, how many numbers, digits per number].
 */
export const VN_TIERS: readonly (readonly [name: string, count: number, digits: number])[] = [
  ['ĐB', 1, 5], ['G1', 1, 5], ['G2', 2, 5], ['G3', 6, 5], ['G4', 4, 4], ['G5', 6, 4], ['G6', 3, 3], ['G7', 4, 2],
];
/** How many numbers the Vietnamese draw has (27), and how many have at least three digits (23). */
export const VN_NUMBER_COUNT = VN_TIERS.reduce((sum, [, count]) => sum + count, 0);
export const VN_THREE_DIGIT_COUNT = VN_TIERS.filter(([, , digits]) => digits >= 3).reduce((sum, [, count]) => sum + count, 0);
/** Digits of each of the 27 numbers, in result order. */
export const VN_DIGITS: readonly number[] = VN_TIERS.flatMap(([, count, digits]) => Array<number>(count).fill(digits));

export interface FamilyInfo {
  family: LotteryFamily;
  /** What a result holds, in words (for the docs and the verify screen). */
  result: string;
  /** How many integers a result has, and the range each lies in. */
  length: number;
  min: number;
  max: number;
}

export const FAMILY_INFO: Record<LotteryFamily, FamilyInfo> = {
  SSC: { family: 'SSC', result: 'five digits 0–9, ball 1 to ball 5 (each drawn independently)', length: 5, min: 0, max: 9 },
  K3: { family: 'K3', result: 'three dice 1–6', length: 3, min: 1, max: 6 },
  PK10: { family: 'PK10', result: 'the finishing order of cars 1–10 (1st place first)', length: 10, min: 1, max: 10 },
  X11X5: { family: 'X11X5', result: 'five different numbers 1–11 in the order drawn', length: 5, min: 1, max: 11 },
  VNE: { family: 'VNE', result: '27 numbers: ĐB, G1, G2×2, G3×6 (5 digits), G4×4, G5×6 (4 digits), G6×3 (3 digits), G7×4 (2 digits)', length: 27, min: 0, max: 99_999 },
};

/**
 * One draw of a family from uniform integers:
 * - SSC: five times int(10).
 * - K3: three times int(6) + 1.
 * - PK10: cars 1…10 shuffled by Fisher–Yates from the back (for i = 9 … 1: swap i with int(i + 1)).
 * - 11x5: the pool 1…11 partly shuffled from the front (for i = 0 … 4: swap i with i + int(11 − i)),
 *   the first five taken.
 * - VNE: for each of the 27 numbers in order, int(10^digits).
 */
export function drawFamilyResult(family: LotteryFamily, int: RandomInt): number[] {
  switch (family) {
    case 'SSC':
      return Array.from({ length: 5 }, () => int(10));
    case 'K3':
      return Array.from({ length: 3 }, () => int(6) + 1);
    case 'PK10': {
      const cars = Array.from({ length: 10 }, (_, index) => index + 1);
      for (let i = cars.length - 1; i >= 1; i -= 1) {
        const j = int(i + 1);
        [cars[i], cars[j]] = [cars[j]!, cars[i]!];
      }
      return cars;
    }
    case 'X11X5': {
      const pool = Array.from({ length: 11 }, (_, index) => index + 1);
      for (let i = 0; i < 5; i += 1) {
        const j = i + int(11 - i);
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      }
      return pool.slice(0, 5);
    }
    case 'VNE':
      return VN_DIGITS.map((digits) => int(10 ** digits));
  }
}

/** Whether a list of integers is a possible result of the family (shape, range, distinctness). */
export function isFamilyResult(family: LotteryFamily, numbers: readonly number[]): boolean {
  const info = FAMILY_INFO[family];
  if (numbers.length !== info.length || !numbers.every(Number.isInteger)) return false;
  if (family === 'VNE') return numbers.every((value, index) => value >= 0 && value < 10 ** VN_DIGITS[index]!);
  if (!numbers.every((value) => value >= info.min && value <= info.max)) return false;
  if (family === 'PK10' || family === 'X11X5') return new Set(numbers).size === numbers.length;
  return true;
}

/**
 * A result as the lottery menu's previousWinningNumber carries it (spec §2: split by '~', the first
 * part comma-separated, its first number shown digit by digit): one part of comma-separated balls,
 * or for the Vietnamese draw one part per tier, ĐB first, zero-padded to the tier's digits.
 */
export function formatWinningNumber(family: LotteryFamily, numbers: readonly number[]): string {
  if (family !== 'VNE') return numbers.join(',');
  const parts: string[] = [];
  let index = 0;
  for (const [, count, digits] of VN_TIERS) {
    parts.push(numbers.slice(index, index + count).map((value) => String(value).padStart(digits, '0')).join(','));
    index += count;
  }
  return parts.join('~');
}

/** The inverse of formatWinningNumber; null when the text is not a result of the family. */
export function parseWinningNumber(family: LotteryFamily, text: string): number[] | null {
  const pieces = text.split(/[~,]/);
  if (!pieces.every((piece) => /^\d{1,5}$/.test(piece))) return null;
  const numbers = pieces.map(Number);
  return isFamilyResult(family, numbers) ? numbers : null;
}

/** The two-digit endings of the Vietnamese draw's 27 numbers (what lô and xiên bets look at). */
export function vnTwoDigitEndings(numbers: readonly number[]): number[] {
  return numbers.map((value) => value % 100);
}

/** The three-digit endings of the 23 Vietnamese numbers that have at least three digits (lô 3). */
export function vnThreeDigitEndings(numbers: readonly number[]): number[] {
  return numbers.filter((_, index) => VN_DIGITS[index]! >= 3).map((value) => value % 1000);
}
