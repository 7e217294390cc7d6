import type { ErrorCatalogue } from '../shared/error-catalogue';

export const VIP_ERROR_CODES = {
  /** A VIP benefits read while the merchant's VIP display is off. */
  vipHidden: 'vip.hidden',
  /** VIP levels whose requirements do not grow with the level, or a level 0 that asks for anything. */
  vipLevelsOrder: 'vip.levels.order',
} as const;
export type VipErrorCode = (typeof VIP_ERROR_CODES)[keyof typeof VIP_ERROR_CODES];

export const VIP_ERRORS: ErrorCatalogue<VipErrorCode> = {
  'vip.hidden': { status: 404, i18nKey: 'in_vip_hidden' },
  'vip.levels.order': { status: 400, i18nKey: 'in_vip_levels_order' },
};
