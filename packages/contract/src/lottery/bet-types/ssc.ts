/** SSC (时时彩, five balls 0–9): the standard board's stars, groups and any-N, and the two-sided board. */
import {
  digitRow,
  DRAGON_TIGER,
  dragonTiger,
  fraction,
  perRowRule,
  product,
  type RuleDraft,
  sideRow,
  sideWins,
  singleRowRule,
  sortedEquals,
  straightRule,
  subsetRule,
  sumWays,
} from './kit';

const SSC_SUMS = sumWays(5, 0, 9);
const SSC_BALLS = ['Ball 1', 'Ball 2', 'Ball 3', 'Ball 4', 'Ball 5'];

/** SSC windows of consecutive balls for 2- and 3-star bets. */
export const SSC_WINDOWS = {
  FIRST2: [0, 1],
  LAST2: [3, 4],
  FIRST3: [0, 1, 2],
  MIDDLE3: [1, 2, 3],
  LAST3: [2, 3, 4],
} as const satisfies Record<string, readonly number[]>;
type SscWindow = keyof typeof SSC_WINDOWS;
/** A window by its balls, as a player counts them on the draw (the bet types' English names and "wins when" lines). */
const WINDOW_NAMES: Record<SscWindow, string> = {
  FIRST2: 'balls 1–2',
  LAST2: 'balls 4–5',
  FIRST3: 'balls 1–3',
  MIDDLE3: 'balls 2–4',
  LAST3: 'balls 3–5',
};

function sscWindowRules(window: SscWindow): RuleDraft[] {
  const positions = SSC_WINDOWS[window];
  const pick = (result: readonly number[]) => positions.map((position) => result[position]!);
  const size = positions.length;
  const rules: RuleDraft[] = [
    straightRule(
      {
        code: `SSC_STRAIGHT_${window}`,
        family: 'SSC',
        name: `Straight, ${WINDOW_NAMES[window]}`,
        wins: `${WINDOW_NAMES[window]} show your digits in your order`,
        rows: positions.map((position) => digitRow(SSC_BALLS[position]!)),
        maxPicks: 10,
        probability: () => fraction(1, 10 ** size),
        hits: (result, combination) => Number(pick(result).every((digit, index) => digit === combination[index])),
      },
      false,
    ),
  ];
  if (size === 2) {
    rules.push(
      subsetRule(
        {
          code: `SSC_GROUP2_${window}`,
          family: 'SSC',
          name: `Rambolito 2, ${WINDOW_NAMES[window]}`,
          wins: `${WINDOW_NAMES[window]} show two different digits of yours, in any order (a pair never wins)`,
          rows: [digitRow('Digits')],
          maxPicks: 10,
          probability: () => fraction(2, 100),
          hits: (result, combination) => Number(sortedEquals(pick(result), combination)),
        },
        2,
      ),
    );
  } else {
    rules.push({
      code: `SSC_GROUP3_${window}`,
      family: 'SSC',
      name: `Rambolito 3, ${WINDOW_NAMES[window]}`,
      wins: `${WINDOW_NAMES[window]} show one digit of yours twice and another once (like 1-1-2), in any order`,
      rows: [digitRow('Digits')],
      rowRule: 'each',
      minPicks: 2,
      maxPicks: 10,
      oddsVary: false,
      // A combination is [the doubled digit, the single digit].
      combinations: (picks) => product([picks[0] ?? [], picks[0] ?? []], true),
      countCombinations: (picks) => (picks[0]?.length ?? 0) * ((picks[0]?.length ?? 0) - 1),
      probability: () => fraction(3, 1000),
      hits: (result, [doubled, single]) => Number(sortedEquals(pick(result), [doubled!, doubled!, single!])),
    });
    rules.push(
      subsetRule(
        {
          code: `SSC_GROUP6_${window}`,
          family: 'SSC',
          name: `Rambolito 6, ${WINDOW_NAMES[window]}`,
          wins: `${WINDOW_NAMES[window]} show three different digits of yours, in any order`,
          rows: [digitRow('Digits')],
          maxPicks: 10,
          probability: () => fraction(6, 1000),
          hits: (result, combination) => Number(sortedEquals(pick(result), combination)),
        },
        3,
      ),
    );
  }
  return rules;
}

const sscSum = (result: readonly number[]) => result.reduce((sum, digit) => sum + digit, 0);

/**
 * A digit on one ball: the standard board's fixed place (定位胆) and the two-sided board's
 * ball-by-ball straight are the same bet, sold under two codes as vendors do (FixedPlace and
 * FixedPlace_ZY) so each board has its own.
 */
const sscDigitOnBall = (code: string, name: string): RuleDraft =>
  perRowRule({
    code,
    family: 'SSC',
    name,
    wins: 'that ball shows your digit',
    rows: SSC_BALLS.map(digitRow),
    maxPicks: 10,
    probability: () => fraction(1, 10),
    hits: (result, [ball, digit]) => Number(result[ball!] === digit),
  });

export const SSC_RULES: RuleDraft[] = [
  sscDigitOnBall('SSC_FIXED_PLACE', 'Digit per ball'),
  sscDigitOnBall('SSC_BALL', 'Ball number'),
  perRowRule({
    code: 'SSC_BSOE',
    family: 'SSC',
    name: 'Big/small/odd/even per ball',
    wins: 'big 5–9, small 0–4, odd, even',
    rows: SSC_BALLS.map(sideRow),
    maxPicks: 4,
    probability: () => fraction(1, 2),
    hits: (result, [ball, option]) => Number(sideWins(option!, result[ball!]!, 5)),
  }),
  singleRowRule({
    code: 'SSC_SUM',
    family: 'SSC',
    name: 'Sum of five balls',
    wins: 'the five balls add up to the picked total',
    rows: [{ label: 'Total', min: 0, max: 45 }],
    maxPicks: 46,
    oddsVary: true,
    probability: ([total]) => fraction(SSC_SUMS.get(total!) ?? 0, 100_000),
    hits: (result, [total]) => Number(sscSum(result) === total),
  }),
  singleRowRule({
    code: 'SSC_SUM_BSOE',
    family: 'SSC',
    name: 'Sum big/small/odd/even',
    wins: 'the total is big 23–45, small 0–22, odd or even',
    rows: [sideRow('Total')],
    maxPicks: 4,
    oddsVary: false,
    probability: () => fraction(1, 2),
    hits: (result, [option]) => Number(sideWins(option!, sscSum(result), 23)),
  }),
  singleRowRule({
    code: 'SSC_DRAGON_TIGER',
    family: 'SSC',
    name: 'Dragon/tiger (ball 1 vs ball 5)',
    wins: 'dragon: ball 1 higher; tiger: ball 5 higher; tie: equal',
    rows: [{ label: 'Ball 1 vs ball 5', min: DRAGON_TIGER.DRAGON, max: DRAGON_TIGER.TIE }],
    maxPicks: 3,
    oddsVary: true,
    probability: ([option]) => (option === DRAGON_TIGER.TIE ? fraction(10, 100) : fraction(45, 100)),
    hits: (result, [option]) => Number(dragonTiger(option!, result[0]!, result[4]!)),
  }),
  ...(Object.keys(SSC_WINDOWS) as SscWindow[]).flatMap(sscWindowRules),
];
