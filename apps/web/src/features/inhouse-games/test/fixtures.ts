import {
  MINES_BET_STEPS,
  MINES_GRID_SIZE,
  MINES_MAX_MINES,
  MINES_MIN_MINES,
  MINES_MULTIPLIER_SCALE,
  MINES_STATED_RTP,
  SLOT_BET_STEPS,
  SLOT_FREE_SPIN_AWARDS,
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_MAX_FREE_SPINS,
  SLOT_PAYLINES,
  SLOT_PAYTABLE,
  SLOT_REELS,
  SLOT_ROW_COUNT,
  SLOT_SCATTER,
  SLOT_SCATTER_PAYS,
  SLOT_STATED_RTP,
  SLOT_WILD,
  minesMultiplierTable,
  type TFairnessState,
  type TInhouseSession,
  type TMinesRoundView,
} from '@palaro/contract';

/** Test data of the in-house games, shaped as the game server answers. */
export const HASH = 'a'.repeat(64);

export function fairness(over: Partial<TFairnessState> = {}): TFairnessState {
  return { serverSeedHash: HASH, clientSeed: 'lucky-seed', nextNonce: 4, previous: null, ...over };
}

export function slotSession(over: Partial<TInhouseSession> = {}): TInhouseSession {
  return {
    sessionToken: 'S'.repeat(43),
    game: { code: 'PLR-INHOUSE-001', name: 'Palaro Isla Slots', kind: 'slot' },
    balance: 200_000,
    currency: 'PHP',
    betSteps: [...SLOT_BET_STEPS],
    statedRtp: SLOT_STATED_RTP,
    fairness: fairness(),
    slot: {
      reels: SLOT_REELS.map((strip) => [...strip]),
      rows: SLOT_ROW_COUNT,
      paylines: SLOT_PAYLINES.map((line) => [...line]),
      paytable: Object.fromEntries(
        Object.entries(SLOT_PAYTABLE).map(([symbol, pays]) => [symbol, [...pays] as [number, number, number]]),
      ),
      wild: SLOT_WILD,
      scatter: SLOT_SCATTER,
      scatterPays: Object.fromEntries(Object.entries(SLOT_SCATTER_PAYS).map(([count, pay]) => [count, pay])),
      freeSpinAwards: Object.fromEntries(Object.entries(SLOT_FREE_SPIN_AWARDS).map(([count, spins]) => [count, spins])),
      freeSpinMultiplier: SLOT_FREE_SPIN_MULTIPLIER,
      maxFreeSpins: SLOT_MAX_FREE_SPINS,
    },
    mines: null,
    currentRound: null,
    ...over,
  } as TInhouseSession;
}

export function minesSession(over: Partial<TInhouseSession> = {}): TInhouseSession {
  return {
    sessionToken: 'M'.repeat(43),
    game: { code: 'PLR-INHOUSE-002', name: 'Palaro Mines', kind: 'mines' },
    balance: 200_000,
    currency: 'PHP',
    betSteps: [...MINES_BET_STEPS],
    statedRtp: MINES_STATED_RTP,
    fairness: fairness(),
    slot: null,
    mines: {
      gridSize: MINES_GRID_SIZE,
      minMines: MINES_MIN_MINES,
      maxMines: MINES_MAX_MINES,
      multipliers: minesMultiplierTable().map((row) => row ?? []),
      multiplierScale: MINES_MULTIPLIER_SCALE,
    },
    currentRound: null,
    ...over,
  };
}

export function minesRound(over: Partial<TMinesRoundView> = {}): TMinesRoundView {
  return {
    roundId: 'MINES-7',
    gameCode: 'PLR-INHOUSE-002',
    bet: 1000,
    mines: 3,
    revealed: [],
    status: 'open',
    multiplier: 0,
    nextMultiplier: 11025,
    payout: 0,
    mineCells: null,
    seeds: { serverSeedHash: HASH, clientSeed: 'lucky-seed', nonce: 3, serverSeed: null },
    settlement: 'settled',
    createdAt: '2026-11-26T05:00:00Z',
    ...over,
  };
}
