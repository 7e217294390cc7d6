/** What every family's bet types are written with: the rule's shape, probabilities, and the row and rule builders. */
import { type LotteryFamily } from '../families';
import type { PLAY_TYPES } from '../../shared/constants';
import { type PRIZE_MODES } from '../../shared/constants';

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
export type RuleDraft = Omit<BetTypeRule, 'playType'>;

export const fraction = (num: number | bigint, den: number | bigint): Probability => ({
  num: BigInt(num),
  den: BigInt(den),
});

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

export function product(rows: readonly (readonly number[])[], distinct: boolean): number[][] {
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

export function sideWins(option: number, value: number, bigFrom: number): boolean {
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

export function dragonTiger(option: number, first: number, second: number): boolean {
  if (option === DRAGON_TIGER.DRAGON) return first > second;
  if (option === DRAGON_TIGER.TIGER) return first < second;
  return option === DRAGON_TIGER.TIE && first === second;
}

/** How many ways `count` values each in [min, max] add up to each total. */
export function sumWays(count: number, min: number, max: number, distinct = false): Map<number, number> {
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

export const sortedEquals = (a: readonly number[], b: readonly number[]) => {
  const left = [...a].sort((x, y) => x - y);
  const right = [...b].sort((x, y) => x - y);
  return left.length === right.length && left.every((value, index) => value === right[index]);
};

export const digitRow = (label: string): PickRow => ({ label, min: 0, max: 9 });
export const sideRow = (label: string): PickRow => ({ label, min: SIDE.BIG, max: SIDE.EVEN });

export function perRowRule(
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

export function singleRowRule(
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

export function subsetRule(
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

export function straightRule(
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

export const countOf = (values: readonly number[], value: number) => values.filter((each) => each === value).length;
