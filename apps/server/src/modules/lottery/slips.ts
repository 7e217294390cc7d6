import {
  betStake,
  betTypeRule,
  formatWinningNumber,
  LOTTERY_ERROR_CODES,
  MAX_MULTIPLIER,
  normalisePicks,
  selectionProblem,
  soldUnder,
  type TLotteryBet,
  wireCentavos,
} from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { insufficientBalance, lockMemberWallet, postEntry, systemAccount } from '../wallet/ledger';
import type { MemberPricing } from './prize-groups';
import { isOnSale } from './rules';
import type { LotteryBetRow, LotteryDrawRow, LotteryGameRow } from './schema';
import { insertSlipBets, memberStakeOnDraw, type BetDraw, type NewSlipBets } from './store/bets';
import { lockDrawForSale } from './store/draws';
import { findEnabledGame } from './store/games';

/**
 * A slip of bets on one draw, as a player's slip and a chase's draw both place it: the bets checked
 * against their bet types and the game's limits (planSlip), then written and debited in the
 * caller's transaction (writeSlip); and the game, draw and bet lookups betting, chasing and
 * cancelling share.
 */

/** Member type of trial accounts (accounts' schema): they bet play money. */
export const TRIAL_MEMBER_TYPE = 4;

export interface Bettor {
  merchantId: number;
  memberId: number;
  memberType: number;
}

export function isTrial(bettor: Bettor): boolean {
  return bettor.memberType === TRIAL_MEMBER_TYPE;
}

/** A bet as a slip or a chase sends it: its unit stake a safe integer of centavos (the wire's, or a chase's JSON). */
export interface SlipBet {
  betType: string;
  picks: number[][];
  unitStake: number;
  multiplier: number;
}

/** A checked bet, its money in bigint centavos from here on. */
export interface PlannedBet extends Omit<SlipBet, 'unitStake'> {
  unitStake: bigint;
  combinations: number;
  stake: bigint;
}

function invalid(message: string, field: string): DomainError {
  return new DomainError(LOTTERY_ERROR_CODES.selectionInvalid, message, {
    fields: [{ field, i18nKey: 'in_lottery_selection_invalid', message }],
  });
}

function outOfLimits(game: LotteryGameRow, index: number, field: 'unitStake' | 'multiplier'): DomainError {
  return new DomainError(
    LOTTERY_ERROR_CODES.stakeOutOfLimits,
    `Bet ${index + 1}: a unit stake of at least ${game.minUnitStake}, a multiplier of at most ${MAX_MULTIPLIER} and a bet of at most ${game.maxBetStake} centavos`,
    {
      fields: [{ field: `bets.${index}.${field}`, i18nKey: 'in_lottery_stake_limits', message: 'Stake out of limits' }],
    },
  );
}

export function drawLimitReached(game: LotteryGameRow, already?: bigint): DomainError {
  return new DomainError(
    LOTTERY_ERROR_CODES.drawLimitReached,
    `At most ${game.maxDrawStakePerMember} centavos on one draw${already === undefined ? '' : `; ${already} already staked`}`,
  );
}

export function oddsChanged(group: number): DomainError {
  return new DomainError(LOTTERY_ERROR_CODES.oddsChanged, `The odds changed: you now bet at prize group ${group}`, {
    prizeGroup: group,
  });
}

/**
 * Checks every bet of a slip before anything is written: a bet type of the game's family sold under
 * its prize mode (ZY: the Entertainment board only), valid
 * picks, a unit stake at least the game's minimum, a multiplier (times `drawMultiplier`, a chase
 * draw's) at most MAX_MULTIPLIER, each bet at most the game's maximum and the slip at most the
 * game's limit per member on one draw. Answers the bets with their picks in canonical form.
 */
export function planSlip(game: LotteryGameRow, bets: readonly SlipBet[], drawMultiplier = 1): PlannedBet[] {
  const planned = bets.map((bet, index) => {
    const rule = betTypeRule(bet.betType);
    if (!rule || rule.family !== game.family || !soldUnder(rule, game.prizeMode)) {
      throw new DomainError(
        LOTTERY_ERROR_CODES.betTypeUnknown,
        `${bet.betType} is not a bet type of ${game.gameCode}`,
        {
          fields: [
            { field: `bets.${index}.betType`, i18nKey: 'in_lottery_bettype_unknown', message: 'Unknown bet type' },
          ],
        },
      );
    }
    const problem = selectionProblem(rule, bet.picks);
    if (problem)
      throw invalid(
        `Bet ${index + 1} (${rule.code}): the picks are not a valid bet (${problem})`,
        `bets.${index}.picks`,
      );
    const multiplier = bet.multiplier * drawMultiplier;
    if (multiplier > MAX_MULTIPLIER) throw outOfLimits(game, index, 'multiplier');
    const combinations = rule.countCombinations(bet.picks);
    const unitStake = BigInt(bet.unitStake);
    const stake = betStake(unitStake, multiplier, combinations);
    if (unitStake < game.minUnitStake || stake > game.maxBetStake) throw outOfLimits(game, index, 'unitStake');
    return {
      betType: rule.code,
      picks: normalisePicks(bet.picks),
      unitStake,
      multiplier,
      combinations,
      stake,
    };
  });
  if (slipStake(planned) > game.maxDrawStakePerMember) throw drawLimitReached(game);
  return planned;
}

export function slipStake(planned: readonly Pick<PlannedBet, 'stake'>[]): bigint {
  return planned.reduce((sum, bet) => sum + bet.stake, 0n);
}

export interface SlipWrite {
  game: LotteryGameRow;
  /** Held FOR SHARE by the caller and checked on sale. */
  draw: LotteryDrawRow;
  bettor: Bettor;
  planned: readonly PlannedBet[];
  pricing: MemberPricing;
  /** The 'bet' entry's journal reference (one per slip). */
  reference: string;
  chaseId: number | null;
  now: Date;
}

/**
 * Writes a slip on a draw in the caller's transaction: the member's wallet is locked, the member's
 * stakes on the draw (cancelled bets not counted) stay within the game's limit, the wallet must
 * cover the slip (else insufficient balance, nothing written), and the bets are written at the
 * member's prize group. Answers the balance after the slip and its debit — one 'bet' entry (category ELOTT;
 * play money for trial members) — for the caller to post as the transaction's last statement: the
 * debit locks the house's account row until the commit and every slip of the merchant waits for
 * that row, so nothing else may run while it is held (the posting's own balance check stays the
 * guard). Turnover counts when the bets settle (after-settlement.ts), not here: a cancelled or
 * voided bet never counts.
 */
export async function writeSlip(
  tx: Tx,
  slip: SlipWrite,
): Promise<{ rows: LotteryBetRow[]; balance: bigint; debit: (tx: Tx) => Promise<void> }> {
  const { game, draw, bettor, planned } = slip;
  const total = slipStake(planned);
  // The wallet lock first: it orders one member's slips, so two at once cannot both pass the draw's limit.
  const wallet = await lockMemberWallet(tx, bettor.merchantId, bettor.memberId);
  const already = await memberStakeOnDraw(tx, draw.id, bettor.memberId);
  if (already + total > game.maxDrawStakePerMember) throw drawLimitReached(game, already);
  if (wallet.balance < total) throw insufficientBalance();
  const counterpart = await systemAccount(tx, bettor.merchantId, isTrial(bettor) ? 'play_money' : 'house');
  const [rows] = await insertBets(tx, [slip]);
  const debit = async (last: Tx) => {
    await postEntry(last, {
      merchantId: bettor.merchantId,
      kind: 'bet',
      reference: slip.reference,
      category: 'ELOTT',
      memo: `${game.nameEn} ${draw.numero}`,
      lines: [
        { accountId: wallet.id, amount: -total },
        { accountId: counterpart.id, amount: total },
      ],
    });
  };
  return { rows: rows!, balance: wallet.balance - total, debit };
}

/**
 * Inserts the bets of `slips` by one statement whatever their number (store/bets.ts), each at its
 * member's prize group, with its upline's groups when one of them earns a rebate. Answers each
 * slip's rows, in its bets' order.
 */
export function insertBets(tx: Tx, slips: readonly SlipWrite[]): Promise<LotteryBetRow[][]> {
  return insertSlipBets(
    tx,
    slips.map((slip): NewSlipBets => ({
      merchantId: slip.bettor.merchantId,
      memberId: slip.bettor.memberId,
      trial: isTrial(slip.bettor),
      gameId: slip.game.id,
      drawId: slip.draw.id,
      reference: slip.reference,
      prizeGroup: slip.pricing.group,
      uplineGroups: slip.pricing.uplineGroups,
      chaseId: slip.chaseId,
      placedAt: slip.now,
      bets: slip.planned,
    })),
  );
}

function gameUnknown(gameCode: string): DomainError {
  return new DomainError(LOTTERY_ERROR_CODES.gameUnknown, `No lottery game ${gameCode}`);
}

/** An enabled game of the merchant by its code; else lottery.game.unknown. */
export async function gameByCode(db: Queryable, merchantId: number, gameCode: string): Promise<LotteryGameRow> {
  const game = await findEnabledGame(db, merchantId, gameCode);
  if (!game) throw gameUnknown(gameCode);
  return game;
}

/** The game's draw `numero`, held FOR SHARE, if it is on sale by the server's clock; else lottery.draw.closed. */
export async function drawOnSale(tx: Tx, game: LotteryGameRow, drawNumero: string, now: Date): Promise<LotteryDrawRow> {
  const draw = await lockDrawForSale(tx, game.id, drawNumero);
  if (!draw || !isOnSale(draw, now)) throw drawClosed(game, drawNumero);
  return draw;
}

/** lottery.draw.closed: the draw is not on sale by the server's clock (or does not exist). */
export function drawClosed(game: LotteryGameRow, drawNumero: string): DomainError {
  return new DomainError(LOTTERY_ERROR_CODES.drawClosed, `Draw ${drawNumero} of ${game.gameCode} is not on sale`);
}

/** A bet as the player sees it; `cancellable` by the server's clock `now`. */
export function betView(game: LotteryGameRow, bet: LotteryBetRow, draw: BetDraw, now: Date): TLotteryBet {
  return {
    betId: String(bet.id),
    gameCode: game.gameCode,
    numero: draw.numero,
    betType: bet.betType,
    picks: bet.picks,
    combinations: bet.combinations,
    unitStake: wireCentavos(bet.unitStake),
    multiplier: bet.multiplier,
    stake: wireCentavos(bet.stake),
    prizeGroup: bet.prizeGroup,
    state: bet.state,
    winAmount: wireCentavos(bet.winAmount),
    placedAt: bet.placedAt.getTime(),
    settledAt: bet.settledAt?.getTime() ?? null,
    winningNumber: draw.result ? formatWinningNumber(game.family, draw.result) : '',
    slipReference: bet.slipReference,
    chaseId: bet.chaseId === null ? null : String(bet.chaseId),
    cancellable: game.cancelAllowed && bet.state === 'pending' && isOnSale(draw, now),
  };
}
