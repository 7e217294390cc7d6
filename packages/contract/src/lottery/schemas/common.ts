/** What the lottery's schemas share: game codes, draw numeros, states and the lottery's amounts. */
import { z } from 'zod';
import { ZCentavos } from '../../money/schemas';
import { PRIZE_MODES } from '../../shared/constants';
import { BET_STATES, DRAW_STATES } from '../paths';
import { LOTTERY_FAMILIES } from '../families';
import { ABNORMAL_REASONS, RESULT_SOURCES } from '../traditional';

export const ZLotteryGameCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_]{2,32}$/, 'A lottery game code: letters, digits and _');
export const ZNumero = z
  .string()
  .trim()
  .regex(/^\d{8}-\d{4}$/, 'A draw number: YYYYMMDD-NNNN');
export const ZPrizeMode = z.enum(PRIZE_MODES);
export const ZLotteryFamily = z.enum(LOTTERY_FAMILIES);
export const ZDrawState = z.enum(DRAW_STATES);
export const ZLotteryBetState = z.enum(BET_STATES);
export const ZResultSource = z.enum(RESULT_SOURCES);
export const ZAbnormalReason = z.enum(ABNORMAL_REASONS);
export const ZLotterySchedule = z.object({
  timeZone: z.string(),
  times: z.array(z.string()),
  /** 0 = Sunday … 6 = Saturday; empty: every day. */
  weekdays: z.array(z.number().int()),
  /** Draw times whose sales close this many seconds before them instead of the game's lockTime. */
  lockSecondsAt: z.record(z.string(), z.number().int()).optional(),
});
/** Why a draw is abnormal and since when (ms); its sales stopped until an operator voids it or enters its result. */
export const ZDrawAbnormal = z.object({ reason: ZAbnormalReason, since: z.number().int() });
/** The lottery's amounts (stakes, wins, refunds, balances, pools): never negative. */
export const ZLotteryCentavos = ZCentavos.min(0);

export const ZRowId = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,17}$/, 'An id: digits');
