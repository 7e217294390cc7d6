/** Chases: one slip bet on consecutive draws, stopped on a win when asked. */
import { z } from 'zod';
import { CHASE_DRAW_STATES, CHASE_STATES, CHASE_STOP_REASONS, MAX_BETS_PER_SLIP, MAX_CHASE_DRAWS } from '../paths';
import { MAX_MULTIPLIER, PRIZE_GROUP_MAX, PRIZE_GROUP_MIN } from '../bet-types';
import { ZLotteryBetState, ZLotteryCentavos, ZLotteryGameCode, ZNumero, ZRowId } from './common';
import { ZBetRequest } from './bets';

/**
 * One slip chased on `draws` draws: the draw on sale (`numero`) and the next ones. `multipliers`
 * (one per draw, lottery/chase.ts chaseMultipliers) multiply every bet of the slip on that draw;
 * none: 1 on every draw. `stopOnWin`: the rest of the chase is cancelled once one of its draws wins.
 */
export const ZChaseRequest = z
  .object({
    gameCode: ZLotteryGameCode,
    numero: ZNumero,
    prizeGroup: z.number().int().min(PRIZE_GROUP_MIN).max(PRIZE_GROUP_MAX),
    bets: z.array(ZBetRequest).min(1).max(MAX_BETS_PER_SLIP),
    draws: z.number().int().min(1).max(MAX_CHASE_DRAWS),
    multipliers: z.array(z.number().int().min(1).max(MAX_MULTIPLIER)).min(1).max(MAX_CHASE_DRAWS).optional(),
    stopOnWin: z.boolean().default(false),
  })
  .refine((chase) => chase.multipliers === undefined || chase.multipliers.length === chase.draws, {
    path: ['multipliers'],
    message: 'One multiplier per draw',
  });
export type TChaseRequest = z.input<typeof ZChaseRequest>;

export const ZChaseDraw = z.object({
  /** 1 for the first draw of the chase. */
  seq: z.number().int(),
  numero: z.string(),
  drawsAt: z.number().int(),
  multiplier: z.number().int(),
  /** What this draw debits (or debited) when it opens. */
  stake: ZLotteryCentavos,
  state: z.enum(CHASE_DRAW_STATES),
  /** Once placed: its bets' state taken together (won if any won, pending while any is); null before. */
  betState: ZLotteryBetState.nullable(),
  winAmount: ZLotteryCentavos,
  placedAt: z.number().int().nullable(),
});
export type TChaseDraw = z.infer<typeof ZChaseDraw>;

export const ZChase = z.object({
  chaseId: z.string(),
  gameCode: z.string(),
  /** The slip chased, each bet at its own multiplier (a draw's multiplier multiplies them). */
  bets: z.array(
    z.object({
      betType: z.string(),
      picks: z.array(z.array(z.number().int())),
      combinations: z.number().int(),
      unitStake: ZLotteryCentavos,
      multiplier: z.number().int(),
    }),
  ),
  /** The slip's stake at draw multiplier 1. */
  slipStake: ZLotteryCentavos,
  prizeGroup: z.number().int(),
  stopOnWin: z.boolean(),
  state: z.enum(CHASE_STATES),
  stopReason: z.enum(CHASE_STOP_REASONS).nullable(),
  /** What every draw together would debit; debited so far and kept (stakes cancelled or refunded came back); won so far. */
  totalStake: ZLotteryCentavos,
  debited: ZLotteryCentavos,
  won: ZLotteryCentavos,
  createdAt: z.number().int(),
  endedAt: z.number().int().nullable(),
  draws: z.array(ZChaseDraw),
});
export type TChase = z.infer<typeof ZChase>;
export const ZChaseResult = z.object({ chase: ZChase, balance: ZLotteryCentavos });
export type TChaseResult = z.infer<typeof ZChaseResult>;
export const ZChaseParams = z.object({ chaseId: ZRowId });
export const ZMyChasesQuery = z.object({
  gameCode: ZLotteryGameCode.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ZMyChases = z.object({ chases: z.array(ZChase), pageNo: z.number().int(), hasMore: z.boolean() });
export type TMyChases = z.infer<typeof ZMyChases>;
