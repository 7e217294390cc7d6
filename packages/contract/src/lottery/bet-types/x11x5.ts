/** 11x5 (five of eleven numbers): any-N, straights and groups of the first balls. */
import { binomial, fraction, type PickRow, type RuleDraft, sortedEquals, straightRule, subsetRule } from './kit';

const elevenRow = (label: string): PickRow => ({ label, min: 1, max: 11 });
const X11X5_DRAWN = 462; // C(11, 5)

export const X11X5_RULES: RuleDraft[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((k) =>
    subsetRule(
      {
        code: `X11X5_ANY${k}`,
        family: 'X11X5',
        name: `Any ${k}`,
        wins:
          k <= 5 ? `all ${k} of your numbers are among the five drawn` : `all five drawn are among your ${k} numbers`,
        rows: [elevenRow('Numbers')],
        maxPicks: 11,
        probability: () => fraction(k <= 5 ? binomial(11 - k, 5 - k) : binomial(k, 5), X11X5_DRAWN),
        hits: (result, combination) =>
          Number(
            k <= 5
              ? combination.every((number) => result.includes(number))
              : result.every((number) => combination.includes(number)),
          ),
      },
      k,
    ),
  ),
  straightRule(
    {
      code: 'X11X5_FIRST2_STRAIGHT',
      family: 'X11X5',
      name: 'Straight, first 2',
      wins: 'the first two drawn are your numbers in your order',
      rows: [elevenRow('1st'), elevenRow('2nd')],
      maxPicks: 11,
      probability: () => fraction(1, 110),
      hits: (result, [first, second]) => Number(result[0] === first && result[1] === second),
    },
    true,
  ),
  straightRule(
    {
      code: 'X11X5_FIRST3_STRAIGHT',
      family: 'X11X5',
      name: 'Straight, first 3',
      wins: 'the first three drawn are your numbers in your order',
      rows: [elevenRow('1st'), elevenRow('2nd'), elevenRow('3rd')],
      maxPicks: 11,
      probability: () => fraction(1, 990),
      hits: (result, [first, second, third]) =>
        Number(result[0] === first && result[1] === second && result[2] === third),
    },
    true,
  ),
  subsetRule(
    {
      code: 'X11X5_FIRST2_GROUP',
      family: 'X11X5',
      name: 'Rambolito, first 2',
      wins: 'the first two drawn are your numbers in any order',
      rows: [elevenRow('Numbers')],
      maxPicks: 11,
      probability: () => fraction(2, 110),
      hits: (result, combination) => Number(sortedEquals(result.slice(0, 2), combination)),
    },
    2,
  ),
  subsetRule(
    {
      code: 'X11X5_FIRST3_GROUP',
      family: 'X11X5',
      name: 'Rambolito, first 3',
      wins: 'the first three drawn are your numbers in any order',
      rows: [elevenRow('Numbers')],
      maxPicks: 11,
      probability: () => fraction(6, 990),
      hits: (result, combination) => Number(sortedEquals(result.slice(0, 3), combination)),
    },
    3,
  ),
];
