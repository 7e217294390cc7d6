import { z } from 'zod';
import { ZBilingualTitle } from '../leaderboards/schemas';
import { RED_RAIN_QUALIFICATIONS, RED_RAIN_STATUSES } from './rules';

const ZMinor = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const ZRedRainEvent = z.object({
  id: z.number().int(),
  title: ZBilingualTitle,
  status: z.enum(RED_RAIN_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  budget: ZMinor,
  envelopeCount: z.number().int().positive(),
  /** Envelopes not taken yet (all of them before the start). */
  envelopesLeft: z.number().int().nonnegative(),
  grabsPerMember: z.number().int().positive(),
  qualification: z.enum(RED_RAIN_QUALIFICATIONS),
  /** Deposits or turnover a member needs since `qualifyFrom` (0 with no qualification). */
  qualifyAmount: ZMinor,
  qualifyFrom: z.string(),
  me: z.object({
    qualified: z.boolean(),
    /** What the member deposited or bet since `qualifyFrom` (of the event's kind). */
    progress: ZMinor,
    grabs: z.number().int().nonnegative(),
    caught: ZMinor,
  }),
});
export type TRedRainEvent = z.infer<typeof ZRedRainEvent>;

export const ZRedRainHistoryItem = z.object({
  eventId: z.number().int(),
  title: ZBilingualTitle,
  startsAt: z.string(),
  envelopes: z.number().int().nonnegative(),
  caught: ZMinor,
});
export type TRedRainHistoryItem = z.infer<typeof ZRedRainHistoryItem>;

export const ZRedRainPage = z.object({
  /** Live events first, then upcoming, soonest first. */
  events: z.array(ZRedRainEvent),
  /** The member's past catches, latest event first. */
  history: z.array(ZRedRainHistoryItem),
  currencySymbol: z.string(),
  /** The server's clock, so the phone counts down to the start without trusting its own. */
  serverTime: z.string(),
});
export type TRedRainPage = z.infer<typeof ZRedRainPage>;

export const ZRedRainParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const ZRedRainGrab = z.object({
  envelopeId: z.number().int(),
  amount: ZMinor,
  grabs: z.number().int().positive(),
  grabsLeft: z.number().int().nonnegative(),
  caught: ZMinor,
});
export type TRedRainGrab = z.infer<typeof ZRedRainGrab>;

export const ZRedRainResult = z.object({
  event: ZRedRainEvent,
  mine: z.array(z.object({ amount: ZMinor, grabbedAt: z.string() })),
  /** The biggest envelopes caught, names masked. */
  best: z.array(z.object({ name: z.string(), amount: ZMinor })),
  currencySymbol: z.string(),
});
export type TRedRainResult = z.infer<typeof ZRedRainResult>;

export const ZOperatorRedRainCreate = z.object({
  title: ZBilingualTitle,
  /** ISO 8601 instant with its offset. */
  startsAt: z.string().datetime({ offset: true }),
  minutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  budget: z
    .number()
    .int()
    .positive()
    .max(2 ** 47),
  envelopeCount: z.number().int().positive().max(1_000_000),
  /** Bounds of one envelope (defaults: the merchant's minimum, and three times the mean). */
  minAmount: z
    .number()
    .int()
    .positive()
    .max(2 ** 47)
    .optional(),
  maxAmount: z
    .number()
    .int()
    .positive()
    .max(2 ** 47)
    .optional(),
  grabsPerMember: z.number().int().positive().max(1000).optional(),
  qualification: z.enum(RED_RAIN_QUALIFICATIONS).default('none'),
  qualifyAmount: z
    .number()
    .int()
    .nonnegative()
    .max(2 ** 47)
    .default(0),
  /** Hours before the start from which deposits or bets count (default the merchant's). */
  qualifyHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 90)
    .optional(),
});
export type TOperatorRedRainCreate = z.infer<typeof ZOperatorRedRainCreate>;

export const ZOperatorRedRainParams = z.object({
  merchantCode: z.string().min(1).max(32),
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const ZOperatorRedRainEvent = ZRedRainEvent.omit({ me: true }).extend({
  minAmount: ZMinor,
  maxAmount: ZMinor,
  /** Paid so far (sum of the envelopes taken) and by how many members. */
  paid: ZMinor,
  takers: z.number().int().nonnegative(),
  splitAt: z.string().nullable(),
  createdBy: z.string(),
});
export type TOperatorRedRainEvent = z.infer<typeof ZOperatorRedRainEvent>;

export const ZOperatorRedRainList = z.object({ list: z.array(ZOperatorRedRainEvent) });
export type TOperatorRedRainList = z.infer<typeof ZOperatorRedRainList>;
