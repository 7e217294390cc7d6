import { betStake, playTypeNamed, playTypesOf, type PlayType, type TBetTypeView } from '@palaro/contract';
import { optionKindOf, optionsOf, type OptionKind, type SlipBet } from './slip';

/**
 * The Entertainment play type's two-sided board, laid out as its players expect it on a phone: the
 * draw-wide sides first (the total's big/small/odd/even, dragon/tiger), then one block per position
 * (ball or place) with its big/small/odd/even and dragon/tiger buttons on one line and its numbers
 * under them, then the exact totals. Every button is one bet of one option, its odds on it; a tap puts it on
 * the slip or takes it off.
 */

export interface BoardButton {
  /** The slip's key for this option: a second tap finds and removes it. */
  key: string;
  betType: string;
  /** The bet type's row (position) and option. */
  row: number;
  option: number;
  kind: OptionKind;
  odds: number | null;
}

export interface BoardLine {
  /** What the line is: the bet type's name (draw-wide bets) or the position's part (its sides, its numbers). */
  betType: string;
  title: string;
  kind: OptionKind;
  buttons: BoardButton[];
}

export interface BoardBlock {
  key: string;
  title: string;
  lines: BoardLine[];
}

/** The play types a game's bet types cover (Tradition first), one tab each; none when there is only one. */
export function playTabs(betTypes: readonly TBetTypeView[]): PlayType[] {
  const types = playTypesOf(betTypes);
  return types.length > 1 ? types : [];
}

/** The board a screen opens on: the one the launch asked for when the game has it, else the game's first. */
export function initialPlayType(betTypes: readonly TBetTypeView[], asked: string | null): PlayType {
  const types = playTypesOf(betTypes);
  const wanted = playTypeNamed(asked);
  return wanted && types.includes(wanted) ? wanted : (types[0] ?? 'Tradition');
}

export function boardKey(betType: string, row: number, option: number): string {
  return `ent:${betType}:${row}:${option}`;
}

function oddsOf(view: TBetTypeView, option: number): number | null {
  return (
    view.odds.find((entry) => entry.option === option)?.odds ??
    view.odds.find((entry) => entry.option === null)?.odds ??
    null
  );
}

function line(view: TBetTypeView, row: number, title: string): BoardLine {
  const kind = optionKindOf(view.code);
  return {
    betType: view.code,
    title,
    kind,
    buttons: optionsOf(view.rows[row]!).map((option) => ({
      key: boardKey(view.code, row, option),
      betType: view.code,
      row,
      option,
      kind,
      odds: oddsOf(view, option),
    })),
  };
}

/** Sides and dragon/tiger before numbers: the short lines first, as two-sided boards show them. */
const KIND_ORDER: Record<OptionKind, number> = { side: 0, duel: 1, only: 2, number: 3 };
const byKind = (a: BoardLine, b: BoardLine) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind];

/**
 * The board of a game's Entertainment bet types (names and row labels already in the player's
 * language). A bet type of one row is draw-wide; one of several rows has a row per position, and
 * row i of each goes into position i's block, titled by the position's own label (a side row's:
 * "Ball 1", "Place 1" — a dragon/tiger row names a pair).
 */
export function entertainmentBoard(betTypes: readonly TBetTypeView[]): BoardBlock[] {
  const boardTypes = betTypes.filter((view) => view.playType === 'Entertainment');
  const drawWide = boardTypes
    .filter((view) => view.rows.length === 1)
    .map((view) => line(view, 0, view.name))
    .sort(byKind);
  const short = drawWide.filter((each) => each.kind !== 'number');
  const perPosition = boardTypes.filter((view) => view.rows.length > 1);
  const positions = Math.max(0, ...perPosition.map((view) => view.rows.length));
  const blocks: BoardBlock[] = short.length > 0 ? [{ key: 'all', title: '', lines: short }] : [];
  for (let position = 0; position < positions; position += 1) {
    const here = perPosition.filter((view) => position < view.rows.length);
    const titled = here.find((view) => optionKindOf(view.code) !== 'duel') ?? here[0]!;
    blocks.push({
      key: `position-${position}`,
      title: titled.rows[position]!.label,
      lines: here.map((view) => line(view, position, view.rows[position]!.label)).sort(byKind),
    });
  }
  // The exact totals, many long-priced buttons, come last in blocks of their own.
  for (const totals of drawWide.filter((each) => each.kind === 'number'))
    blocks.push({ key: totals.betType, title: totals.title, lines: [totals] });
  return blocks;
}

/**
 * The slip's bet for one button: the bet type with the one option in its row (other rows empty),
 * at `unitStake` × 1, read as "Ball 1 · Big · 1.98×".
 */
export function boardBet(
  view: TBetTypeView,
  button: BoardButton,
  unitStake: number,
  optionLabel: string,
  oddsLabel: string | null,
): SlipBet {
  const picks = view.rows.map((_, row) => (row === button.row ? [button.option] : []));
  const where = view.rows.length > 1 ? `${view.rows[button.row]!.label} · ` : '';
  return {
    key: button.key,
    betType: view.code,
    betName: view.name,
    picks,
    picksText: `${where}${optionLabel}${oddsLabel ? ` · ${oddsLabel}` : ''}`,
    unitStake,
    multiplier: 1,
    combinations: 1,
    stake: betStake(unitStake, 1, 1),
  };
}
