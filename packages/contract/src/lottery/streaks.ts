/**
 * Streak statistics beside the results board: per position, the current run and the longest run
 * of big/small and of odd/even over the recent results. A plain function of the results, so the
 * web shows what any player could count by hand from the list.
 */
import { FAMILY_INFO, FAMILY_TIERS, type LotteryFamily } from './families';

export type BigSmall = 'big' | 'small';
export type OddEven = 'odd' | 'even';

/** Runs of one two-sided property (big/small or odd/even) at one position. */
export interface SideRuns<S extends string> {
  /** The run the newest result belongs to; null when the newest value is neither side (a middle value) or there is no result. */
  current: { side: S; length: number } | null;
  /** The longest run of each side over the results looked at (0: that side never came). */
  longest: Record<S, number>;
}

export interface PositionStreaks {
  bigSmall: SideRuns<BigSmall>;
  oddEven: SideRuns<OddEven>;
}

/**
 * Runs of a sequence of sides given newest first; null entries (neither side) end every run.
 * `sides` lists the two sides so a side that never came still has its longest (0).
 */
export function sideRuns<S extends string>(newestFirst: readonly (S | null)[], sides: readonly [S, S]): SideRuns<S> {
  const longest = { [sides[0]]: 0, [sides[1]]: 0 } as Record<S, number>;
  let current: SideRuns<S>['current'] = null;
  let run: { side: S; length: number } | null = null;
  // The current run starts at the newest result and lasts until the first change of side.
  let currentOpen = true;
  newestFirst.forEach((side, index) => {
    const continues = side !== null && run?.side === side;
    run = side === null ? null : { side, length: continues && run ? run.length + 1 : 1 };
    if (index > 0 && !continues) currentOpen = false;
    if (currentOpen) current = run;
    if (run && run.length > longest[run.side]) longest[run.side] = run.length;
  });
  return { current, longest };
}

/**
 * Big or small of one value in [min, max]: above the middle of the range is big, below it small;
 * the middle value of a range with an odd count of values (6 in 11x5's 1–11) is neither, like a tie.
 */
export function bigSmallOf(value: number, min: number, max: number): BigSmall | null {
  const middle = (min + max) / 2;
  return value > middle ? 'big' : value < middle ? 'small' : null;
}

export function oddEvenOf(value: number): OddEven {
  return Math.abs(value) % 2 === 1 ? 'odd' : 'even';
}

/**
 * How a result reads position by position (the balls of the results board, the trend and the
 * streaks): a Vietnamese draw (electronic, northern or southern) by its special prize's digits,
 * every other family by its numbers as drawn.
 */
export function positionCount(family: LotteryFamily): number {
  const tiers = FAMILY_TIERS[family];
  return tiers ? tiers[0]![2] : FAMILY_INFO[family].length;
}

/** The range of one position's values: the family's range, or a digit 0–9 for the Vietnamese special prize's digits. */
export function streakRange(family: LotteryFamily): { min: number; max: number } {
  return FAMILY_TIERS[family] ? { min: 0, max: 9 } : { min: FAMILY_INFO[family].min, max: FAMILY_INFO[family].max };
}

/** A result's values per position (positionCount): the Vietnamese special prize digit by digit, else the result as drawn. */
export function positionValues(family: LotteryFamily, result: readonly number[]): number[] {
  const tiers = FAMILY_TIERS[family];
  if (tiers) return [...String(result[0] ?? 0).padStart(tiers[0]![2], '0')].map(Number);
  return [...result];
}

/** Streaks of every position over results given newest first (the results endpoint's order). */
export function drawStreaks(
  family: LotteryFamily,
  resultsNewestFirst: readonly (readonly number[])[],
): PositionStreaks[] {
  const rows = resultsNewestFirst.map((result) => positionValues(family, result));
  const positions = rows.reduce((most, row) => Math.max(most, row.length), 0);
  const { min, max } = streakRange(family);
  return Array.from({ length: positions }, (_, position) => {
    const values = rows.map((row) => row[position]).filter((value): value is number => value !== undefined);
    return {
      bigSmall: sideRuns(
        values.map((value) => bigSmallOf(value, min, max)),
        ['big', 'small'],
      ),
      oddEven: sideRuns(values.map(oddEvenOf), ['odd', 'even']),
    };
  });
}
