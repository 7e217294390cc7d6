import type { ErrorCatalogue } from '../shared/error-catalogue';

export const PROMOTION_ERROR_CODES = {
  /** No such promotion for this merchant, or it has ended (expired or foreign id). */
  promotionUnknown: 'promotion.unknown',
  promotionClosed: 'promotion.closed',
  promotionNotStarted: 'promotion.not_started',
  /** The member does not meet the promotion's conditions (member type, VIP level, new members only). */
  promotionIneligible: 'promotion.ineligible',
  /** Nothing to claim now (already claimed this period, or the conditions are not met yet). */
  promotionNothingToClaim: 'promotion.nothing_to_claim',
  promotionAlreadyClaimed: 'promotion.already_claimed',
  /** The promotion's total budget or claim count is used up. */
  promotionBudgetUsed: 'promotion.budget_used',
  /** The member reached the promotion's per-member limit. */
  promotionMemberLimit: 'promotion.member_limit',
  /** The promotion is not claimed this way (claim on an application one, apply on a claim one). */
  promotionWrongMode: 'promotion.wrong_mode',
  promotionApplying: 'promotion.applying',
  /** Comment over APPLICATION_COMMENT_MAX characters. */
  applicationComment: 'promotion.application.comment',
  applicationTooManyImages: 'promotion.application.images',
  applicationImageUnknown: 'promotion.application.image_unknown',
  applicationDecided: 'promotion.application.decided',
} as const;
export type PromotionErrorCode = (typeof PROMOTION_ERROR_CODES)[keyof typeof PROMOTION_ERROR_CODES];

export const PROMOTION_ERRORS: ErrorCatalogue<PromotionErrorCode> = {
  'promotion.unknown': { status: 404, i18nKey: 'in_promo_unknown' },
  'promotion.closed': { status: 409, i18nKey: 'in_promo_closed' },
  'promotion.not_started': { status: 409, i18nKey: 'in_promo_not_started' },
  'promotion.ineligible': { status: 403, i18nKey: 'in_promo_ineligible' },
  'promotion.nothing_to_claim': { status: 409, i18nKey: 'in_promo_nothing' },
  'promotion.already_claimed': { status: 409, i18nKey: 'in_promo_claimed' },
  'promotion.budget_used': { status: 409, i18nKey: 'in_promo_budget' },
  'promotion.member_limit': { status: 409, i18nKey: 'in_promo_limit' },
  'promotion.wrong_mode': { status: 409, i18nKey: 'in_promo_mode' },
  'promotion.applying': { status: 409, i18nKey: 'in_promo_applying' },
  'promotion.application.comment': { status: 400, i18nKey: 'in_promo_comment' },
  'promotion.application.images': { status: 400, i18nKey: 'in_promo_images_max' },
  'promotion.application.image_unknown': { status: 400, i18nKey: 'in_feedback_image_unknown' },
  'promotion.application.decided': { status: 409, i18nKey: 'in_promo_decided' },
};
