/**
 * The lottery families, shared by the lottery server and the web app: the electronic ones Palaro
 * draws with its own RNG (prize mode Elott) and the traditional ones whose results come from an
 * official draw (prize mode Lott: the Vietnamese northern and southern daily draws, PCSO Swertres 3D
 * and 6/42). A draw's result is a plain list of integers whose meaning depends on the family
 * (below); `drawFamilyResult` makes one from uniform integers, so the same rules run on the provably
 * fair byte stream (draw.ts) and on a fast generator in the tests — a traditional family's result is
 * only ever made that way in simulations, never for a real draw.
 */
import type { RandomInt } from '../inhouse/fairness';

export const ELECTRONIC_FAMILIES = ['SSC', 'K3', 'PK10', 'X11X5', 'VNE'] as const;
/** VNN: Vietnamese northern daily draw; VNS: southern daily draw; P3D: PCSO Swertres 3D; P642: PCSO Lotto 6/42. */
export const TRADITIONAL_FAMILIES = ['VNN', 'VNS', 'P3D', 'P642'] as const;
export const LOTTERY_FAMILIES = [...ELECTRONIC_FAMILIES, ...TRADITIONAL_FAMILIES] as const;
export type LotteryFamily = (typeof LOTTERY_FAMILIES)[number];
export type TraditionalFamily = (typeof TRADITIONAL_FAMILIES)[number];

export function isLotteryFamily(value: string): value is LotteryFamily {
  return (LOTTERY_FAMILIES as readonly string[]).includes(value);
}

/** Whether the family's results come from an official draw (never from our RNG). */
export function isTraditionalFamily(family: LotteryFamily): family is TraditionalFamily {
  return (TRADITIONAL_FAMILIES as readonly string[]).includes(family);
}

/** Prize tiers of a Vietnamese draw: [tier name, how many numbers, digits per number], the special prize (ĐB) first. */
export type VnTiers = readonly (readonly [name: string, count: number, digits: number])[];

/**
 * The northern daily draw (Miền Bắc, 18:15): 27 numbers in 8 prize tiers. The electronic
 * Vietnamese game (VNE) copies it.
 */
export const VN_TIERS: VnTiers = [
  ['ĐB', 1, 5],
  ['G1', 1, 5],
  ['G2', 2, 5],
  ['G3', 6, 5],
  ['G4', 4, 4],
  ['G5', 6, 4],
  ['G6', 3, 3],
  ['G7', 4, 2],
];
/** The southern daily draw (Miền Nam, 16:15, one province a ticket): 18 numbers in 9 tiers, ĐB of six digits. */
export const VN_SOUTH_TIERS: VnTiers = [
  ['ĐB', 1, 6],
  ['G1', 1, 5],
  ['G2', 1, 5],
  ['G3', 2, 5],
  ['G4', 7, 5],
  ['G5', 1, 4],
  ['G6', 3, 4],
  ['G7', 1, 3],
  ['G8', 1, 2],
];

const tierCount = (tiers: VnTiers, atLeastDigits = 0) =>
  tiers.filter(([, , digits]) => digits >= atLeastDigits).reduce((sum, [, count]) => sum + count, 0);
const tierDigits = (tiers: VnTiers): readonly number[] =>
  tiers.flatMap(([, count, digits]) => Array<number>(count).fill(digits));

/** How many numbers the northern draw has (27), and how many have at least three digits (23). */
export const VN_NUMBER_COUNT = tierCount(VN_TIERS);
export const VN_THREE_DIGIT_COUNT = tierCount(VN_TIERS, 3);
/** Digits of each of the 27 numbers, in result order. */
export const VN_DIGITS: readonly number[] = tierDigits(VN_TIERS);

/** The tiers of the families whose result is a Vietnamese draw. */
export const FAMILY_TIERS: Partial<Record<LotteryFamily, VnTiers>> = {
  VNE: VN_TIERS,
  VNN: VN_TIERS,
  VNS: VN_SOUTH_TIERS,
};

/** The Vietnamese draw's shape: its tiers, its numbers' digits in result order, and its counts. */
export function vnShape(tiers: VnTiers): {
  tiers: VnTiers;
  digits: readonly number[];
  count: number;
  threeDigitCount: number;
} {
  return { tiers, digits: tierDigits(tiers), count: tierCount(tiers), threeDigitCount: tierCount(tiers, 3) };
}

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
  SSC: {
    family: 'SSC',
    result: 'five digits 0–9, ball 1 to ball 5 (each drawn independently)',
    length: 5,
    min: 0,
    max: 9,
  },
  K3: { family: 'K3', result: 'three dice 1–6', length: 3, min: 1, max: 6 },
  PK10: { family: 'PK10', result: 'the finishing order of cars 1–10 (1st place first)', length: 10, min: 1, max: 10 },
  X11X5: { family: 'X11X5', result: 'five different numbers 1–11 in the order drawn', length: 5, min: 1, max: 11 },
  VNE: {
    family: 'VNE',
    result: '27 numbers: ĐB, G1, G2×2, G3×6 (5 digits), G4×4, G5×6 (4 digits), G6×3 (3 digits), G7×4 (2 digits)',
    length: 27,
    min: 0,
    max: 99_999,
  },
  VNN: {
    family: 'VNN',
    result:
      '27 numbers of the northern draw: ĐB, G1, G2×2, G3×6 (5 digits), G4×4, G5×6 (4 digits), G6×3 (3 digits), G7×4 (2 digits)',
    length: 27,
    min: 0,
    max: 99_999,
  },
  VNS: {
    family: 'VNS',
    result:
      '18 numbers of the southern draw: ĐB (6 digits), G1, G2, G3×2, G4×7 (5 digits), G5, G6×3 (4 digits), G7 (3 digits), G8 (2 digits)',
    length: 18,
    min: 0,
    max: 999_999,
  },
  P3D: { family: 'P3D', result: 'three digits 0–9 in the order drawn (Swertres)', length: 3, min: 0, max: 9 },
  P642: {
    family: 'P642',
    result: 'six different numbers 1–42 (Lotto 6/42), in the order drawn',
    length: 6,
    min: 1,
    max: 42,
  },
};

/**
 * One draw of a family from uniform integers:
 * - SSC: five times int(10).
 * - K3: three times int(6) + 1.
 * - PK10: cars 1…10 shuffled by Fisher–Yates from the back (for i = 9 … 1: swap i with int(i + 1)).
 * - 11x5: the pool 1…11 partly shuffled from the front (for i = 0 … 4: swap i with i + int(11 − i)),
 *   the first five taken.
 * - VNE: for each of the 27 numbers in order, int(10^digits).
 * Traditional families, for simulations only: VNN and VNS as VNE over their tiers, P3D three times
 * int(10), P642 the pool 1…42 partly shuffled like 11x5, the first six taken.
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
    case 'VNN':
    case 'VNS':
      return tierDigits(FAMILY_TIERS[family]!).map((digits) => int(10 ** digits));
    case 'P3D':
      return Array.from({ length: 3 }, () => int(10));
    case 'P642': {
      const pool = Array.from({ length: 42 }, (_, index) => index + 1);
      for (let i = 0; i < 6; i += 1) {
        const j = i + int(42 - i);
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      }
      return pool.slice(0, 6);
    }
  }
}

/** Whether a list of integers is a possible result of the family (shape, range, distinctness). */
export function isFamilyResult(family: LotteryFamily, numbers: readonly number[]): boolean {
  const info = FAMILY_INFO[family];
  if (numbers.length !== info.length || !numbers.every(Number.isInteger)) return false;
  const tiers = FAMILY_TIERS[family];
  if (tiers) {
    const digits = tierDigits(tiers);
    return numbers.every((value, index) => value >= 0 && value < 10 ** digits[index]!);
  }
  if (!numbers.every((value) => value >= info.min && value <= info.max)) return false;
  if (family === 'PK10' || family === 'X11X5' || family === 'P642') return new Set(numbers).size === numbers.length;
  return true;
}

/**
 * A result as the lottery menu's previousWinningNumber carries it (spec §2: split by '~', the first
 * part comma-separated, its first number shown digit by digit): one part of comma-separated balls,
 * or for a Vietnamese draw one part per tier, ĐB first, zero-padded to the tier's digits.
 */
export function formatWinningNumber(family: LotteryFamily, numbers: readonly number[]): string {
  const tiers = FAMILY_TIERS[family];
  if (!tiers) return numbers.join(',');
  const parts: string[] = [];
  let index = 0;
  for (const [, count, digits] of tiers) {
    parts.push(
      numbers
        .slice(index, index + count)
        .map((value) => String(value).padStart(digits, '0'))
        .join(','),
    );
    index += count;
  }
  return parts.join('~');
}

/** The inverse of formatWinningNumber; null when the text is not a result of the family. */
export function parseWinningNumber(family: LotteryFamily, text: string): number[] | null {
  const pieces = text.split(/[~,]/);
  if (!pieces.every((piece) => /^\d{1,6}$/.test(piece))) return null;
  const numbers = pieces.map(Number);
  return isFamilyResult(family, numbers) ? numbers : null;
}

/** The two-digit endings of a Vietnamese draw's numbers (what lô and xiên bets look at). */
export function vnTwoDigitEndings(numbers: readonly number[]): number[] {
  return numbers.map((value) => value % 100);
}

/** The three-digit endings of a Vietnamese draw's numbers that have at least three digits (lô 3): 23 of the north's 27. */
export function vnThreeDigitEndings(numbers: readonly number[], digits: readonly number[] = VN_DIGITS): number[] {
  return numbers.filter((_, index) => digits[index]! >= 3).map((value) => value % 1000);
}
