/** The Vietnamese lotteries (north, south and the electronic VNE): lô, đề and xiên on the prize tiers' endings. */
import {
  type LotteryFamily,
  VN_NUMBER_COUNT,
  VN_SOUTH_TIERS,
  VN_TIERS,
  vnShape,
  vnThreeDigitEndings,
  type VnTiers,
  vnTwoDigitEndings,
} from '../families';
import {
  binomial,
  countOf,
  digitRow,
  fraction,
  type PickRow,
  type Probability,
  type RuleDraft,
  singleRowRule,
  subsetRule,
} from './kit';

/**
 * P(k given two-digit numbers all appear among `count` independent endings), exactly, by
 * inclusion–exclusion (count 27 for the northern draw, 18 for the southern).
 */
export function xienProbability(k: number, count: number = VN_NUMBER_COUNT): Probability {
  const den = 100n ** BigInt(count);
  let num = 0n;
  for (let j = 0; j <= k; j += 1) {
    const term = BigInt(binomial(k, j)) * BigInt(100 - j) ** BigInt(count);
    num += j % 2 === 0 ? term : -term;
  }
  return { num, den };
}

const twoDigitRow = (label: string): PickRow => ({ label, min: 0, max: 99 });
const specialEnding = (result: readonly number[]) => result[0]! % 100;

/**
 * The Vietnamese bet types over a draw of the given tiers, coded `${prefix}_DE` and so on: VN_ for
 * the electronic game (VNE), VNN_ and VNS_ for the northern and southern daily draws.
 */
function vnRules(family: LotteryFamily, prefix: string, tiers: VnTiers): RuleDraft[] {
  const { count, digits, threeDigitCount } = vnShape(tiers);
  return [
    singleRowRule({
      code: `${prefix}_DE`,
      family,
      name: 'Đề',
      wins: 'the last two digits of the special prize (ĐB)',
      rows: [twoDigitRow('Number')],
      maxPicks: 100,
      oddsVary: false,
      probability: () => fraction(1, 100),
      hits: (result, [number]) => Number(specialEnding(result) === number),
    }),
    singleRowRule({
      code: `${prefix}_DAU`,
      family,
      name: 'Đầu',
      wins: 'the tens digit of the đề number (ĐB’s second-last digit)',
      rows: [digitRow('Digit')],
      maxPicks: 10,
      oddsVary: false,
      probability: () => fraction(1, 10),
      hits: (result, [digit]) => Number(Math.floor(specialEnding(result) / 10) === digit),
    }),
    singleRowRule({
      code: `${prefix}_DUOI`,
      family,
      name: 'Đuôi',
      wins: 'the units digit of the đề number (ĐB’s last digit)',
      rows: [digitRow('Digit')],
      maxPicks: 10,
      oddsVary: false,
      probability: () => fraction(1, 10),
      hits: (result, [digit]) => Number(specialEnding(result) % 10 === digit),
    }),
    singleRowRule({
      code: `${prefix}_LO2`,
      family,
      name: 'Lô 2 số',
      wins: `paid for every one of the ${count} numbers ending in the picked two digits`,
      rows: [twoDigitRow('Number')],
      maxPicks: 100,
      oddsVary: false,
      probability: () => fraction(count, 100),
      hits: (result, [number]) => countOf(vnTwoDigitEndings(result), number!),
    }),
    singleRowRule({
      code: `${prefix}_LO3`,
      family,
      name: 'Lô 3 số',
      wins: `paid for every one of the ${threeDigitCount} numbers of 3+ digits ending in the picked three digits`,
      rows: [{ label: 'Number', min: 0, max: 999 }],
      maxPicks: 1000,
      oddsVary: false,
      probability: () => fraction(threeDigitCount, 1000),
      hits: (result, [number]) => countOf(vnThreeDigitEndings(result, digits), number!),
    }),
    ...[2, 3, 4].map((k) =>
      subsetRule(
        {
          code: `${prefix}_XIEN${k}`,
          family,
          name: `Xiên ${k}`,
          wins: `all ${k} picked numbers appear among the ${count} two-digit endings`,
          rows: [twoDigitRow('Numbers')],
          maxPicks: k === 2 ? 45 : k === 3 ? 19 : 13,
          probability: () => xienProbability(k, count),
          hits: (result, combination) => {
            const endings = new Set(vnTwoDigitEndings(result));
            return Number(combination.every((number) => endings.has(number)));
          },
        },
        k,
      ),
    ),
  ];
}

export const VNE_RULES = vnRules('VNE', 'VN', VN_TIERS);
export const VNN_RULES = vnRules('VNN', 'VNN', VN_TIERS);
export const VNS_RULES = vnRules('VNS', 'VNS', VN_SOUTH_TIERS);
