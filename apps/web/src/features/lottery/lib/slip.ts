import {
  betStake,
  formatOdds,
  selectionProblem,
  type BetTypeRule,
  type PickRow,
  type TPlaceBetsRequest,
} from '@palaro/contract';

const oddsFormats = new Map<string, Intl.NumberFormat>();

/**
 * 1.9500 → 1.95, 9.7500 → 9.75, 2.0000 → 2, 975000000 → 97,500: odds as a player reads them, in the
 * number format of `locale` (thousands grouped); with `decimals` cut (never rounded up) to that many
 * places, for small buttons (2785.7142 → 2,785.71).
 */
export function oddsText(odds: number, locale: string, decimals = 4): string {
  const text = formatOdds(odds);
  const cut = Number(text.slice(0, text.length - (4 - decimals)));
  let format = oddsFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
    oddsFormats.set(locale, format);
  }
  return format.format(cut);
}

/** How the options of a row are shown: digits/numbers, big-small-odd-even, dragon-tiger-tie, or the one any-triple option. */
export type OptionKind = 'number' | 'side' | 'duel' | 'only';

export function optionKindOf(betType: string): OptionKind {
  if (betType.endsWith('_BSOE')) return 'side';
  if (betType.endsWith('_DRAGON_TIGER')) return 'duel';
  if (betType === 'K3_ANY_TRIPLE') return 'only';
  return 'number';
}

/** Rows with more options than this are typed, not tapped (lô 3 số: 000–999). */
export const MAX_TAPPABLE_OPTIONS = 100;

export function optionsOf(row: Pick<PickRow, 'min' | 'max'>): number[] {
  return Array.from({ length: row.max - row.min + 1 }, (_, index) => row.min + index);
}

/** How a number option reads: zero-padded to the row's width (đề 07, lô 3 số 007), else as it is. */
export function optionText(row: Pick<PickRow, 'min' | 'max'>, value: number): string {
  return row.min === 0 && row.max >= 99 ? String(value).padStart(String(row.max).length, '0') : String(value);
}

export const QUICK_PICKS = ['all', 'big', 'small', 'odd', 'even', 'clear'] as const;
export type QuickPick = (typeof QUICK_PICKS)[number];

/**
 * A quick pick of a number row: all of it, its upper or lower half (big/small), its odd or even
 * numbers, or nothing; never more than the bet type allows in one row.
 */
export function quickPick(row: Pick<PickRow, 'min' | 'max'>, kind: QuickPick, maxPicks: number): number[] {
  const options = optionsOf(row);
  const bigFrom = row.min + Math.ceil(options.length / 2);
  const chosen = {
    all: options,
    big: options.filter((value) => value >= bigFrom),
    small: options.filter((value) => value < bigFrom),
    odd: options.filter((value) => value % 2 === 1),
    even: options.filter((value) => value % 2 === 0),
    clear: [],
  }[kind];
  return chosen.slice(0, maxPicks);
}

/** The number of bets (combinations) the picks make under the contract's rules; 0 while they make no valid bet. */
export function betCount(rule: BetTypeRule, picks: readonly (readonly number[])[]): number {
  return selectionProblem(rule, picks) === null ? rule.countCombinations(picks) : 0;
}

/**
 * A bet's picks as the player reads them, each option in its row's words (`label`). A bet type of
 * several positions names the position of each picked row, in the words its rows and the two-sided
 * board use ("Ball 1: 3 7 · Ball 5: 0 1 2 3 4"): the same digits on two balls are two bets.
 */
export function picksText(
  rows: readonly Pick<PickRow, 'label'>[],
  picks: readonly (readonly number[])[],
  label: (rowIndex: number, value: number) => string,
): string {
  return picks
    .flatMap((row, rowIndex) => {
      if (row.length === 0) return [];
      const options = row.map((value) => label(rowIndex, value)).join(' ');
      return rows.length > 1 ? [`${rows[rowIndex]?.label ?? ''}: ${options}`] : [options];
    })
    .join(' · ');
}

export interface SlipBet {
  /** A local id for the list and its remove button. */
  key: string;
  betType: string;
  betName: string;
  picks: number[][];
  /** The picks as the player chose them (Big, Dragon, 07…), each with its position (picksText). */
  picksText: string;
  unitStake: number;
  multiplier: number;
  combinations: number;
  stake: number;
}

/** A slip's bet of `view` (the bet type's name and rows in the player's language), or null while the picks make no bet. */
export function slipBet(
  rule: BetTypeRule,
  view: { name: string; rows: readonly Pick<PickRow, 'label'>[] },
  picks: readonly (readonly number[])[],
  unitStake: number,
  multiplier: number,
  key: string,
  label: (rowIndex: number, value: number) => string = (_, value) => String(value),
): SlipBet | null {
  const combinations = betCount(rule, picks);
  if (combinations === 0) return null;
  const sorted = picks.map((row) => [...row].sort((a, b) => a - b));
  return {
    key,
    betType: rule.code,
    betName: view.name,
    picks: sorted,
    picksText: picksText(view.rows, sorted, label),
    unitStake,
    multiplier,
    combinations,
    stake: betStake(unitStake, multiplier, combinations),
  };
}

export function slipTotal(bets: readonly SlipBet[]): number {
  return bets.reduce((sum, bet) => sum + bet.stake, 0);
}

/** A board button is one bet: a tap puts it on the slip, a second takes it off. */
export function toggledOnSlip(slip: readonly SlipBet[], bet: SlipBet): SlipBet[] {
  return slip.some((each) => each.key === bet.key) ? withoutBet(slip, bet.key) : [...slip, bet];
}

export function withoutBet(slip: readonly SlipBet[], key: string): SlipBet[] {
  return slip.filter((each) => each.key !== key);
}

/** The slip's bets as the place and chase calls take them. */
export function betsToSend(slip: readonly SlipBet[]): TPlaceBetsRequest['bets'] {
  return slip.map((bet) => ({
    betType: bet.betType,
    picks: bet.picks,
    unitStake: bet.unitStake,
    multiplier: bet.multiplier,
  }));
}

/** Unit stakes offered as chips, centavos (₱1 … ₱100), from the game's minimum up. */
export const UNIT_STAKES = [100, 200, 500, 1000, 5000, 10_000] as const;

export function unitStakeChoices(minUnitStake: number): number[] {
  const choices = UNIT_STAKES.filter((stake) => stake >= minUnitStake);
  return choices.length > 0 ? choices : [minUnitStake];
}
