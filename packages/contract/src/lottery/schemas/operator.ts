/** The operator's lottery controls: draws, result entry and voids, result sources, a game's sales settings. */
import { z } from 'zod';
import { ZCentavos } from '../../money/schemas';
import { PRIZE_GROUP_MAX, PRIZE_GROUP_MIN } from '../bet-types';
import { OPERATOR_DRAWS_LIMIT, RESULT_GRACE_MINUTES_MAX, VOID_REASON_MAX, feedUrlProblem } from '../traditional';
import { ZMerchantParams } from '../../operator/schemas/operator';
import {
  ZDrawAbnormal,
  ZDrawState,
  ZLotteryCentavos,
  ZLotteryFamily,
  ZLotteryGameCode,
  ZNumero,
  ZPrizeMode,
  ZResultSource,
} from './common';

/** The operator's lottery controls (LOTTERY_API_PATHS.operator…, lottery/paths.ts). */
export const ZOperatorLotteryParams = ZMerchantParams.extend({ gameCode: ZLotteryGameCode });
export const ZOperatorDrawParams = ZOperatorLotteryParams.extend({ numero: ZNumero });
export const ZOperatorDrawsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(OPERATOR_DRAWS_LIMIT).default(20),
});
export const ZLotteryMonitorQuery = z.object({ gameCode: ZLotteryGameCode.optional() });

/** An official result as typed (lottery/traditional.ts parseOfficialResult): VN tiers split by ~, numbers by commas. */
export const ZResultEntry = z.object({ result: z.string().trim().min(1).max(400) });
export type TResultEntry = z.input<typeof ZResultEntry>;
export const ZVoidDraw = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'Say why in at least 3 characters')
    .max(VOID_REASON_MAX, `At most ${VOID_REASON_MAX} characters`),
});
export type TVoidDraw = z.input<typeof ZVoidDraw>;

/** One draw as the operator sees it: state, result and its source, the pending entry, tickets and stakes. */
export const ZOperatorDraw = z.object({
  gameCode: z.string(),
  family: ZLotteryFamily,
  /** The zone its times are read in (lottery/traditional.ts drawTimeZone): the official draw's, or Manila. */
  timeZone: z.string(),
  numero: z.string(),
  state: ZDrawState,
  opensAt: z.number().int(),
  locksAt: z.number().int(),
  drawsAt: z.number().int(),
  /** Past its draw time (plus the grace period of a traditional game) without a result. */
  late: z.boolean(),
  resultSource: ZResultSource.nullable(),
  winningNumber: z.string(),
  /** A first entry awaiting a second operator's confirmation (as typed back in the official format), its operator and time. */
  pendingEntry: z.object({ winningNumber: z.string(), enteredBy: z.string(), enteredAt: z.number().int() }).nullable(),
  enteredBy: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  abnormal: ZDrawAbnormal.nullable(),
  cancelReason: z.string().nullable(),
  /** Bets on the draw, those still pending, and their stakes (centavos). */
  tickets: z.number().int(),
  pendingTickets: z.number().int(),
  stake: ZLotteryCentavos,
  pendingStake: ZLotteryCentavos,
});
export type TOperatorDraw = z.infer<typeof ZOperatorDraw>;
/**
 * Where a traditional game's results come from: `operator` (entered by one operator, confirmed by
 * another) or `feed` with the feed's http(s) address (operators may still enter results); and,
 * optionally, how many minutes after its draw time a draw may wait for its result before it is late.
 */
export const ZResultSourceChange = z
  .object({
    source: z.enum(['operator', 'feed']),
    feedUrl: z.string().trim().optional(),
    graceMinutes: z.number().int().min(1).max(RESULT_GRACE_MINUTES_MAX).optional(),
  })
  .superRefine((change, context) => {
    if (change.source === 'operator' && change.feedUrl !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['feedUrl'],
        message: 'An operator-entered game has no feed address: leave it out',
      });
    }
    if (change.source === 'feed') {
      const problem =
        change.feedUrl === undefined ? 'A feed game needs the feed’s address' : feedUrlProblem(change.feedUrl);
      if (problem) context.addIssue({ code: 'custom', path: ['feedUrl'], message: problem });
    }
  });
export type TResultSourceChange = z.input<typeof ZResultSourceChange>;

/** A traditional game's result source as the operator sees it (the feed's address with its secrets as ***). */
export const ZOperatorGameSource = z.object({
  gameCode: z.string(),
  family: ZLotteryFamily,
  resultSource: ZResultSource,
  feedUrl: z.string().nullable(),
  resultGraceSeconds: z.number().int(),
});
export type TOperatorGameSource = z.infer<typeof ZOperatorGameSource>;

export const ZLotteryMonitor = z.object({
  serverTime: z.number().int(),
  draws: z.array(ZOperatorDraw),
  /** Every traditional game's result source (the game asked for only, when one is). */
  sources: z.array(ZOperatorGameSource),
});
export type TLotteryMonitor = z.infer<typeof ZLotteryMonitor>;
export const ZOperatorDraws = z.object({ gameCode: z.string(), draws: z.array(ZOperatorDraw) });
export type TOperatorDraws = z.infer<typeof ZOperatorDraws>;

/** Centavos an operator may set as a stake limit or a jackpot's minimum: positive, at most ₱10,000,000,000. */
const ZOperatorLimitCentavos = ZCentavos.min(1).max(1_000_000_000_000);

/** A jackpot game's running pool and how it grows (centavos; the share of real-money stakes in basis points). */
export const ZOperatorJackpot = z.object({
  pool: ZLotteryCentavos,
  minimum: ZLotteryCentavos,
  shareBasisPoints: z.number().int(),
});

/** A lottery game's sales settings as the operator sees and changes them. */
export const ZOperatorGameSettings = z.object({
  gameCode: z.string(),
  family: ZLotteryFamily,
  prizeMode: ZPrizeMode,
  /** Players may cancel a pending bet while its draw is on sale. */
  cancelAllowed: z.boolean(),
  /** Listed under the menu's HOT tab. */
  hot: z.boolean(),
  prizeGroup: z.number().int(),
  minUnitStake: ZLotteryCentavos,
  maxBetStake: ZLotteryCentavos,
  maxDrawStakePerMember: ZLotteryCentavos,
  /** Null for a game without a jackpot. */
  jackpot: ZOperatorJackpot.nullable(),
});
export type TOperatorGameSettings = z.infer<typeof ZOperatorGameSettings>;

/**
 * A change of a game's settings: only what is given changes. The limits must stay in order (minimum
 * unit stake ≤ largest bet ≤ a member's stakes per draw) once merged with those not given; a jackpot's
 * minimum and share only on a jackpot game. A minimum above the running pool raises the pool to it.
 */
export const ZGameSettingsChange = z
  .object({
    cancelAllowed: z.boolean().optional(),
    hot: z.boolean().optional(),
    prizeGroup: z.number().int().min(PRIZE_GROUP_MIN).max(PRIZE_GROUP_MAX).optional(),
    minUnitStake: ZOperatorLimitCentavos.optional(),
    maxBetStake: ZOperatorLimitCentavos.optional(),
    maxDrawStakePerMember: ZOperatorLimitCentavos.optional(),
    jackpotMinimum: ZOperatorLimitCentavos.optional(),
    jackpotShareBasisPoints: z.number().int().min(0).max(10_000).optional(),
  })
  .strict()
  .refine((change) => Object.values(change).some((field) => field !== undefined), {
    message: 'Give at least one setting to change',
  });
export type TGameSettingsChange = z.infer<typeof ZGameSettingsChange>;
