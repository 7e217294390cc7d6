import {
  LOTTERY_ERROR_CODES,
  formatMoney,
  type TGameSettingsChange,
  type TOperatorGameSettings,
  wireCentavos,
} from '@palaro/contract';
import type { Db, Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { recordAudit } from '../audit/service';
import type { LotteryDeps } from './draws';
import { hasJackpot, jackpotTerms, setJackpotTerms } from './jackpot';
import { gameOf } from './operator';
import type { LotteryGameRow } from './schema';
import { lockGame, updateGame } from './store/games';

/**
 * A lottery game's sales settings, changed by the operator (docs/LOTTERY.md "Operator commands"):
 * the cancel switch, HOT, the game's prize group, its stake limits and a jackpot game's minimum and
 * share. Each applies from the next request on: a bet keeps the odds and limits it was placed under,
 * a slip priced at the old prize group is refused as odds changed, a chase meeting a new limit stops
 * with its reason.
 */

type StakeLimits = Pick<LotteryGameRow, 'minUnitStake' | 'maxBetStake' | 'maxDrawStakePerMember'>;

/** A limit the change gives (a safe integer of centavos off the wire) as the game holds it. */
const limitOf = (given: number | undefined, held: bigint) => (given === undefined ? held : BigInt(given));

/** The game's limits after `change`, or why they would be out of order (the smallest unit ≤ the largest bet ≤ a member's per draw). */
export function changedLimits(game: StakeLimits, change: TGameSettingsChange): StakeLimits | string {
  const limits = {
    minUnitStake: limitOf(change.minUnitStake, game.minUnitStake),
    maxBetStake: limitOf(change.maxBetStake, game.maxBetStake),
    maxDrawStakePerMember: limitOf(change.maxDrawStakePerMember, game.maxDrawStakePerMember),
  };
  // formatMoney takes a number: these limits are at most the operator's bound (10^12), inside 2^53.
  const text = (centavos: bigint) => formatMoney(Number(centavos));
  if (limits.maxBetStake < limits.minUnitStake) {
    return `The largest bet (${text(limits.maxBetStake)}) would be below the smallest unit stake (${text(limits.minUnitStake)})`;
  }
  if (limits.maxDrawStakePerMember < limits.maxBetStake) {
    return `A member's stakes per draw (${text(limits.maxDrawStakePerMember)}) would be below the largest bet (${text(limits.maxBetStake)})`;
  }
  return limits;
}

async function settingsView(q: Db | Tx, game: LotteryGameRow): Promise<TOperatorGameSettings> {
  const terms = await jackpotTerms(q, game);
  return {
    gameCode: game.gameCode,
    family: game.family,
    prizeMode: game.prizeMode,
    cancelAllowed: game.cancelAllowed,
    hot: game.hot,
    prizeGroup: game.prizeGroup,
    minUnitStake: wireCentavos(game.minUnitStake),
    maxBetStake: wireCentavos(game.maxBetStake),
    maxDrawStakePerMember: wireCentavos(game.maxDrawStakePerMember),
    jackpot: terms && { ...terms, pool: wireCentavos(terms.pool), minimum: wireCentavos(terms.minimum) },
  };
}

export async function operatorGameSettings(
  db: Db,
  merchantCode: string,
  gameCode: string,
): Promise<TOperatorGameSettings> {
  return settingsView(db, await gameOf(db, merchantCode, gameCode));
}

/** Applies what `change` gives, in one transaction with its audit row (before and after). */
export async function operatorChangeGameSettings(
  deps: LotteryDeps,
  merchantCode: string,
  gameCode: string,
  change: TGameSettingsChange,
  actor: string,
): Promise<TOperatorGameSettings> {
  return deps.db.transaction(async (tx) => {
    const found = await gameOf(tx, merchantCode, gameCode);
    const game = (await lockGame(tx, found.id))!;
    const limits = changedLimits(game, change);
    if (typeof limits === 'string') throw new DomainError(LOTTERY_ERROR_CODES.settingsInvalid, limits);
    const jackpotChange = change.jackpotMinimum !== undefined || change.jackpotShareBasisPoints !== undefined;
    if (jackpotChange && !hasJackpot(game.family)) {
      throw new DomainError(
        LOTTERY_ERROR_CODES.settingsInvalid,
        `${game.gameCode} has no jackpot: its minimum and share cannot be set`,
      );
    }
    const before = await settingsView(tx, game);
    const updated = await updateGame(tx, game.id, {
      ...limits,
      ...(change.cancelAllowed !== undefined && { cancelAllowed: change.cancelAllowed }),
      ...(change.hot !== undefined && { hot: change.hot }),
      ...(change.prizeGroup !== undefined && { prizeGroup: change.prizeGroup }),
    });
    if (jackpotChange)
      await setJackpotTerms(
        tx,
        updated!,
        {
          minimum: change.jackpotMinimum === undefined ? undefined : BigInt(change.jackpotMinimum),
          shareBasisPoints: change.jackpotShareBasisPoints,
        },
        deps.now(),
      );
    const after = await settingsView(tx, updated!);
    await recordAudit(tx, {
      actor,
      action: 'lottery.game.settings',
      merchantId: game.merchantId,
      details: { gameCode: game.gameCode, before, after },
    });
    return after;
  });
}
