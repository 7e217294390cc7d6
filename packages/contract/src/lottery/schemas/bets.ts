/** A slip's bets, the member's bets and cancelling them. */
import { z } from 'zod';
import { MAX_BETS_PER_SLIP } from '../paths';
import { MAX_MULTIPLIER, PRIZE_GROUP_MAX, PRIZE_GROUP_MIN } from '../bet-types';
import { ZLotteryBetState, ZLotteryCentavos, ZLotteryGameCode, ZNumero, ZRowId } from './common';

const ZPickRow = z.array(z.number().int().min(0).max(99_999)).max(1000);
export const ZBetRequest = z.object({
  betType: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_]{2,40}$/),
  picks: z.array(ZPickRow).min(1).max(10),
  /** Centavos per combination. */
  unitStake: z.number().int().min(1).max(100_000_000),
  multiplier: z.number().int().min(1).max(MAX_MULTIPLIER).default(1),
});
export const ZPlaceBetsRequest = z.object({
  gameCode: ZLotteryGameCode,
  numero: ZNumero,
  /** The prize group the slip was priced at (odds shown); refused if the member's is no longer it. */
  prizeGroup: z.number().int().min(PRIZE_GROUP_MIN).max(PRIZE_GROUP_MAX),
  bets: z.array(ZBetRequest).min(1).max(MAX_BETS_PER_SLIP),
});
export type TPlaceBetsRequest = z.input<typeof ZPlaceBetsRequest>;

export const ZLotteryBet = z.object({
  betId: z.string(),
  gameCode: z.string(),
  numero: z.string(),
  betType: z.string(),
  picks: z.array(z.array(z.number().int())),
  combinations: z.number().int(),
  unitStake: ZLotteryCentavos,
  multiplier: z.number().int(),
  stake: ZLotteryCentavos,
  prizeGroup: z.number().int(),
  state: ZLotteryBetState,
  winAmount: ZLotteryCentavos,
  placedAt: z.number().int(),
  settledAt: z.number().int().nullable(),
  winningNumber: z.string(),
  /** The slip the bet was placed in (every bet of one slip shares it): cancel a whole slip by its bets. */
  slipReference: z.string(),
  /** The chase that placed it, if any. */
  chaseId: z.string().nullable(),
  /** Pending, on a draw still on sale, of a game that allows cancelling: the player may cancel it now. */
  cancellable: z.boolean(),
});
export type TLotteryBet = z.infer<typeof ZLotteryBet>;

export const ZPlaceBetsResult = z.object({
  bets: z.array(ZLotteryBet),
  totalStake: ZLotteryCentavos,
  balance: ZLotteryCentavos,
});
export type TPlaceBetsResult = z.infer<typeof ZPlaceBetsResult>;

export const ZMyLotteryBetsQuery = z.object({
  gameCode: ZLotteryGameCode.optional(),
  state: ZLotteryBetState.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ZMyLotteryBets = z.object({ bets: z.array(ZLotteryBet), pageNo: z.number().int(), hasMore: z.boolean() });
export type TMyLotteryBets = z.infer<typeof ZMyLotteryBets>;

/** Cancels bets (a whole slip: every bet of its slipReference) of draws still on sale. */
export const ZCancelBetsRequest = z.object({ betIds: z.array(ZRowId).min(1).max(MAX_BETS_PER_SLIP) });
export type TCancelBetsRequest = z.input<typeof ZCancelBetsRequest>;
export const ZCancelBetsResult = z.object({
  /** The bets as they are now (cancelled). */
  bets: z.array(ZLotteryBet),
  /** Centavos given back. */
  refunded: ZLotteryCentavos,
  balance: ZLotteryCentavos,
});
export type TCancelBetsResult = z.infer<typeof ZCancelBetsResult>;
