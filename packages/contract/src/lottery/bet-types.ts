/**
 * Bet types of the lottery families (electronic and traditional): what a player picks, how many unit bets the picks
 * make, what each pays and when it wins. Shared by the server (validation, settlement) and the web
 * app (the bet count and total a slip shows), so both compute the same.
 *
 * A bet is a bet type, its picks (rows of integers, one row per position the bet type shows), a unit
 * stake and a multiplier. The picks expand into combinations (one unit bet each): a combination
 * wins `hits` times (0 or 1; lô counts every occurrence) and pays `odds` per unit staked, stake
 * included. The stake is unitStake × multiplier × combinations.
 *
 * Odds come from the true probability and the merchant's prize group (奖金组): the return rate is
 * group / 2000 (1950 → 97.5 %), and a combination that wins with probability p (or, for lô, hits p
 * times on average) pays group / 2000 / p, rounded down to 1/10,000. Odds are integers in
 * ten-thousandths (19500 is 1.95×) and money is integer centavos, so nothing is rounded twice.
 */
import {
  VN_NUMBER_COUNT,
  VN_SOUTH_TIERS,
  VN_TIERS,
  vnShape,
  vnThreeDigitEndings,
  vnTwoDigitEndings,
  type LotteryFamily,
  type VnTiers,
} from './families';
import { jackpotShare, P642_FIXED_PRIZES, P642_TICKET, type JackpotBasis } from './jackpot';
import { PLAY_TYPES, type PRIZE_MODES } from '../shared/constants';

/** Tradition: the standard board (straights, groups, any-N, fixed place…); Entertainment: the two-sided board. */
export type PlayType = (typeof PLAY_TYPES)[number];
export type PrizeMode = (typeof PRIZE_MODES)[number];

/** Options of big/small/odd/even bets. */
export const SIDE = { BIG: 0, SMALL: 1, ODD: 2, EVEN: 3 } as const;
/** Options of dragon/tiger bets: the first position beats the second, loses to it, or ties. */
export const DRAGON_TIGER = { DRAGON: 0, TIGER: 1, TIE: 2 } as const;

/** The one option of a bet type without a choice (K3 any triple). */
export const ONLY_OPTION = 0;

/** Prize groups a merchant may set (TCG's usual series range) and the default (97.5 %). */
export const PRIZE_GROUP_MIN = 1700;
export const PRIZE_GROUP_MAX = 1980;
export const PRIZE_GROUP_DEFAULT = 1950;
export const PRIZE_GROUP_BASE = 2000;

/** The most combinations one bet may expand to (a full 3-star straight is 1,000). */
export const MAX_COMBINATIONS_PER_BET = 1000;
export const MAX_MULTIPLIER = 1000;
/** Odds are written in ten-thousandths. */
export const ODDS_SCALE = 10_000;

export interface Probability {
  num: bigint;
  den: bigint;
}

export interface PickRow {
  /** The row's name in English (the web app has its own words for it, keyed by bet code and row). */
  label: string;
  min: number;
  max: number;
}

export interface BetTypeRule {
  code: string;
  family: LotteryFamily;
  /** The board it is sold on (ENTERTAINMENT_BET_TYPES below, the one place that says). */
  playType: PlayType;
  name: string;
  /** One line on what wins. */
  wins: string;
  rows: readonly PickRow[];
  /** 'each': every row needs at least minPicks picks; 'any': at least one pick in some row. */
  rowRule: 'each' | 'any';
  minPicks: number;
  /** The most picks in one row (keeps the combinations countable). */
  maxPicks: number;
  /** Whether the odds depend on the option picked (sums, dragon/tiger/tie). */
  oddsVary: boolean;
  combinations(picks: readonly (readonly number[])[]): number[][];
  /** How many combinations the picks make, without listing them (for the limit check). */
  countCombinations(picks: readonly (readonly number[])[]): number;
  probability(combination: readonly number[]): Probability;
  hits(result: readonly number[], combination: readonly number[]): number;
  /**
   * A bet type paid by how many numbers a combination matches (6/42) instead of `hits` × odds: each
   * tier pays its fixed odds, or shares the draw's jackpot (odds null, lottery/jackpot.ts).
   */
  tiers?: PrizeTiers;
}

export interface PrizeTier {
  /** Numbers of the combination among those drawn. */
  matches: number;
  /** Fixed odds in ten-thousandths per unit, stake included; null: the jackpot, shared by its winners. */
  odds: number | null;
  probability: Probability;
}

export interface PrizeTiers {
  matched(result: readonly number[], combination: readonly number[]): number;
  list: readonly PrizeTier[];
}

/** A bet type as the family lists below write it; BET_TYPES gives each its play type. */
type RuleDraft = Omit<BetTypeRule, 'playType'>;

const fraction = (num: number | bigint, den: number | bigint): Probability => ({ num: BigInt(num), den: BigInt(den) });

export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let value = 1;
  for (let i = 1; i <= k; i += 1) value = (value * (n - k + i)) / i;
  return Math.round(value);
}

function subsets(values: readonly number[], k: number): number[][] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[][] = [];
  const walk = (start: number, chosen: number[]) => {
    if (chosen.length === k) {
      out.push([...chosen]);
      return;
    }
    for (let i = start; i <= sorted.length - (k - chosen.length); i += 1) walk(i + 1, [...chosen, sorted[i]!]);
  };
  walk(0, []);
  return out;
}

function product(rows: readonly (readonly number[])[], distinct: boolean): number[][] {
  let out: number[][] = [[]];
  for (const row of rows) {
    out = out.flatMap((prefix) =>
      row.filter((value) => !distinct || !prefix.includes(value)).map((value) => [...prefix, value]),
    );
  }
  return out;
}

/** Per-position options: combination [row, option]. */
function rowOptions(picks: readonly (readonly number[])[]): number[][] {
  return picks.flatMap((row, rowIndex) => row.map((option) => [rowIndex, option]));
}

const countRowOptions = (picks: readonly (readonly number[])[]) => picks.reduce((sum, row) => sum + row.length, 0);

function sideWins(option: number, value: number, bigFrom: number): boolean {
  switch (option) {
    case SIDE.BIG:
      return value >= bigFrom;
    case SIDE.SMALL:
      return value < bigFrom;
    case SIDE.ODD:
      return value % 2 === 1;
    case SIDE.EVEN:
      return value % 2 === 0;
    default:
      return false;
  }
}

function dragonTiger(option: number, first: number, second: number): boolean {
  if (option === DRAGON_TIGER.DRAGON) return first > second;
  if (option === DRAGON_TIGER.TIGER) return first < second;
  return option === DRAGON_TIGER.TIE && first === second;
}

/** How many ways `count` values each in [min, max] add up to each total. */
function sumWays(count: number, min: number, max: number, distinct = false): Map<number, number> {
  const ways = new Map<number, number>();
  const walk = (depth: number, total: number, used: number[]) => {
    if (depth === count) {
      ways.set(total, (ways.get(total) ?? 0) + 1);
      return;
    }
    for (let value = min; value <= max; value += 1) {
      if (distinct && used.includes(value)) continue;
      walk(depth + 1, total + value, [...used, value]);
    }
  };
  walk(0, 0, []);
  return ways;
}

const SSC_SUMS = sumWays(5, 0, 9);
const K3_SUMS = sumWays(3, 1, 6);
const PK10_TOP2_SUMS = sumWays(2, 1, 10, true);

const sortedEquals = (a: readonly number[], b: readonly number[]) => {
  const left = [...a].sort((x, y) => x - y);
  const right = [...b].sort((x, y) => x - y);
  return left.length === right.length && left.every((value, index) => value === right[index]);
};

const digitRow = (label: string): PickRow => ({ label, min: 0, max: 9 });
const sideRow = (label: string): PickRow => ({ label, min: SIDE.BIG, max: SIDE.EVEN });
const SSC_BALLS = ['Ball 1', 'Ball 2', 'Ball 3', 'Ball 4', 'Ball 5'];
const PK10_PLACES = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th'];
const PK10_DUELS = ['1st vs 10th', '2nd vs 9th', '3rd vs 8th', '4th vs 7th', '5th vs 6th'];

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

function perRowRule(
  base: Omit<RuleDraft, 'rowRule' | 'minPicks' | 'combinations' | 'countCombinations' | 'oddsVary'>,
): RuleDraft {
  return {
    ...base,
    rowRule: 'any',
    minPicks: 1,
    oddsVary: false,
    combinations: rowOptions,
    countCombinations: countRowOptions,
  };
}

function singleRowRule(
  base: Omit<RuleDraft, 'rowRule' | 'combinations' | 'countCombinations' | 'minPicks'> & { minPicks?: number },
): RuleDraft {
  return {
    ...base,
    rowRule: 'each',
    minPicks: base.minPicks ?? 1,
    combinations: (picks) => [...(picks[0] ?? [])].sort((a, b) => a - b).map((option) => [option]),
    countCombinations: (picks) => picks[0]?.length ?? 0,
  };
}

function subsetRule(
  base: Omit<RuleDraft, 'rowRule' | 'combinations' | 'countCombinations' | 'minPicks' | 'oddsVary'>,
  k: number,
): RuleDraft {
  return {
    ...base,
    rowRule: 'each',
    minPicks: k,
    oddsVary: false,
    combinations: (picks) => subsets(picks[0] ?? [], k),
    countCombinations: (picks) => binomial(picks[0]?.length ?? 0, k),
  };
}

function straightRule(
  base: Omit<RuleDraft, 'rowRule' | 'combinations' | 'countCombinations' | 'minPicks' | 'oddsVary'>,
  distinct: boolean,
): RuleDraft {
  return {
    ...base,
    rowRule: 'each',
    minPicks: 1,
    oddsVary: false,
    combinations: (picks) => product(picks, distinct),
    countCombinations: (picks) =>
      distinct ? product(picks, true).length : picks.reduce((total, row) => total * row.length, 1),
  };
}

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
const k3Sum = (result: readonly number[]) => result[0]! + result[1]! + result[2]!;
const countOf = (values: readonly number[], value: number) => values.filter((each) => each === value).length;

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

const SSC_RULES: RuleDraft[] = [
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

const faceRow = (label: string): PickRow => ({ label, min: 1, max: 6 });

const K3_RULES: RuleDraft[] = [
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

const carRow = (label: string): PickRow => ({ label, min: 1, max: 10 });

const PK10_RULES: RuleDraft[] = [
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

const elevenRow = (label: string): PickRow => ({ label, min: 1, max: 11 });
const X11X5_DRAWN = 462; // C(11, 5)

const X11X5_RULES: RuleDraft[] = [
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

const P3D_RULES: RuleDraft[] = [
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

/** C(42, 6): the 6/42 jackpot is 1 in 5,245,786. */
export const P642_DRAWS = binomial(42, 6);

/** Combinations of six (of 42) matching exactly `k` of the six drawn: C(6, k) × C(36, 6 − k). */
const p642Matching = (k: number) => fraction(binomial(6, k) * binomial(36, 6 - k), P642_DRAWS);
/** A fixed prize per ₱20 ticket as odds per unit (₱24,000 per ₱20 → 1,200×). */
const p642Odds = (prize: number) => (prize * ODDS_SCALE) / P642_TICKET;

/**
 * PCSO Lotto 6/42: each combination of six picked numbers is a ticket. 6 of 6 shares the jackpot;
 * 5, 4 and 3 of 6 pay PCSO's fixed prizes per ₱20 staked (lottery/jackpot.ts).
 */
const P642_RULES: RuleDraft[] = [
  {
    ...subsetRule(
      {
        code: 'P642_PICK6',
        family: 'P642',
        name: 'Pick 6',
        wins: '6 of 6: the jackpot, shared by its winners; 5, 4 or 3 of 6: ₱24,000, ₱800 or ₱20 per ₱20',
        rows: [{ label: 'Numbers', min: 1, max: 42 }],
        maxPicks: 12,
        probability: () => p642Matching(6),
        hits: (result, combination) => Number(combination.every((number) => result.includes(number))),
      },
      6,
    ),
    tiers: {
      matched: (result, combination) => combination.filter((number) => result.includes(number)).length,
      list: [
        { matches: 6, odds: null, probability: p642Matching(6) },
        ...([5, 4, 3] as const).map((matches) => ({
          matches,
          odds: p642Odds(P642_FIXED_PRIZES[matches]),
          probability: p642Matching(matches),
        })),
      ],
    },
  },
];

const VNE_RULES = vnRules('VNE', 'VN', VN_TIERS);
const VNN_RULES = vnRules('VNN', 'VNN', VN_TIERS);
const VNS_RULES = vnRules('VNS', 'VNS', VN_SOUTH_TIERS);

/**
 * The bet types of the Entertainment play type, the two-sided board (reference §2 "ENT"): SSC's
 * ball-by-ball number and big/small/odd/even, the total and its sides, dragon/tiger; K3's sum and its
 * sides; PK10's positions, top-two sum, dragon/tiger and sides. Every other bet type is Tradition.
 */
export const ENTERTAINMENT_BET_TYPES: readonly string[] = [
  'SSC_BALL',
  'SSC_BSOE',
  'SSC_SUM',
  'SSC_SUM_BSOE',
  'SSC_DRAGON_TIGER',
  'K3_SUM',
  'K3_BSOE',
  'PK10_POSITION',
  'PK10_TOP2_SUM',
  'PK10_DRAGON_TIGER',
  'PK10_BSOE',
];

export const BET_TYPES: readonly BetTypeRule[] = [
  ...SSC_RULES,
  ...K3_RULES,
  ...PK10_RULES,
  ...X11X5_RULES,
  ...VNE_RULES,
  ...VNN_RULES,
  ...VNS_RULES,
  ...P3D_RULES,
  ...P642_RULES,
].map((rule) => ({ ...rule, playType: ENTERTAINMENT_BET_TYPES.includes(rule.code) ? 'Entertainment' : 'Tradition' }));
const BY_CODE = new Map(BET_TYPES.map((rule) => [rule.code, rule]));

export function betTypeRule(code: string): BetTypeRule | undefined {
  return BY_CODE.get(code);
}

/** The family's bet types; under a prize mode, those it sells (ZY: the Entertainment board only). */
export function betTypesOf(family: LotteryFamily, prizeMode?: PrizeMode): BetTypeRule[] {
  return BET_TYPES.filter((rule) => rule.family === family && (prizeMode === undefined || soldUnder(rule, prizeMode)));
}

/**
 * Prize mode ZY (智赢, the credit-style two-sided board): electronic games sold only on the
 * Entertainment board at the game's own fixed odds — its prize group for every member, never a
 * member's lower group, so no agent earns a rebate on it. Lott and Elott sell every bet type at the
 * member's group.
 */
export function soldUnder(rule: Pick<BetTypeRule, 'playType'>, prizeMode: PrizeMode): boolean {
  return prizeMode !== 'ZY' || rule.playType === 'Entertainment';
}

/** Whether the prize mode pays the game's fixed odds whatever the member's prize group (ZY). */
export function hasFixedOdds(prizeMode: PrizeMode): boolean {
  return prizeMode === 'ZY';
}

/**
 * A ZY game's prize group: 1980, a 99 % return — 1.98 on an even bet, 9.9 on a ball's number, 2.2
 * on dragon or tiger, the prices the region's two-sided boards show (reference §2). Nobody earns a
 * rebate on ZY, so the house keeps 1 %.
 */
export const ZY_PRIZE_GROUP = 1980;

/**
 * The play type a link names: its full name in any case, or the short form the spec's launch links
 * use (`playType trad`; `ent`); undefined for anything else.
 */
export function playTypeNamed(named: string | null | undefined): PlayType | undefined {
  const asked = named?.trim().toLowerCase() ?? '';
  if (asked.length < 3) return undefined;
  return PLAY_TYPES.find((type) => type.toLowerCase().startsWith(asked));
}

/** The play types a list of bet types covers, Tradition first; one tab each on the betting screen. */
export function playTypesOf(rules: readonly Pick<BetTypeRule, 'playType'>[]): PlayType[] {
  return PLAY_TYPES.filter((playType) => rules.some((rule) => rule.playType === playType));
}

export function isPrizeGroup(group: number): boolean {
  return Number.isInteger(group) && group >= PRIZE_GROUP_MIN && group <= PRIZE_GROUP_MAX;
}

/** The return rate a prize group stands for: 1950 → 0.975. */
export function returnRate(group: number): number {
  return group / PRIZE_GROUP_BASE;
}

/**
 * A member's prize group: the one asked for, capped by the upline's (a member never gets better
 * odds than the agent above); the difference is the rebate rate the agent issue pays on stakes.
 */
export function memberPrizeGroup(requested: number, uplineCap: number): { group: number; rebateRate: number } {
  const group = Math.min(requested, uplineCap);
  return { group, rebateRate: (uplineCap - group) / PRIZE_GROUP_BASE };
}

/**
 * The effective prize groups down an agent line. `own` is the member's own group first, then each
 * upline's up to the top (null: none set, so it bets at the group above it). The merchant's game
 * group caps the top and each level is capped by the level above: answers each level's group,
 * member first, never rising toward the member.
 */
export function prizeGroupsDownLine(gameGroup: number, own: readonly (number | null)[]): number[] {
  const groups: number[] = new Array<number>(own.length);
  let cap = gameGroup;
  for (let level = own.length - 1; level >= 0; level -= 1) {
    cap = Math.min(cap, own[level] ?? cap);
    groups[level] = cap;
  }
  return groups;
}

/**
 * What an agent earns on a stake of its downline: stake × (the agent's group − the group of the
 * level below it) / 2000, rounded down to a centavo (1950 over 1930 on ₱100: ₱1).
 */
export function rebateAmount(stake: number, agentGroup: number, childGroup: number): number {
  if (agentGroup <= childGroup) return 0;
  return Number((BigInt(stake) * BigInt(agentGroup - childGroup)) / BigInt(PRIZE_GROUP_BASE));
}

/** Odds in ten-thousandths: floor(group / 2000 / p × 10,000) = floor(group × den × 5 / num). */
export function oddsFor(group: number, probability: Probability): number {
  if (probability.num <= 0n) return 0;
  return Number((BigInt(group) * probability.den * BigInt(ODDS_SCALE)) / (BigInt(PRIZE_GROUP_BASE) * probability.num));
}

/**
 * The odds table a bet type shows: one entry per option when odds vary, else one entry (option null);
 * none for a bet type paid by tiers (its prizeTiers are the table).
 */
export function oddsTable(rule: BetTypeRule, group: number): { option: number | null; odds: number }[] {
  if (rule.tiers) return [];
  if (!rule.oddsVary) return [{ option: null, odds: oddsFor(group, rule.probability([])) }];
  const row = rule.rows[0]!;
  const table: { option: number | null; odds: number }[] = [];
  for (let option = row.min; option <= row.max; option += 1)
    table.push({ option, odds: oddsFor(group, rule.probability([option])) });
  return table;
}

export type SelectionProblem =
  'rows' | 'not_integer' | 'out_of_range' | 'duplicate' | 'too_few' | 'too_many' | 'too_many_combinations';

/** Checks a bet's picks against its bet type; null when they make a valid bet. */
export function selectionProblem(rule: BetTypeRule, picks: readonly (readonly number[])[]): SelectionProblem | null {
  if (picks.length !== rule.rows.length) return 'rows';
  for (const [index, row] of picks.entries()) {
    const bounds = rule.rows[index]!;
    if (!row.every(Number.isInteger)) return 'not_integer';
    if (!row.every((value) => value >= bounds.min && value <= bounds.max)) return 'out_of_range';
    if (new Set(row).size !== row.length) return 'duplicate';
    if (row.length > rule.maxPicks) return 'too_many';
    if (rule.rowRule === 'each' && row.length < rule.minPicks) return 'too_few';
  }
  if (rule.rowRule === 'any' && picks.every((row) => row.length === 0)) return 'too_few';
  const count = rule.countCombinations(picks);
  if (count < 1) return 'too_few';
  if (count > MAX_COMBINATIONS_PER_BET) return 'too_many_combinations';
  return null;
}

/** The picks in their canonical form: each row sorted ascending (what is stored and hashed). */
export function normalisePicks(picks: readonly (readonly number[])[]): number[][] {
  return picks.map((row) => [...row].sort((a, b) => a - b));
}

/** A bet's stake in centavos: unit stake × multiplier × combinations. */
export function betStake(unitStake: number, multiplier: number, combinations: number): number {
  return unitStake * multiplier * combinations;
}

export interface BetSettlement {
  /** How many of the bet's combinations won (a lô combination hitting twice counts once here). */
  winningCombinations: number;
  /** Σ hits × odds over the combinations, in ten-thousandths of a unit (fixed prizes only). */
  payoutPerUnit: bigint;
  /** Of a tiered bet type: how many combinations won the jackpot, and the bet's share of it (centavos). */
  jackpotCombinations: number;
  jackpotWin: number;
  /** What the bet pays, centavos, stake included (0 when lost). */
  winAmount: number;
}

/**
 * Settles one bet against a draw's result: every combination's hits × its odds (a tiered bet type:
 * its tier's fixed odds), times the unit stake and multiplier, rounded down to a centavo once at
 * the end; plus, for combinations that won a jackpot, the bet's share of the draw's `jackpot`
 * (required then: lottery/jackpot.ts jackpotBasis).
 */
export function settleBet(
  rule: BetTypeRule,
  picks: readonly (readonly number[])[],
  result: readonly number[],
  group: number,
  unitStake: number,
  multiplier: number,
  jackpot: JackpotBasis | null = null,
): BetSettlement {
  let winningCombinations = 0;
  let jackpotCombinations = 0;
  let payoutPerUnit = 0n;
  for (const combination of rule.combinations(picks)) {
    if (rule.tiers) {
      const matched = rule.tiers.matched(result, combination);
      const tier = rule.tiers.list.find((each) => each.matches === matched);
      if (!tier) continue;
      winningCombinations += 1;
      if (tier.odds === null) jackpotCombinations += 1;
      else payoutPerUnit += BigInt(tier.odds);
      continue;
    }
    const hits = rule.hits(result, combination);
    if (hits === 0) continue;
    winningCombinations += 1;
    payoutPerUnit += BigInt(hits) * BigInt(oddsFor(group, rule.probability(combination)));
  }
  if (jackpotCombinations > 0 && !jackpot)
    throw new Error(`${rule.code}: a jackpot win needs the draw's jackpot to settle`);
  const jackpotWin = jackpotCombinations > 0 ? jackpotShare(jackpot!, jackpotCombinations * unitStake * multiplier) : 0;
  const winAmount = Number((payoutPerUnit * BigInt(unitStake) * BigInt(multiplier)) / BigInt(ODDS_SCALE)) + jackpotWin;
  return { winningCombinations, payoutPerUnit, jackpotCombinations, jackpotWin, winAmount };
}

/** The tiers a tiered bet type shows (6/42: the jackpot, then 5, 4, 3 of 6 with their fixed odds); none otherwise. */
export function prizeTiers(rule: BetTypeRule): { matches: number; odds: number | null }[] {
  return (rule.tiers?.list ?? []).map(({ matches, odds }) => ({ matches, odds }));
}

/** "1.9500" style odds text from ten-thousandths (for screens and docs). */
export function formatOdds(odds: number): string {
  return `${Math.floor(odds / ODDS_SCALE)}.${String(odds % ODDS_SCALE).padStart(4, '0')}`;
}
