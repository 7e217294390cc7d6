import { SLOT_PAYLINES, SLOT_SCATTER, type SlotSymbol } from '@palaro/contract';

/**
 * Where the reels stand before the first spin: a varied, losing picture (no paying line, one
 * scatter, no symbol twice in a row) — a row of eagles beside "win ₱0.00" read as a 500× win.
 */
export const IDLE_STOPS: readonly number[] = [22, 29, 30, 24, 8];

/** A line win as the server sends it. */
export interface ShownLineWin {
  line: number;
  symbol: SlotSymbol;
  count: number;
  lineBets: number;
}

/** What one shown spin highlights: its winning cells ("reel:row") and the lines through them. */
export interface SpinHighlight {
  cells: Set<string>;
  lines: ShownLineWin[];
  scatterCells: string[];
}

/** The cells of a line win: the payline's row on each of the first `count` reels. */
export function lineCells(win: Pick<ShownLineWin, 'line' | 'count'>): string[] {
  const rows = SLOT_PAYLINES[win.line] ?? [];
  return rows.slice(0, win.count).map((row, reel) => `${reel}:${row}`);
}

/** Where the scatters stand in a grid (grid[reel][row]). */
export function scatterCellsOf(grid: readonly (readonly SlotSymbol[])[]): string[] {
  return grid.flatMap((column, reel) =>
    column.flatMap((symbol, row) => (symbol === SLOT_SCATTER ? [`${reel}:${row}`] : [])),
  );
}

export function highlightOf(spin: {
  lineWins: ShownLineWin[];
  grid: SlotSymbol[][];
  scatterCount: number;
  scatterLineBets: number;
}): SpinHighlight {
  const cells = new Set<string>();
  for (const win of spin.lineWins) for (const cell of lineCells(win)) cells.add(cell);
  const scatterCells = spin.scatterLineBets > 0 ? scatterCellsOf(spin.grid) : [];
  for (const cell of scatterCells) cells.add(cell);
  return { cells, lines: spin.lineWins, scatterCells };
}

/**
 * The first reel from which the landing should linger (scatter suspense): once two scatters are in
 * view on the reels already stopped, every later reel could bring the third. Null when no suspense.
 */
export function suspenseFrom(grid: readonly (readonly SlotSymbol[])[]): number | null {
  let seen = 0;
  for (let reel = 0; reel < grid.length - 1; reel += 1) {
    seen += grid[reel]!.filter((symbol) => symbol === SLOT_SCATTER).length;
    if (seen >= 2) return reel + 1;
  }
  return null;
}

/**
 * The free spins known after `landed` of them have landed (retriggers add up), never more than the
 * round played in all (the server caps a round's free spins).
 */
export function freeSpinsKnown(baseAward: number, freeSpinAwards: readonly number[], landed: number): number {
  const awarded = baseAward + freeSpinAwards.slice(0, landed).reduce((sum, award) => sum + award, 0);
  return Math.min(awarded, freeSpinAwards.length);
}
