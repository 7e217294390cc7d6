import { and, eq, ne, sql } from 'drizzle-orm';
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
} from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { insufficientBalance, lockMemberWallet, postEntry, systemAccount } from '../wallet/ledger';
import type { MemberPricing } from './prize-groups';
import {
  lotteryBets,
  lotteryDraws,
  lotteryGames,
  type LotteryBetRow,
  type LotteryDrawRow,
  type LotteryGameRow,
} from './schema';
import { isOnSale } from './views';

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

export interface SlipBet {
  betType: string;
  picks: number[][];
  unitStake: number;
  multiplier: number;
}

export interface PlannedBet extends SlipBet {
  combinations: number;
  stake: number;
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

export function drawLimitReached(game: LotteryGameRow, already?: number): DomainError {
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
    const stake = betStake(bet.unitStake, multiplier, combinations);
    if (bet.unitStake < game.minUnitStake || stake > game.maxBetStake) throw outOfLimits(game, index, 'unitStake');
    return {
      betType: rule.code,
      picks: normalisePicks(bet.picks),
      unitStake: bet.unitStake,
      multiplier,
      combinations,
      stake,
    };
  });
  if (slipStake(planned) > game.maxDrawStakePerMember) throw drawLimitReached(game);
  return planned;
}

export function slipStake(planned: readonly Pick<PlannedBet, 'stake'>[]): number {
  return planned.reduce((sum, bet) => sum + bet.stake, 0);
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
): Promise<{ rows: LotteryBetRow[]; balance: number; debit: (tx: Tx) => Promise<void> }> {
  const { game, draw, bettor, planned } = slip;
  const total = slipStake(planned);
  // The wallet lock first: it orders one member's slips, so two at once cannot both pass the draw's limit.
  const wallet = await lockMemberWallet(tx, bettor.merchantId, bettor.memberId);
  const [already] = await tx
    .select({ total: sql<string>`coalesce(sum(${lotteryBets.stake}), 0)` })
    .from(lotteryBets)
    .where(
      and(
        eq(lotteryBets.drawId, draw.id),
        eq(lotteryBets.memberId, bettor.memberId),
        ne(lotteryBets.state, 'cancelled'),
      ),
    );
  if (Number(already!.total) + total > game.maxDrawStakePerMember) throw drawLimitReached(game, Number(already!.total));
  if (wallet.balance < BigInt(total)) throw insufficientBalance();
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
        { accountId: wallet.id, amount: -BigInt(total) },
        { accountId: counterpart.id, amount: BigInt(total) },
      ],
    });
  };
  return { rows: rows!, balance: Number(wallet.balance - BigInt(total)), debit };
}

/**
 * Inserts the bets of `slips` (each at its member's prize group, with its upline's groups when one
 * of them earns a rebate) by one statement whatever their number, the values sent as one array per
 * column rather than a parameter per value (building a group's 150-row insert through the query
 * builder took 8–15 ms of the event loop). Answers each slip's rows, in its bets' order.
 */
export async function insertBets(tx: Tx, slips: readonly SlipWrite[]): Promise<LotteryBetRow[][]> {
  const bets = slips.flatMap((slip) => slip.planned.map((bet) => ({ slip, bet })));
  const column = <T>(pick: (row: (typeof bets)[number]) => T) => sql.param(bets.map(pick));
  const inserted = await tx.execute(sql`
    insert into ${lotteryBets} (merchant_id, member_id, trial, game_id, draw_id, slip_reference, bet_type, picks, combinations, unit_stake,
                                multiplier, stake, prize_group, placed_at, chase_id, upline_groups)
    select merchant_id, member_id, trial, game_id, draw_id, slip_reference, bet_type, picks::jsonb, combinations, unit_stake,
           multiplier, stake, prize_group, placed_at::timestamptz, chase_id, upline_groups::jsonb
    from unnest(${column(({ slip }) => slip.bettor.merchantId)}::int[], ${column(({ slip }) => slip.bettor.memberId)}::bigint[],
                ${column(({ slip }) => isTrial(slip.bettor))}::boolean[], ${column(({ slip }) => slip.game.id)}::bigint[], ${column(({ slip }) => slip.draw.id)}::bigint[],
                ${column(({ slip }) => slip.reference)}::text[], ${column(({ bet }) => bet.betType)}::text[], ${column(({ bet }) => JSON.stringify(bet.picks))}::text[],
                ${column(({ bet }) => bet.combinations)}::int[], ${column(({ bet }) => bet.unitStake)}::bigint[], ${column(({ bet }) => bet.multiplier)}::int[],
                ${column(({ bet }) => bet.stake)}::bigint[], ${column(({ slip }) => slip.pricing.group)}::int[], ${column(({ slip }) => slip.now.toISOString())}::text[],
                ${column(({ slip }) => slip.chaseId)}::bigint[], ${column(({ slip }) => (slip.pricing.uplineGroups ? JSON.stringify(slip.pricing.uplineGroups) : null))}::text[])
      with ordinality as v(merchant_id, member_id, trial, game_id, draw_id, slip_reference, bet_type, picks, combinations, unit_stake,
                           multiplier, stake, prize_group, placed_at, chase_id, upline_groups, position)
    order by position
    returning id, slip_reference`);
  const { rows } = inserted as unknown as { rows: { id: string | number; slip_reference: string }[] };
  // Ids are drawn in insertion order: a slip's ids in ascending order are its bets in order.
  const idsOf = new Map<string, number[]>();
  for (const row of rows) {
    const ids = idsOf.get(row.slip_reference) ?? [];
    ids.push(Number(row.id));
    idsOf.set(row.slip_reference, ids);
  }
  return slips.map((slip) => {
    const ids = idsOf.get(slip.reference)!.sort((a, b) => a - b);
    return slip.planned.map((bet, index): LotteryBetRow => ({
      id: ids[index]!,
      merchantId: slip.bettor.merchantId,
      memberId: slip.bettor.memberId,
      trial: isTrial(slip.bettor),
      gameId: slip.game.id,
      drawId: slip.draw.id,
      slipReference: slip.reference,
      betType: bet.betType,
      picks: bet.picks,
      combinations: bet.combinations,
      unitStake: bet.unitStake,
      multiplier: bet.multiplier,
      stake: bet.stake,
      prizeGroup: slip.pricing.group,
      state: 'pending',
      winAmount: 0,
      placedAt: slip.now,
      settledAt: null,
      chaseId: slip.chaseId,
      uplineGroups: slip.pricing.uplineGroups,
    }));
  });
}

function gameUnknown(gameCode: string): DomainError {
  return new DomainError(LOTTERY_ERROR_CODES.gameUnknown, `No lottery game ${gameCode}`);
}

/** An enabled game of the merchant by its code; else lottery.game.unknown. */
export async function gameByCode(db: Queryable, merchantId: number, gameCode: string): Promise<LotteryGameRow> {
  const [game] = await db
    .select()
    .from(lotteryGames)
    .where(
      and(
        eq(lotteryGames.merchantId, merchantId),
        eq(lotteryGames.gameCode, gameCode.toUpperCase()),
        eq(lotteryGames.enabled, true),
      ),
    );
  if (!game) throw gameUnknown(gameCode);
  return game;
}

/** The game's draw `numero`, held FOR SHARE, if it is on sale by the server's clock; else lottery.draw.closed. */
export async function drawOnSale(tx: Tx, game: LotteryGameRow, drawNumero: string, now: Date): Promise<LotteryDrawRow> {
  const [draw] = await tx
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, game.id), eq(lotteryDraws.numero, drawNumero)))
    .for('share');
  if (!draw || !isOnSale(draw, now)) throw drawClosed(game, drawNumero);
  return draw;
}

/** lottery.draw.closed: the draw is not on sale by the server's clock (or does not exist). */
export function drawClosed(game: LotteryGameRow, drawNumero: string): DomainError {
  return new DomainError(LOTTERY_ERROR_CODES.drawClosed, `Draw ${drawNumero} of ${game.gameCode} is not on sale`);
}

export type BetDraw = Pick<LotteryDrawRow, 'numero' | 'result' | 'state' | 'opensAt' | 'locksAt'>;

/** A bet as the player sees it; `cancellable` by the server's clock `now`. */
export function betView(game: LotteryGameRow, bet: LotteryBetRow, draw: BetDraw, now: Date): TLotteryBet {
  return {
    betId: String(bet.id),
    gameCode: game.gameCode,
    numero: draw.numero,
    betType: bet.betType,
    picks: bet.picks,
    combinations: bet.combinations,
    unitStake: bet.unitStake,
    multiplier: bet.multiplier,
    stake: bet.stake,
    prizeGroup: bet.prizeGroup,
    state: bet.state,
    winAmount: bet.winAmount,
    placedAt: bet.placedAt.getTime(),
    settledAt: bet.settledAt?.getTime() ?? null,
    winningNumber: draw.result ? formatWinningNumber(game.family, draw.result) : '',
    slipReference: bet.slipReference,
    chaseId: bet.chaseId === null ? null : String(bet.chaseId),
    cancellable: game.cancelAllowed && bet.state === 'pending' && isOnSale(draw, now),
  };
}
