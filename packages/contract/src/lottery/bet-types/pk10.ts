/** PK10 (ten cars, 1–10, in finishing order): positions, the top two, dragon/tiger and sides. */
import {
  DRAGON_TIGER,
  dragonTiger,
  fraction,
  perRowRule,
  type PickRow,
  type RuleDraft,
  sideRow,
  sideWins,
  singleRowRule,
  sumWays,
} from './kit';

const PK10_TOP2_SUMS = sumWays(2, 1, 10, true);
const PK10_PLACES = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th'];
const PK10_DUELS = ['1st vs 10th', '2nd vs 9th', '3rd vs 8th', '4th vs 7th', '5th vs 6th'];

const carRow = (label: string): PickRow => ({ label, min: 1, max: 10 });

export const PK10_RULES: RuleDraft[] = [
  perRowRule({
    code: 'PK10_POSITION',
    family: 'PK10',
    name: 'Car in place',
    wins: 'your car finishes in that place',
    rows: PK10_PLACES.map(carRow),
    maxPicks: 10,
    probability: () => fraction(1, 10),
    hits: (result, [place, car]) => Number(result[place!] === car),
  }),
  singleRowRule({
    code: 'PK10_TOP2_SUM',
    family: 'PK10',
    name: 'Top-two sum',
    wins: 'the 1st and 2nd cars add up to the picked total',
    rows: [{ label: 'Total', min: 3, max: 19 }],
    maxPicks: 17,
    oddsVary: true,
    probability: ([total]) => fraction(PK10_TOP2_SUMS.get(total!) ?? 0, 90),
    hits: (result, [total]) => Number(result[0]! + result[1]! === total),
  }),
  perRowRule({
    code: 'PK10_DRAGON_TIGER',
    family: 'PK10',
    name: 'Dragon/tiger',
    wins: 'dragon: the higher place’s car has the larger number; tiger: the other',
    rows: PK10_DUELS.map((label) => ({ label, min: DRAGON_TIGER.DRAGON, max: DRAGON_TIGER.TIGER })),
    maxPicks: 2,
    probability: () => fraction(1, 2),
    hits: (result, [duel, option]) => Number(dragonTiger(option!, result[duel!]!, result[9 - duel!]!)),
  }),
  perRowRule({
    code: 'PK10_BSOE',
    family: 'PK10',
    name: 'Big/small/odd/even per place',
    wins: 'big 6–10, small 1–5, odd, even',
    rows: PK10_PLACES.map(sideRow),
    maxPicks: 4,
    probability: () => fraction(1, 2),
    hits: (result, [place, option]) => Number(sideWins(option!, result[place!]!, 6)),
  }),
];
