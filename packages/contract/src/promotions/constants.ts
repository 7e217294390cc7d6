/** The promotion engine's constants (spec §2 REWCEN3, §3 promotion statuses, §5, §7): zod-free, so the web app may import them. */

/** Promotion types: each a rule with parameters (rules.ts on the server), never code per campaign. */
export const PROMOTION_TYPES = [
  'first_deposit',
  'reload',
  'check_in',
  'turnover_reward',
  'loss_rebate',
  'referral',
  'birthday',
  'mission',
] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** The activity list's categories (tabs). */
export const PROMOTION_CATEGORIES = ['deposit', 'daily', 'rebate', 'referral', 'vip', 'other'] as const;
export type PromotionCategory = (typeof PROMOTION_CATEGORIES)[number];

/** How a reward reaches the member: paid by the job, a claim button, or an application the operator approves. */
export const CLAIM_MODES = ['auto', 'claim', 'apply'] as const;
export type ClaimMode = (typeof CLAIM_MODES)[number];

/** The period a member may get the reward once in, in the merchant's time zone. */
export const PROMOTION_PERIODS = ['once', 'day', 'week', 'month'] as const;
export type PromotionPeriod = (typeof PROMOTION_PERIODS)[number];

export const PROMOTION_STATES = ['active', 'closed'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

/** What the turnover requirement a bonus adds is a multiple of. */
export const TURNOVER_BASES = ['bonus', 'bonus_and_deposit'] as const;
export type TurnoverBase = (typeof TURNOVER_BASES)[number];

/**
 * The member's status of a promotion (spec §3): Join, Joined, Claim, Applying, Close, Rejected,
 * Issued (paid automatically), Claimed, Process (in progress), coming soon, signed (checked in today).
 */
export const PROMOTION_MEMBER_STATUSES = [
  'join',
  'joined',
  'claim',
  'apply',
  'applying',
  'close',
  'rejected',
  'issued',
  'claimed',
  'process',
  'coming_soon',
  'signed',
] as const;
export type PromotionMemberStatus = (typeof PROMOTION_MEMBER_STATUSES)[number];

/** Spec §5: an activity application's comment. */
export const APPLICATION_COMMENT_MAX = 140;
/** Spec §3: up to 3 png/jpg images with an application. */
export const APPLICATION_MAX_IMAGES = 3;

export const APPLICATION_STATUSES = ['applying', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Mission tasks: what is counted in the period. */
export const MISSION_TASK_KINDS = ['deposit', 'turnover', 'check_in'] as const;
export type MissionTaskKind = (typeof MISSION_TASK_KINDS)[number];
