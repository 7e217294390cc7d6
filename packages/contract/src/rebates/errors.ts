import type { ErrorCatalogue } from '../shared/error-catalogue';

export const REBATE_ERROR_CODES = {
  /** A manual rebate claim with nothing claimable (nothing accrued, or below the minimum). */
  rebateNothingToClaim: 'rebate.nothing_to_claim',
} as const;
export type RebateErrorCode = (typeof REBATE_ERROR_CODES)[keyof typeof REBATE_ERROR_CODES];

export const REBATE_ERRORS: ErrorCatalogue<RebateErrorCode> = {
  'rebate.nothing_to_claim': { status: 409, i18nKey: 'in_rebate_nothing' },
};
