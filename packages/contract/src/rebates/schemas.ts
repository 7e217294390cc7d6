import { z } from 'zod';
import { GAME_CATEGORIES } from '../games/catalogue';
import { REBATE_MAX_RATE_BP } from './rules';

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ZCentavos = z.number().int().nonnegative();
export const ZRebateCategory = z.enum(GAME_CATEGORIES);

/** One category of a member's day: valid turnover, the rate, the rebate owed and what was paid of it. */
export const ZRebateLine = z.object({
  category: ZRebateCategory,
  turnover: ZCentavos,
  rateBp: z.number().int().nonnegative(),
  amount: ZCentavos,
  paid: ZCentavos,
});
export type TRebateLine = z.infer<typeof ZRebateLine>;

export const ZManualRebate = z.object({
  day: ZDay,
  timeZone: z.string(),
  vipLevel: z.number().int().nonnegative(),
  /** Today so far, per category with turnover or a rate. */
  today: z.array(ZRebateLine),
  /** What a claim pays now: today's and the earlier days' unpaid rebates. */
  claimable: ZCentavos,
  /** Of it, the earlier days' (left to claim when the merchant does not pay automatically). */
  earlierClaimable: ZCentavos,
  minPayout: ZCentavos,
  dailyCap: ZCentavos,
  autoPay: z.boolean(),
  manualClaim: z.boolean(),
  /** The turnover a claimed rebate adds, as a percent of it (0 = none). */
  turnoverPercent: z.number().int().nonnegative(),
});
export type TManualRebate = z.infer<typeof ZManualRebate>;

export const ZRebateClaimResult = z.object({ paid: ZCentavos, balance: z.number().int(), day: ZDay });
export type TRebateClaimResult = z.infer<typeof ZRebateClaimResult>;

export const ZRebateReportQuery = z.object({ from: ZDay.optional(), to: ZDay.optional() });
export const ZRebateReport = z.object({
  from: ZDay,
  to: ZDay,
  timeZone: z.string(),
  days: z.array(z.object({ day: ZDay, amount: ZCentavos, paid: ZCentavos, lines: z.array(ZRebateLine) })),
  totals: z.object({ turnover: ZCentavos, amount: ZCentavos, paid: ZCentavos }),
});
export type TRebateReport = z.infer<typeof ZRebateReport>;

// ── operator ────────────────────────────────────────────────────────────────────────────────────

export const ZRebateRate = z.object({
  vipLevel: z.number().int().min(0).max(99),
  category: ZRebateCategory,
  rateBp: z.number().int().min(0).max(REBATE_MAX_RATE_BP),
});
export type TRebateRate = z.infer<typeof ZRebateRate>;
export const ZRebateRateList = z.object({ list: z.array(ZRebateRate) });
export type TRebateRateList = z.infer<typeof ZRebateRateList>;

export const ZRebateSettings = z.object({
  /** 1: the daily job pays each day's rebate; 0: it is left for the member to claim. */
  autoPay: z.number().int().min(0).max(1),
  /** 1: members may claim what has accrued so far today (/m/member/manualRebate). */
  manualClaim: z.number().int().min(0).max(1),
  /** Most a member's rebates of one day may total, centavos (0 = no cap). */
  dailyCap: ZCentavos,
  /** The least a payment pays, centavos: less waits until more accrues. */
  minPayout: ZCentavos,
  /** The turnover requirement a paid rebate adds, percent of it (0 = none). */
  turnoverPercent: z.number().int().min(0).max(10_000),
  /** How many days back an unpaid rebate stays claimable. */
  claimDays: z.number().int().min(1).max(90),
});
export type TRebateSettings = z.infer<typeof ZRebateSettings>;
export const ZRebateSettingsUpdate = ZRebateSettings.partial();
