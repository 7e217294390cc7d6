/** PCSO Swertres (3D, three digits 0–9): straight and rambolito. */
import { digitRow, fraction, type PickRow, product, type RuleDraft, sortedEquals, straightRule } from './kit';

const P3D_ROWS: readonly PickRow[] = [digitRow('1st digit'), digitRow('2nd digit'), digitRow('3rd digit')];
/** How many different digits a Swertres number has: 1 (a triple), 2 (a pair and one more) or 3. */
const distinctDigits = (combination: readonly number[]) => new Set(combination).size;

/**
 * PCSO Swertres (3D): the player writes three digits in order (one row per position). Straight wins
 * on the exact order; rambolito wins on any order, sold only on a number whose orderings it can
 * cover: rambolito 3 on a number with a pair (112: 112, 121, 211), rambolito 6 on three different
 * digits (123: its six orderings). Picks whose rows make other numbers are not combinations.
 */
function rambolitoRule(code: string, name: string, wins: string, distinct: 2 | 3, orderings: number): RuleDraft {
  const listed = (picks: readonly (readonly number[])[]) =>
    product(picks, false).filter((combination) => distinctDigits(combination) === distinct);
  return {
    code,
    family: 'P3D',
    name,
    wins,
    rows: P3D_ROWS,
    rowRule: 'each',
    minPicks: 1,
    maxPicks: 10,
    oddsVary: false,
    combinations: listed,
    countCombinations: (picks) => listed(picks).length,
    probability: () => fraction(orderings, 1000),
    hits: (result, combination) => Number(sortedEquals(result, combination)),
  };
}

export const P3D_RULES: RuleDraft[] = [
  straightRule(
    {
      code: 'P3D_STRAIGHT',
      family: 'P3D',
      name: 'Straight',
      wins: 'the three digits drawn equal the picked number in order',
      rows: P3D_ROWS,
      maxPicks: 10,
      probability: () => fraction(1, 1000),
      hits: (result, combination) => Number(result.every((digit, index) => digit === combination[index])),
    },
    false,
  ),
  rambolitoRule(
    'P3D_RAMBOLITO3',
    'Rambolito 3',
    'the digits drawn are the picked number’s (a pair and one more) in any of its 3 orders',
    2,
    3,
  ),
  rambolitoRule(
    'P3D_RAMBOLITO6',
    'Rambolito 6',
    'the digits drawn are the picked number’s three different digits in any of their 6 orders',
    3,
    6,
  ),
];
