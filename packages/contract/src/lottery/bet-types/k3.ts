/** K3 (快3, three dice): sums, triples, pairs and differents. */
import {
  countOf,
  fraction,
  ONLY_OPTION,
  type PickRow,
  type RuleDraft,
  sideRow,
  sideWins,
  singleRowRule,
  sortedEquals,
  subsetRule,
  sumWays,
} from './kit';

const K3_SUMS = sumWays(3, 1, 6);
const k3Sum = (result: readonly number[]) => result[0]! + result[1]! + result[2]!;

const faceRow = (label: string): PickRow => ({ label, min: 1, max: 6 });

export const K3_RULES: RuleDraft[] = [
  singleRowRule({
    code: 'K3_SUM',
    family: 'K3',
    name: 'Sum of three dice',
    wins: 'the dice add up to the picked total',
    rows: [{ label: 'Total', min: 3, max: 18 }],
    maxPicks: 16,
    oddsVary: true,
    probability: ([total]) => fraction(K3_SUMS.get(total!) ?? 0, 216),
    hits: (result, [total]) => Number(k3Sum(result) === total),
  }),
  singleRowRule({
    code: 'K3_TRIPLE',
    family: 'K3',
    name: 'Specific triple',
    wins: 'all three dice show the picked face',
    rows: [faceRow('Triple')],
    maxPicks: 6,
    oddsVary: false,
    probability: () => fraction(1, 216),
    hits: (result, [face]) => Number(countOf(result, face!) === 3),
  }),
  singleRowRule({
    code: 'K3_ANY_TRIPLE',
    family: 'K3',
    name: 'Any triple',
    wins: 'all three dice show the same face',
    rows: [{ label: 'Any triple', min: ONLY_OPTION, max: ONLY_OPTION }],
    maxPicks: 1,
    oddsVary: false,
    probability: () => fraction(6, 216),
    hits: (result) => Number(result[0] === result[1] && result[1] === result[2]),
  }),
  singleRowRule({
    code: 'K3_PAIR',
    family: 'K3',
    name: 'Pair',
    wins: 'at least two dice show the picked face',
    rows: [faceRow('Pair')],
    maxPicks: 6,
    oddsVary: false,
    probability: () => fraction(16, 216),
    hits: (result, [face]) => Number(countOf(result, face!) >= 2),
  }),
  subsetRule(
    {
      code: 'K3_THREE_DIFFERENT',
      family: 'K3',
      name: 'Three different',
      wins: 'the dice show three different picked faces',
      rows: [faceRow('Faces')],
      maxPicks: 6,
      probability: () => fraction(6, 216),
      hits: (result, combination) => Number(sortedEquals(result, combination)),
    },
    3,
  ),
  singleRowRule({
    code: 'K3_BSOE',
    family: 'K3',
    name: 'Sum big/small/odd/even',
    wins: 'the total is big 11–18, small 3–10, odd or even (triples included)',
    rows: [sideRow('Total')],
    maxPicks: 4,
    oddsVary: false,
    probability: () => fraction(1, 2),
    hits: (result, [option]) => Number(sideWins(option!, k3Sum(result), 11)),
  }),
];
