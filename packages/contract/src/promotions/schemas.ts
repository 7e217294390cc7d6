import { z } from 'zod';
import { GAME_CATEGORIES } from '../games/catalogue';
import {
  APPLICATION_COMMENT_MAX,
  APPLICATION_STATUSES,
  CLAIM_MODES,
  MISSION_TASK_KINDS,
  PROMOTION_CATEGORIES,
  PROMOTION_MEMBER_STATUSES,
  PROMOTION_PERIODS,
  PROMOTION_STATES,
  PROMOTION_TYPES,
  TURNOVER_BASES,
} from './constants';

/** Centavos as a whole, non-negative number (bigint on the server). */
const ZCentavos = z.number().int().nonnegative().max(1e13);
const ZPercent = z.number().int().min(0).max(10_000);

const ZDepositBonus = z.object({ percent: ZPercent, cap: ZCentavos, minDeposit: ZCentavos });

/** Each type's parameters: every number a merchant's (docs/REWARDS.md). */
export const ZPromotionRule = z.discriminatedUnion('type', [
  z.object({ type: z.literal('first_deposit'), ...ZDepositBonus.shape }),
  z.object({ type: z.literal('reload'), ...ZDepositBonus.shape }),
  /** rewards[n-1] is paid on the n-th day of a streak; past the list, its last amount. */
  z.object({ type: z.literal('check_in'), rewards: z.array(ZCentavos).min(1).max(31) }),
  /** The highest tier whose turnover the previous period's valid bets reach. */
  z.object({
    type: z.literal('turnover_reward'),
    tiers: z
      .array(z.object({ turnover: ZCentavos, reward: ZCentavos }))
      .min(1)
      .max(20),
  }),
  /** The previous period's net loss (bets less wins and refunds) times the rate, capped. */
  z.object({ type: z.literal('loss_rebate'), rateBasisPoints: ZPercent, cap: ZCentavos, minLoss: ZCentavos }),
  /** The referrer gets percent of each invitee's first deposit of at least minDeposit, capped. */
  z.object({ type: z.literal('referral'), percent: ZPercent, cap: ZCentavos, minDeposit: ZCentavos }),
  z.object({ type: z.literal('birthday'), amount: ZCentavos }),
  z.object({
    type: z.literal('mission'),
    tasks: z
      .array(z.object({ kind: z.enum(MISSION_TASK_KINDS), target: ZCentavos }))
      .min(1)
      .max(10),
    reward: ZCentavos,
  }),
]);
export type TPromotionRule = z.infer<typeof ZPromotionRule>;

export const ZLocalText = z.object({ EN: z.string().trim().min(1).max(2000), TY: z.string().trim().min(1).max(2000) });
export type TLocalText = z.infer<typeof ZLocalText>;

export const ZEligibility = z.object({
  /** Member types that may take part (0 member, 1 agent…); trial accounts never get real money. */
  memberTypes: z.array(z.number().int().min(0).max(99)).min(1).max(10).default([0, 1]),
  minVipLevel: z.number().int().min(0).max(100).default(0),
  /** Only members registered within this many days before claiming (null: any member). */
  newMemberDays: z.number().int().min(1).max(3650).nullable().default(null),
});
export type TEligibility = z.infer<typeof ZEligibility>;

/** Per game category, the percent of a valid bet that counts toward the bonus's requirement (missing: 100). */
export const ZContributions = z.partialRecord(z.enum(GAME_CATEGORIES), z.number().int().min(0).max(100));
export type TContributions = z.infer<typeof ZContributions>;

export const ZPromotionInput = z.object({
  title: ZLocalText,
  description: ZLocalText,
  category: z.enum(PROMOTION_CATEGORIES),
  rule: ZPromotionRule,
  claimMode: z.enum(CLAIM_MODES),
  period: z.enum(PROMOTION_PERIODS),
  /** Members join before their progress counts (missions, turnover rewards). */
  requiresJoin: z.boolean().default(false),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime().nullable().default(null),
  /** Days after a period ends its reward can still be claimed (for rewards on the previous period). */
  claimDays: z.number().int().min(1).max(90).default(1),
  eligibility: ZEligibility.default({ memberTypes: [0, 1], minVipLevel: 0, newMemberDays: null }),
  /** How many times one member may get it in all (null: once per period, without end). */
  perMemberLimit: z.number().int().min(1).max(100_000).nullable().default(null),
  /** The total the promotion may pay out (null: no budget). */
  budget: ZCentavos.nullable().default(null),
  /** Turnover to bet before withdrawing, as a percent of the base (1000 = 10×); 0 adds none. */
  turnoverPercent: z.number().int().min(0).max(100_000).default(0),
  turnoverBase: z.enum(TURNOVER_BASES).default('bonus'),
  contributions: ZContributions.default({}),
  sortOrder: z.number().int().min(0).max(10_000).default(100),
});
export type TPromotionInput = z.infer<typeof ZPromotionInput>;
export const ZPromotionUpdate = ZPromotionInput.partial();
export type TPromotionUpdate = z.infer<typeof ZPromotionUpdate>;

export const ZPromotionParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** One day of a check-in calendar. */
export const ZCheckInDay = z.object({ day: z.string(), signed: z.boolean(), reward: z.number(), today: z.boolean() });

export const ZPromotionSummary = z.object({
  id: z.number().int(),
  type: z.enum(PROMOTION_TYPES),
  category: z.enum(PROMOTION_CATEGORIES),
  title: z.string(),
  description: z.string(),
  claimMode: z.enum(CLAIM_MODES),
  period: z.enum(PROMOTION_PERIODS),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  status: z.enum(PROMOTION_MEMBER_STATUSES),
  /** What claiming now would pay (0 when nothing is claimable). */
  claimable: z.number(),
  /** Progress toward the reward, 0–100, when it is counted. */
  progress: z.number().int().min(0).max(100).nullable(),
  /** The i18n key telling why the member cannot take part (trial, VIP level, new members only). */
  ineligibleKey: z.string().nullable(),
});
export type TPromotionSummary = z.infer<typeof ZPromotionSummary>;

export const ZPromotionList = z.object({ list: z.array(ZPromotionSummary), trial: z.boolean() });
export type TPromotionList = z.infer<typeof ZPromotionList>;

export const ZApplicationView = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  comment: z.string(),
  imageCount: z.number().int(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type TApplicationView = z.infer<typeof ZApplicationView>;

export const ZPromotionDetail = ZPromotionSummary.extend({
  rule: ZPromotionRule,
  turnoverPercent: z.number(),
  turnoverBase: z.enum(TURNOVER_BASES),
  contributions: ZContributions,
  minVipLevel: z.number(),
  newMemberDays: z.number().nullable(),
  tasks: z.array(z.object({ kind: z.enum(MISSION_TASK_KINDS), target: z.number(), done: z.number() })),
  calendar: z.array(ZCheckInDay),
  streak: z.number().int(),
  application: ZApplicationView.nullable(),
  granted: z.number(),
  commentMax: z.literal(APPLICATION_COMMENT_MAX),
});
export type TPromotionDetail = z.infer<typeof ZPromotionDetail>;

export const ZClaimResult = z.object({
  amount: z.number(),
  turnoverAdded: z.number(),
  balance: z.number(),
  promotion: ZPromotionDetail,
});
export type TClaimResult = z.infer<typeof ZClaimResult>;

const ZUploadId = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
export const ZPromotionUpload = z.object({
  imageId: ZUploadId,
  contentType: z.enum(['image/png', 'image/jpeg']),
  sizeBytes: z.number().int().positive(),
});
export type TPromotionUpload = z.infer<typeof ZPromotionUpload>;

export const ZApplicationRequest = z.object({
  // Bounded far above the rule, so the 140-character rule answers with its own message.
  comment: z.string().max(5000),
  imageIds: z.array(ZUploadId).max(50).default([]),
});
export type TApplicationRequest = z.infer<typeof ZApplicationRequest>;

export const ZRewardItem = z.object({
  promotionId: z.number().int(),
  title: z.string(),
  amount: z.number(),
  at: z.string(),
  status: z.enum(PROMOTION_MEMBER_STATUSES),
  turnoverRequired: z.number(),
  turnoverLeft: z.number(),
});
export type TRewardItem = z.infer<typeof ZRewardItem>;

export const ZRewardCentre = z.object({
  trial: z.boolean(),
  available: z.array(ZPromotionSummary),
  claimable: z.array(ZPromotionSummary),
  inProgress: z.array(ZPromotionSummary),
  claimed: z.array(ZRewardItem),
  /** What is left to bet before withdrawing (every open requirement: deposits' and bonuses'). */
  turnoverLeft: z.number(),
  bonusTurnoverLeft: z.number(),
});
export type TRewardCentre = z.infer<typeof ZRewardCentre>;

// ── operator ────────────────────────────────────────────────────────────────────────────────────

export const ZOperatorPromotion = ZPromotionInput.extend({
  id: z.number().int(),
  state: z.enum(PROMOTION_STATES),
  spent: z.number(),
  grantCount: z.number().int(),
});
export type TOperatorPromotion = z.infer<typeof ZOperatorPromotion>;
export const ZOperatorPromotionList = z.object({ list: z.array(ZOperatorPromotion) });
export type TOperatorPromotionList = z.infer<typeof ZOperatorPromotionList>;
export const ZOperatorPromotionParams = z.object({
  merchantCode: z.string().min(1).max(40),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const ZPromotionCost = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(PROMOTION_TYPES),
  state: z.enum(PROMOTION_STATES),
  budget: z.number().nullable(),
  /** Every grant paid (automatic, claimed and approved). */
  granted: z.number(),
  grants: z.number().int(),
  /** Of it, what members claimed with the button or got on approval. */
  claimed: z.number(),
  /** Valid bets counted toward the grants' turnover requirements. */
  wagered: z.number(),
  /** Turnover the grants asked that was waived by an operator rather than bet. */
  expired: z.number(),
});
export const ZPromotionReport = z.object({ list: z.array(ZPromotionCost) });
export type TPromotionReport = z.infer<typeof ZPromotionReport>;

export const ZOperatorApplication = ZApplicationView.extend({
  promotionId: z.number().int(),
  promotionTitle: z.string(),
  username: z.string(),
  imageIds: z.array(z.string()),
  amount: z.number().nullable(),
});
export type TOperatorApplication = z.infer<typeof ZOperatorApplication>;
export const ZOperatorApplicationList = z.object({ list: z.array(ZOperatorApplication) });
export type TOperatorApplicationList = z.infer<typeof ZOperatorApplicationList>;
export const ZOperatorApplicationQuery = z.object({ status: z.enum(APPLICATION_STATUSES).optional() });
export const ZApplicationDecision = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), amount: ZCentavos.positive().optional() }),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(1).max(500) }),
]);
export type TApplicationDecision = z.infer<typeof ZApplicationDecision>;
export const ZOperatorApplicationImageParams = z.object({
  merchantCode: z.string().min(1).max(40),
  imageId: ZUploadId,
});
