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
 *
 * Each family writes its bet types in its own module (ssc.ts, k3.ts, pk10.ts, x11x5.ts, vn.ts for
 * VNE, VNN and VNS, p3d.ts, p642.ts) with the builders of kit.ts; this one joins them into
 * BET_TYPES and holds what every family shares: prize groups, odds, selection checks, settlement.
 */
import { type LotteryFamily } from '../families';
import { type JackpotBasis, jackpotShare } from '../jackpot';
import type { Centavos } from '../../money/rules';
import { PLAY_TYPES } from '../../shared/constants';
import {
  type BetTypeRule,
  MAX_COMBINATIONS_PER_BET,
  ODDS_SCALE,
  type PlayType,
  PRIZE_GROUP_BASE,
  PRIZE_GROUP_MAX,
  PRIZE_GROUP_MIN,
  type PrizeMode,
  type Probability,
} from './kit';
import { SSC_RULES } from './ssc';
import { K3_RULES } from './k3';
import { PK10_RULES } from './pk10';
import { X11X5_RULES } from './x11x5';
import { VNE_RULES, VNN_RULES, VNS_RULES } from './vn';
import { P3D_RULES } from './p3d';
import { P642_RULES } from './p642';

export {
  binomial,
  DRAGON_TIGER,
  MAX_COMBINATIONS_PER_BET,
  MAX_MULTIPLIER,
  ODDS_SCALE,
  ONLY_OPTION,
  PRIZE_GROUP_BASE,
  PRIZE_GROUP_DEFAULT,
  PRIZE_GROUP_MAX,
  PRIZE_GROUP_MIN,
  SIDE,
} from './kit';
export type { BetTypeRule, PickRow, PlayType, PrizeMode, PrizeTier, PrizeTiers, Probability } from './kit';
export { SSC_WINDOWS } from './ssc';
export { xienProbability } from './vn';
export { P642_DRAWS } from './p642';

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
 * level below it) / 2000, rounded down to a centavo (1950 over 1930 on ₱100: ₱1). In the stake's
 * kind of number (bigint on the server), computed in BigInt.
 */
export function rebateAmount<T extends Centavos>(stake: T, agentGroup: number, childGroup: number): T {
  const rebate =
    agentGroup <= childGroup ? 0n : (BigInt(stake) * BigInt(agentGroup - childGroup)) / BigInt(PRIZE_GROUP_BASE);
  return (typeof stake === 'bigint' ? rebate : Number(rebate)) as T;
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

/**
 * A bet's stake in centavos: unit stake × multiplier × combinations, in the unit stake's kind of
 * number (bigint on the server; a number in the browser, whose slip may still hold a half-typed
 * stake, so it is not converted).
 */
export function betStake<T extends Centavos>(unitStake: T, multiplier: number, combinations: number): T {
  if (typeof unitStake === 'bigint') return (unitStake * BigInt(multiplier) * BigInt(combinations)) as T;
  return ((unitStake as number) * multiplier * combinations) as T;
}

export interface BetSettlement<T extends Centavos = Centavos> {
  /** How many of the bet's combinations won (a lô combination hitting twice counts once here). */
  winningCombinations: number;
  /** Σ hits × odds over the combinations, in ten-thousandths of a unit (fixed prizes only). */
  payoutPerUnit: bigint;
  /** Of a tiered bet type: how many combinations won the jackpot, and the bet's share of it (centavos). */
  jackpotCombinations: number;
  jackpotWin: T;
  /** What the bet pays, centavos, stake included (0 when lost). */
  winAmount: T;
}

/**
 * Settles one bet against a draw's result: every combination's hits × its odds (a tiered bet type:
 * its tier's fixed odds), times the unit stake and multiplier, rounded down to a centavo once at
 * the end; plus, for combinations that won a jackpot, the bet's share of the draw's `jackpot`
 * (required then: lottery/jackpot.ts jackpotBasis).
 *
 * Exact whatever the sizes: odds are integer ten-thousandths, and the product Σ odds × unit stake ×
 * multiplier (past 2^53 for a large 5D straight) is formed in BigInt and divided once, rounding
 * down (the fraction of a centavo stays with the house). Amounts come back in the unit stake's
 * kind of number: bigint on the server, number in the browser and the contract's tests.
 */
export function settleBet<T extends Centavos>(
  rule: BetTypeRule,
  picks: readonly (readonly number[])[],
  result: readonly number[],
  group: number,
  unitStake: T,
  multiplier: number,
  jackpot: JackpotBasis<T> | null = null,
): BetSettlement<T> {
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
  const inKind = (value: bigint) => (typeof unitStake === 'bigint' ? value : Number(value)) as T;
  if (jackpotCombinations > 0 && !jackpot)
    throw new Error(`${rule.code}: a jackpot win needs the draw's jackpot to settle`);
  const jackpotWin =
    jackpotCombinations > 0
      ? BigInt(jackpotShare(jackpot!, inKind(BigInt(jackpotCombinations) * BigInt(unitStake) * BigInt(multiplier))))
      : 0n;
  const winAmount = (payoutPerUnit * BigInt(unitStake) * BigInt(multiplier)) / BigInt(ODDS_SCALE) + jackpotWin;
  return {
    winningCombinations,
    payoutPerUnit,
    jackpotCombinations,
    jackpotWin: inKind(jackpotWin),
    winAmount: inKind(winAmount),
  };
}

/** The tiers a tiered bet type shows (6/42: the jackpot, then 5, 4, 3 of 6 with their fixed odds); none otherwise. */
export function prizeTiers(rule: BetTypeRule): { matches: number; odds: number | null }[] {
  return (rule.tiers?.list ?? []).map(({ matches, odds }) => ({ matches, odds }));
}

/** "1.9500" style odds text from ten-thousandths (for screens and docs). */
export function formatOdds(odds: number): string {
  return `${Math.floor(odds / ODDS_SCALE)}.${String(odds % ODDS_SCALE).padStart(4, '0')}`;
}
