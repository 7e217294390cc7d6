import { z } from 'zod';

import { LEADERBOARD_METRICS, LEADERBOARD_STATUSES } from './rules';

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ZMinor = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
export const ZBilingualTitle = z.object({ TY: z.string().trim().min(1).max(80), EN: z.string().trim().min(1).max(80) });
export type TBilingualTitle = z.infer<typeof ZBilingualTitle>;

export const ZLeaderboardRow = z.object({
  rank: z.number().int().positive(),
  /** Masked (ju***4); the member's own row is marked `me`. */
  name: z.string(),
  score: ZMinor,
  /** The prize this place pays (shared evenly among a tie), in minor units; 0 for none. */
  prize: ZMinor,
  me: z.boolean(),
});
export type TLeaderboardRow = z.infer<typeof ZLeaderboardRow>;

export const ZLeaderboardPeriod = z.object({
  id: z.number().int(),
  title: ZBilingualTitle,
  metric: z.enum(LEADERBOARD_METRICS),
  status: z.enum(LEADERBOARD_STATUSES),
  /** ISO 8601 instants: the first local day's midnight and the midnight after the last, in the merchant's zone. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** The local days as the operator gave them. */
  fromDay: ZDay,
  toDay: ZDay,
  /** Prize of each rank, first place first. */
  prizes: z.array(ZMinor),
  top: z.array(ZLeaderboardRow),
  /** The member's standing: rank null while outside the kept ranking (or without a score). */
  me: z.object({ rank: z.number().int().positive().nullable(), score: ZMinor, prize: ZMinor }),
  /** When the ranking was last computed (it is refreshed every few seconds while live). */
  refreshedAt: z.string().nullable(),
});
export type TLeaderboardPeriod = z.infer<typeof ZLeaderboardPeriod>;

export const ZLeaderboardPage = z.object({
  list: z.array(ZLeaderboardPeriod),
  currencySymbol: z.string(),
  /** Seconds between two refreshes of a live ranking (a merchant setting). */
  refreshSeconds: z.number().int().positive(),
});
export type TLeaderboardPage = z.infer<typeof ZLeaderboardPage>;

export const ZOperatorLeaderboardCreate = z.object({
  title: ZBilingualTitle,
  metric: z.enum(LEADERBOARD_METRICS),
  /** First and last local day of the period (inclusive), in the merchant's time zone. */
  fromDay: ZDay,
  toDay: ZDay,
  /** Prize per rank in minor units, first place first; each at least 1. */
  prizes: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(1000),
});
export type TOperatorLeaderboardCreate = z.infer<typeof ZOperatorLeaderboardCreate>;

export const ZOperatorLeaderboardParams = z.object({
  merchantCode: z.string().min(1).max(32),
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const ZOperatorLeaderboard = ZLeaderboardPeriod.omit({ me: true }).extend({
  /** Prizes paid (after the end): who, which rank, how much. */
  paid: z.array(z.object({ username: z.string(), rank: z.number().int(), amount: ZMinor })),
  createdBy: z.string(),
});
export type TOperatorLeaderboard = z.infer<typeof ZOperatorLeaderboard>;

export const ZOperatorLeaderboardList = z.object({ list: z.array(ZOperatorLeaderboard) });
export type TOperatorLeaderboardList = z.infer<typeof ZOperatorLeaderboardList>;
