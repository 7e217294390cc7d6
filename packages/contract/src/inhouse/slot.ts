/**
 * "Palaro Isla Slots" (PLR-INHOUSE-001): the whole game as data and pure functions, shared by the
 * game server (real rounds on the fair byte stream), the RTP simulation (a fast generator) and the
 * browser (the paytable screen and the verify screen recomputing a past round).
 *
 * 5 reels × 3 rows, 20 fixed paylines paying left to right from the first reel, 3 to 5 of a kind.
 * SUN is wild: it stands on reels 2–5 only and substitutes for every symbol but the scatter; it has
 * no pay of its own. PEARL is the scatter: it pays anywhere (times the total bet) and 3, 4 or 5 of
 * them award 10, 15 or 20 free spins, played at once as part of the same round (one bet, all wins
 * summed) on the same reels with every free-spin win tripled; free spins retrigger the same way,
 * up to 250 free spins in one round. Wins are counted in line bets (total bet ÷ 20); every bet
 * step is a multiple of 20 centavos, so every win is a whole number of centavos.
 */
import type { RandomInt } from './fairness';

export const SLOT_GAME_CODE = 'PLR-INHOUSE-001';
export const SLOT_REEL_COUNT = 5;
export const SLOT_ROW_COUNT = 3;

export const SLOT_SYMBOLS = [
  'EAGLE',
  'TARSIER',
  'JEEPNEY',
  'CARABAO',
  'MANGO',
  'SAMPAGUITA',
  'COCONUT',
  'SHELL',
  'SUN',
  'PEARL',
] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];
export type SlotPayingSymbol = Exclude<SlotSymbol, 'SUN' | 'PEARL'>;
export const SLOT_WILD: SlotSymbol = 'SUN';
export const SLOT_SCATTER: SlotSymbol = 'PEARL';

/** What each symbol is (English names; the web app's text table has the Tagalog ones). */
export const SLOT_SYMBOL_INFO: Readonly<
  Record<SlotSymbol, { kind: 'high' | 'low' | 'wild' | 'scatter'; name: string }>
> = {
  EAGLE: { kind: 'high', name: 'Philippine Eagle' },
  TARSIER: { kind: 'high', name: 'Bohol Tarsier' },
  JEEPNEY: { kind: 'high', name: 'Jeepney' },
  CARABAO: { kind: 'high', name: 'Carabao' },
  MANGO: { kind: 'low', name: 'Guimaras Mango' },
  SAMPAGUITA: { kind: 'low', name: 'Sampaguita' },
  COCONUT: { kind: 'low', name: 'Coconut' },
  SHELL: { kind: 'low', name: 'Capiz Shell' },
  SUN: { kind: 'wild', name: 'Golden Sun (wild)' },
  PEARL: { kind: 'scatter', name: 'Pearl of the Orient (scatter)' },
};

/** Line pays in line bets for 3, 4 and 5 of a kind. */
export const SLOT_PAYTABLE: Readonly<Record<SlotPayingSymbol, readonly [number, number, number]>> = {
  EAGLE: [30, 120, 500],
  TARSIER: [25, 80, 250],
  JEEPNEY: [20, 60, 150],
  CARABAO: [15, 40, 100],
  MANGO: [7, 20, 60],
  SAMPAGUITA: [6, 15, 50],
  COCONUT: [4, 12, 40],
  SHELL: [4, 10, 30],
};

/** Scatter pays in TOTAL bets and free spins awarded, by the number of scatters in view (5 or more pay as 5). */
export const SLOT_SCATTER_PAYS: Readonly<Record<3 | 4 | 5, number>> = { 3: 2, 4: 10, 5: 50 };
export const SLOT_FREE_SPIN_AWARDS: Readonly<Record<3 | 4 | 5, number>> = { 3: 10, 4: 15, 5: 20 };
export const SLOT_FREE_SPIN_MULTIPLIER = 3;
export const SLOT_MAX_FREE_SPINS = 250;

/** Reel strips, top to bottom; a stop s shows strip[s], strip[s+1], strip[s+2] (wrapping) in rows 0–2. */
export const SLOT_REELS: readonly (readonly SlotSymbol[])[] = [
  [
    'SHELL',
    'MANGO',
    'CARABAO',
    'COCONUT',
    'SHELL',
    'SAMPAGUITA',
    'JEEPNEY',
    'MANGO',
    'EAGLE',
    'COCONUT',
    'TARSIER',
    'SHELL',
    'CARABAO',
    'SAMPAGUITA',
    'COCONUT',
    'MANGO',
    'JEEPNEY',
    'SHELL',
    'PEARL',
    'SAMPAGUITA',
    'COCONUT',
    'CARABAO',
    'MANGO',
    'SHELL',
    'EAGLE',
    'TARSIER',
    'JEEPNEY',
    'COCONUT',
    'SAMPAGUITA',
  ],
  [
    'SHELL',
    'SAMPAGUITA',
    'MANGO',
    'SUN',
    'COCONUT',
    'CARABAO',
    'SHELL',
    'SAMPAGUITA',
    'JEEPNEY',
    'MANGO',
    'COCONUT',
    'EAGLE',
    'SHELL',
    'SUN',
    'TARSIER',
    'CARABAO',
    'SAMPAGUITA',
    'COCONUT',
    'MANGO',
    'SHELL',
    'JEEPNEY',
    'COCONUT',
    'SUN',
    'SAMPAGUITA',
    'SHELL',
    'MANGO',
    'CARABAO',
    'PEARL',
    'EAGLE',
    'TARSIER',
    'COCONUT',
    'JEEPNEY',
  ],
  [
    'COCONUT',
    'JEEPNEY',
    'SHELL',
    'SAMPAGUITA',
    'SUN',
    'MANGO',
    'COCONUT',
    'CARABAO',
    'SHELL',
    'SAMPAGUITA',
    'SUN',
    'MANGO',
    'JEEPNEY',
    'COCONUT',
    'SHELL',
    'EAGLE',
    'TARSIER',
    'SAMPAGUITA',
    'CARABAO',
    'SUN',
    'COCONUT',
    'MANGO',
    'SHELL',
    'JEEPNEY',
    'COCONUT',
    'SAMPAGUITA',
    'SUN',
    'SHELL',
    'MANGO',
    'CARABAO',
    'EAGLE',
    'TARSIER',
    'PEARL',
  ],
  [
    'COCONUT',
    'SHELL',
    'JEEPNEY',
    'SAMPAGUITA',
    'EAGLE',
    'SUN',
    'MANGO',
    'TARSIER',
    'COCONUT',
    'SHELL',
    'CARABAO',
    'SAMPAGUITA',
    'SUN',
    'MANGO',
    'JEEPNEY',
    'COCONUT',
    'SHELL',
    'SAMPAGUITA',
    'EAGLE',
    'CARABAO',
    'SUN',
    'COCONUT',
    'MANGO',
    'TARSIER',
    'SHELL',
    'JEEPNEY',
    'COCONUT',
    'SAMPAGUITA',
    'SUN',
    'SHELL',
    'MANGO',
    'CARABAO',
    'PEARL',
  ],
  [
    'CARABAO',
    'COCONUT',
    'SHELL',
    'SAMPAGUITA',
    'JEEPNEY',
    'MANGO',
    'EAGLE',
    'TARSIER',
    'COCONUT',
    'SUN',
    'SHELL',
    'CARABAO',
    'SAMPAGUITA',
    'MANGO',
    'COCONUT',
    'JEEPNEY',
    'SHELL',
    'PEARL',
    'SUN',
    'SAMPAGUITA',
    'COCONUT',
    'MANGO',
    'EAGLE',
    'SHELL',
    'CARABAO',
    'TARSIER',
    'JEEPNEY',
    'COCONUT',
    'SAMPAGUITA',
    'SHELL',
    'SUN',
    'MANGO',
  ],
];

/** The 20 paylines: the row (0 top, 1 middle, 2 bottom) on each reel. */
export const SLOT_PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];
export const SLOT_LINE_COUNT = SLOT_PAYLINES.length;

/** Total bets a player may choose, in centavos: multiples of 20 so a line bet is whole centavos. */
export const SLOT_BET_STEPS: readonly number[] = [100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000];

/**
 * The stated return to player: slotExactRtp() below computes it from the tables above to the last
 * digit (0.961288…); a unit test keeps the two together and bench/rtp.mjs simulates it.
 */
export const SLOT_STATED_RTP = 0.9613;

export interface SlotLineWin {
  /** 0-based index into SLOT_PAYLINES. */
  line: number;
  symbol: SlotPayingSymbol;
  /** 3, 4 or 5 reels from the left. */
  count: number;
  /** The win in line bets, free-spin multiplier included. */
  lineBets: number;
}

export interface SlotSpin {
  /** Each reel's stop (index into its strip). */
  stops: number[];
  /** grid[reel][row]. */
  grid: SlotSymbol[][];
  lineWins: SlotLineWin[];
  scatterCount: number;
  /** Scatter win in line bets (SLOT_SCATTER_PAYS × 20), multiplier included. */
  scatterLineBets: number;
  freeSpinsAwarded: number;
  /** 1 on the base spin, SLOT_FREE_SPIN_MULTIPLIER on free spins. */
  multiplier: number;
  /** This spin's whole win in line bets. */
  lineBets: number;
}

export interface SlotRound {
  base: SlotSpin;
  freeSpins: SlotSpin[];
  /** The round's whole win in line bets (base spin plus every free spin). */
  lineBets: number;
}

const SYMBOL_INDEX = new Map<SlotSymbol, number>(SLOT_SYMBOLS.map((symbol, index) => [symbol, index]));
const WILD_INDEX = SYMBOL_INDEX.get(SLOT_WILD)!;
const SCATTER_INDEX = SYMBOL_INDEX.get(SLOT_SCATTER)!;
const REEL_INDICES: readonly Uint8Array[] = SLOT_REELS.map((strip) =>
  Uint8Array.from(strip, (symbol) => SYMBOL_INDEX.get(symbol)!),
);
/** PAY_BY_INDEX[symbol][count] in line bets (0 where nothing pays). */
const PAY_BY_INDEX: readonly number[][] = SLOT_SYMBOLS.map((symbol) => {
  const pays = (SLOT_PAYTABLE as Record<string, readonly number[] | undefined>)[symbol];
  return [0, 0, 0, pays?.[0] ?? 0, pays?.[1] ?? 0, pays?.[2] ?? 0];
});

function scatterTier(count: number): 3 | 4 | 5 | null {
  return count >= 5 ? 5 : count >= 3 ? (count as 3 | 4) : null;
}

/** One spin's stops: one uniform draw per reel, reel 1 first. */
export function drawStops(int: RandomInt): number[] {
  return REEL_INDICES.map((strip) => int(strip.length));
}

/** The symbols in view for these stops, grid[reel][row]. */
export function gridForStops(stops: readonly number[]): SlotSymbol[][] {
  return SLOT_REELS.map((strip, reel) => {
    const stop = stops[reel]!;
    return Array.from({ length: SLOT_ROW_COUNT }, (_, row) => strip[(stop + row) % strip.length]!);
  });
}

/**
 * One line's win: the first reel's symbol (never wild: wilds do not stand on reel 1) followed by
 * the same symbol or wilds on the next reels; the scatter pays no line.
 */
export function evaluateLine(
  symbols: readonly SlotSymbol[],
): { symbol: SlotPayingSymbol; count: number; lineBets: number } | null {
  const first = symbols[0]!;
  if (first === SLOT_SCATTER || first === SLOT_WILD) return null;
  let count = 1;
  while (count < symbols.length && (symbols[count] === first || symbols[count] === SLOT_WILD)) count += 1;
  const lineBets = PAY_BY_INDEX[SYMBOL_INDEX.get(first)!]![count]!;
  return lineBets > 0 ? { symbol: first as SlotPayingSymbol, count, lineBets } : null;
}

/** Evaluates the grid shown by `stops`; `multiplier` is 1 on the base spin. */
export function evaluateSpin(stops: readonly number[], multiplier: number): SlotSpin {
  const grid = gridForStops(stops);
  const lineWins: SlotLineWin[] = [];
  let lineBets = 0;
  SLOT_PAYLINES.forEach((rows, line) => {
    const win = evaluateLine(rows.map((row, reel) => grid[reel]![row]!));
    if (win) {
      lineWins.push({ line, symbol: win.symbol, count: win.count, lineBets: win.lineBets * multiplier });
      lineBets += win.lineBets * multiplier;
    }
  });
  let scatterCount = 0;
  for (const column of grid) for (const symbol of column) if (symbol === SLOT_SCATTER) scatterCount += 1;
  const tier = scatterTier(scatterCount);
  const scatterLineBets = tier ? SLOT_SCATTER_PAYS[tier] * SLOT_LINE_COUNT * multiplier : 0;
  return {
    stops: [...stops],
    grid,
    lineWins,
    scatterCount,
    scatterLineBets,
    freeSpinsAwarded: tier ? SLOT_FREE_SPIN_AWARDS[tier] : 0,
    multiplier,
    lineBets: lineBets + scatterLineBets,
  };
}

/** Free spins still to be played may not take a round past SLOT_MAX_FREE_SPINS in all. */
function capAward(awardedSoFar: number, award: number): number {
  return Math.min(award, SLOT_MAX_FREE_SPINS - awardedSoFar);
}

/** A whole round: the base spin, then every free spin it (and its free spins) awarded. */
export function playSlotRound(int: RandomInt): SlotRound {
  const base = evaluateSpin(drawStops(int), 1);
  const freeSpins: SlotSpin[] = [];
  let awarded = capAward(0, base.freeSpinsAwarded);
  let lineBets = base.lineBets;
  while (freeSpins.length < awarded) {
    const spin = evaluateSpin(drawStops(int), SLOT_FREE_SPIN_MULTIPLIER);
    freeSpins.push(spin);
    lineBets += spin.lineBets;
    awarded += capAward(awarded, spin.freeSpinsAwarded);
  }
  return { base, freeSpins, lineBets };
}

/** WINDOWS[reel][stop * 3 + row]: the symbol index in view, precomputed for the simulation. */
const WINDOWS: readonly Uint8Array[] = REEL_INDICES.map((strip) =>
  Uint8Array.from(
    { length: strip.length * SLOT_ROW_COUNT },
    (_, at) => strip[(Math.floor(at / SLOT_ROW_COUNT) + (at % SLOT_ROW_COUNT)) % strip.length]!,
  ),
);
/** SCATTERS_IN_VIEW[reel][stop]: how many scatters that stop shows. */
const SCATTERS_IN_VIEW: readonly Uint8Array[] = REEL_INDICES.map((strip, reel) =>
  Uint8Array.from({ length: strip.length }, (_, stop) => {
    let inView = 0;
    for (let row = 0; row < SLOT_ROW_COUNT; row += 1)
      if (WINDOWS[reel]![stop * SLOT_ROW_COUNT + row] === SCATTER_INDEX) inView += 1;
    return inView;
  }),
);
const LINE_ROWS = Uint8Array.from(SLOT_PAYLINES.flat());
const REEL_LENGTHS = REEL_INDICES.map((strip) => strip.length);

/**
 * The same rules as playSlotRound without building the result's objects: the RTP simulation's
 * inner loop (a test checks the two agree round for round). Returns the win in line bets.
 */
export function slotRoundLineBets(int: RandomInt): number {
  const [window0, window1, window2, window3, window4] = WINDOWS as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
  ];
  let awarded = 0;
  let played = -1;
  let total = 0;
  while (played < awarded) {
    const at0 = int(REEL_LENGTHS[0]!) * SLOT_ROW_COUNT;
    const at1 = int(REEL_LENGTHS[1]!) * SLOT_ROW_COUNT;
    const at2 = int(REEL_LENGTHS[2]!) * SLOT_ROW_COUNT;
    const at3 = int(REEL_LENGTHS[3]!) * SLOT_ROW_COUNT;
    const at4 = int(REEL_LENGTHS[4]!) * SLOT_ROW_COUNT;
    const scatters =
      SCATTERS_IN_VIEW[0]![at0 / SLOT_ROW_COUNT]! +
      SCATTERS_IN_VIEW[1]![at1 / SLOT_ROW_COUNT]! +
      SCATTERS_IN_VIEW[2]![at2 / SLOT_ROW_COUNT]! +
      SCATTERS_IN_VIEW[3]![at3 / SLOT_ROW_COUNT]! +
      SCATTERS_IN_VIEW[4]![at4 / SLOT_ROW_COUNT]!;
    let spinWin = 0;
    for (let line = 0; line < LINE_ROWS.length; line += SLOT_REEL_COUNT) {
      const first = window0[at0 + LINE_ROWS[line]!]!;
      if (first === SCATTER_INDEX) continue;
      let symbol = window1[at1 + LINE_ROWS[line + 1]!]!;
      if (symbol !== first && symbol !== WILD_INDEX) continue;
      symbol = window2[at2 + LINE_ROWS[line + 2]!]!;
      if (symbol !== first && symbol !== WILD_INDEX) continue;
      let count = 3;
      symbol = window3[at3 + LINE_ROWS[line + 3]!]!;
      if (symbol === first || symbol === WILD_INDEX) {
        count = 4;
        symbol = window4[at4 + LINE_ROWS[line + 4]!]!;
        if (symbol === first || symbol === WILD_INDEX) count = 5;
      }
      spinWin += PAY_BY_INDEX[first]![count]!;
    }
    const tier = scatterTier(scatters);
    if (tier) {
      spinWin += SLOT_SCATTER_PAYS[tier] * SLOT_LINE_COUNT;
      awarded += capAward(awarded, SLOT_FREE_SPIN_AWARDS[tier]);
    }
    total += played < 0 ? spinWin : spinWin * SLOT_FREE_SPIN_MULTIPLIER;
    played += 1;
  }
  return total;
}

/** A win in line bets as centavos for a total bet (a bet step, so a multiple of the line count). */
export function slotWinAmount(totalBet: number, lineBets: number): number {
  return (totalBet / SLOT_LINE_COUNT) * lineBets;
}

export interface SlotRtpBreakdown {
  /** Expected base-spin line wins, scatter wins and free-spin wins, each per unit of total bet. */
  lines: number;
  scatters: number;
  freeSpins: number;
  total: number;
  /** Probability that a spin shows 3 or more scatters. */
  freeSpinChance: number;
  /** Expected free spins per triggered feature (retriggers and the cap included). */
  freeSpinsPerFeature: number;
}

/**
 * The exact RTP from the tables. A line's five symbols are independent (one uniform stop per reel),
 * each distributed as its reel strip's symbol counts, so every line has the same expected pay;
 * scatters in view per reel come from every stop of the strip; the free-spin count follows from the
 * chance of each award with the cap, and each free spin is worth the multiplier times a base spin.
 */
export function slotExactRtp(): SlotRtpBreakdown {
  const frequency = REEL_INDICES.map((strip) => {
    const counts = new Array<number>(SLOT_SYMBOLS.length).fill(0);
    for (const symbol of strip) counts[symbol]! += 1;
    return counts.map((count) => count / strip.length);
  });
  let linePay = 0;
  SLOT_SYMBOLS.forEach((_, symbol) => {
    if (symbol === WILD_INDEX || symbol === SCATTER_INDEX) return;
    let reach = frequency[0]![symbol]!;
    for (let count = 2; count <= SLOT_REEL_COUNT; count += 1) {
      const continues = frequency[count - 1]![symbol]! + frequency[count - 1]![WILD_INDEX]!;
      const stopsHere = count < SLOT_REEL_COUNT ? 1 - frequency[count]![symbol]! - frequency[count]![WILD_INDEX]! : 1;
      reach *= continues;
      linePay += reach * stopsHere * PAY_BY_INDEX[symbol]![count]!;
    }
  });
  // Distribution of the number of scatters in view.
  let scatterDistribution = [1];
  for (const strip of REEL_INDICES) {
    const perReel = new Array<number>(SLOT_ROW_COUNT + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop += 1) {
      let inView = 0;
      for (let row = 0; row < SLOT_ROW_COUNT; row += 1)
        if (strip[(stop + row) % strip.length] === SCATTER_INDEX) inView += 1;
      perReel[inView]! += 1 / strip.length;
    }
    const next = new Array<number>(scatterDistribution.length + SLOT_ROW_COUNT).fill(0);
    scatterDistribution.forEach((p, sofar) =>
      perReel.forEach((q, more) => {
        next[sofar + more]! += p * q;
      }),
    );
    scatterDistribution = next;
  }
  const awardChances: { award: number; chance: number }[] = [];
  let scatterPay = 0;
  scatterDistribution.forEach((chance, count) => {
    const tier = scatterTier(count);
    if (!tier || chance === 0) return;
    scatterPay += chance * SLOT_SCATTER_PAYS[tier];
    awardChances.push({ award: SLOT_FREE_SPIN_AWARDS[tier], chance });
  });
  const freeSpinChance = awardChances.reduce((sum, entry) => sum + entry.chance, 0);
  // Expected free spins played from a first award: states (awarded so far, played) with their chances.
  const expectedSpins = (firstAward: number): number => {
    let states = new Map<number, number>([[Math.min(firstAward, SLOT_MAX_FREE_SPINS), 1]]);
    let played = 0;
    for (let spin = 0; states.size > 0; spin += 1) {
      const next = new Map<number, number>();
      for (const [awarded, chance] of states) {
        if (spin >= awarded) continue;
        played += chance;
        const add = (total: number, p: number) => next.set(total, (next.get(total) ?? 0) + p);
        add(awarded, chance * (1 - freeSpinChance));
        for (const entry of awardChances)
          add(Math.min(SLOT_MAX_FREE_SPINS, awarded + entry.award), chance * entry.chance);
      }
      states = next;
    }
    return played;
  };
  const perSpin = linePay + scatterPay;
  let featureSpins = 0;
  for (const entry of awardChances) featureSpins += entry.chance * expectedSpins(entry.award);
  const freeSpins = featureSpins * SLOT_FREE_SPIN_MULTIPLIER * perSpin;
  return {
    lines: linePay,
    scatters: scatterPay,
    freeSpins,
    total: perSpin + freeSpins,
    freeSpinChance,
    freeSpinsPerFeature: featureSpins / freeSpinChance,
  };
}
