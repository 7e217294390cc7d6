import {
  ERROR_CODES,
  INHOUSE_ERROR_CODES,
  INHOUSE_MAX_WIN,
  MINES_BET_STEPS,
  MINES_GAME_CODE,
  MINES_GRID_SIZE,
  MINES_MAX_MINES,
  MINES_MIN_MINES,
  MINES_MULTIPLIER_SCALE,
  MINES_STATED_RTP,
  SLOT_BET_STEPS,
  SLOT_FREE_SPIN_AWARDS,
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_GAME_CODE,
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
  minesPayout,
  type TInhouseGameKind,
  type TInhouseSession,
} from '@palaro/contract';
import { DomainError } from '../../platform/http/errors';
import type { InhouseSessionRow } from './schema';

/** The two in-house games: their bet steps, stated RTP and the rules a session sends the browser; the bet and win limits. */

export interface GameInfo {
  kind: TInhouseGameKind;
  betSteps: readonly number[];
  statedRtp: number;
}

const GAMES: Readonly<Record<string, GameInfo>> = {
  [SLOT_GAME_CODE]: { kind: 'slot', betSteps: SLOT_BET_STEPS, statedRtp: SLOT_STATED_RTP },
  [MINES_GAME_CODE]: { kind: 'mines', betSteps: MINES_BET_STEPS, statedRtp: MINES_STATED_RTP },
};

export function gameOf(code: string): GameInfo {
  const game = GAMES[code];
  if (!game) throw new DomainError(ERROR_CODES.validation, `${code} is not a Palaro in-house game`);
  return game;
}

export function gameRules(kind: TInhouseGameKind): Pick<TInhouseSession, 'slot' | 'mines'> {
  if (kind === 'slot') {
    return {
      slot: {
        reels: SLOT_REELS.map((strip) => [...strip]),
        rows: SLOT_ROW_COUNT,
        paylines: SLOT_PAYLINES.map((rows) => [...rows]),
        paytable: Object.fromEntries(
          Object.entries(SLOT_PAYTABLE).map(([symbol, pays]) => [symbol, [...pays] as [number, number, number]]),
        ),
        wild: SLOT_WILD,
        scatter: SLOT_SCATTER,
        scatterPays: { ...SLOT_SCATTER_PAYS },
        freeSpinAwards: { ...SLOT_FREE_SPIN_AWARDS },
        freeSpinMultiplier: SLOT_FREE_SPIN_MULTIPLIER,
        maxFreeSpins: SLOT_MAX_FREE_SPINS,
      },
      mines: null,
    };
  }
  return {
    slot: null,
    mines: {
      gridSize: MINES_GRID_SIZE,
      minMines: MINES_MIN_MINES,
      maxMines: MINES_MAX_MINES,
      multipliers: minesMultiplierTable(),
      multiplierScale: MINES_MULTIPLIER_SCALE,
    },
  };
}

export function assertBet(game: GameInfo, bet: bigint): void {
  if (!game.betSteps.includes(Number(bet))) {
    throw new DomainError(
      INHOUSE_ERROR_CODES.betInvalid,
      `The bet must be one of ${game.betSteps.join(', ')} centavos`,
      {
        fields: [{ field: 'bet', i18nKey: 'in_inhouse_bet_invalid', message: 'Not one of the bet steps' }],
      },
    );
  }
}

export function assertGame(session: InhouseSessionRow, kind: TInhouseGameKind): GameInfo {
  const game = gameOf(session.gameCode);
  if (game.kind !== kind)
    throw new DomainError(ERROR_CODES.validation, `This session plays ${session.gameName}, not the ${kind} game`);
  return game;
}

/** The contract's rule counts in numbers (the browser previews with it): a bet step is far within the safe integers. */
export function minesCapped(bet: bigint, multiplier: number): bigint {
  return BigInt(Math.min(minesPayout(Number(bet), multiplier), INHOUSE_MAX_WIN));
}
