import { z } from 'zod';
import { ZRebateRate } from '../rebates/schemas';

const ZCentavos = z.number().int().nonnegative();
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One VIP level: what it takes (cumulative since registration), what keeps it per period, what it gives. */
export const ZVipLevel = z.object({
  level: z.number().int().min(0).max(99),
  name: z.string().trim().min(1).max(24),
  depositRequired: ZCentavos,
  turnoverRequired: ZCentavos,
  keepDeposit: ZCentavos,
  keepTurnover: ZCentavos,
  upgradeBonus: ZCentavos,
  birthdayBonus: ZCentavos,
  monthlyBonus: ZCentavos,
  /** 0: the merchant's withdrawal limit applies. */
  withdrawDailyAmount: ZCentavos,
  withdrawDailyCount: z.number().int().min(0).max(1000),
});
export type TVipLevel = z.infer<typeof ZVipLevel>;
export const ZVipLevelList = z.object({ list: z.array(ZVipLevel) });
export type TVipLevelList = z.infer<typeof ZVipLevelList>;
export const ZVipLevelParams = z.object({
  merchantCode: z.string().min(1).max(32),
  level: z.coerce.number().int().min(1).max(99),
});

export const ZVipSettings = z.object({
  /** 1: a level needs both its deposit and its turnover; 0: either. */
  needsBoth: z.number().int().min(0).max(1),
  /** 1: requirements count from the last level change; 0: since registration (a relegation always restarts the count). */
  sinceLastChange: z.number().int().min(0).max(1),
  /** Days of a keep period, counted from the day the level was reached. */
  keepPeriodDays: z.number().int().min(1).max(366),
  /** Levels dropped when a keep period misses its level's keep amounts. */
  relegateBy: z.number().int().min(0).max(99),
  /** The turnover requirement of a VIP bonus, percent of it (0 = none). */
  bonusTurnoverPercent: z.number().int().min(0).max(10_000),
  /** Day of the month the monthly bonus is paid (1–28). */
  monthlyBonusDay: z.number().int().min(1).max(28),
});
export type TVipSettings = z.infer<typeof ZVipSettings>;
export const ZVipSettingsUpdate = ZVipSettings.partial();

export const ZVipClub = z.object({
  level: z.number().int().nonnegative(),
  levelName: z.string(),
  needsBoth: z.boolean(),
  levels: z.array(ZVipLevel),
  rates: z.array(ZRebateRate),
  progress: z.object({
    deposits: ZCentavos,
    turnover: ZCentavos,
    /** Counted up to the end of this day (the evaluation runs after each day). */
    countedThrough: ZDay.nullable(),
    next: z.number().int().nullable(),
    percent: z.number().int().min(0).max(100),
    periodDeposits: ZCentavos,
    periodTurnover: ZCentavos,
    periodEnds: ZDay.nullable(),
  }),
  timeZone: z.string(),
});
export type TVipClub = z.infer<typeof ZVipClub>;
