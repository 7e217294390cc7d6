import { defineSettingsArea } from '../../platform/settings-area';

/**
 * A merchant's rebate rules (amounts in centavos). Rates are per VIP level and category
 * (rebate_rates); these are the rest: whether the daily job pays or leaves the rebate to claim,
 * whether members may claim today's so far, the daily cap, the least payment, the turnover a rebate
 * adds and how long an unpaid one stays claimable.
 */
export const rebateSettings = defineSettingsArea({
  name: 'rebates',
  defaults: {
    autoPay: 1,
    manualClaim: 1,
    dailyCap: 50_000_00n,
    minPayout: 1_00n,
    turnoverPercent: 100,
    claimDays: 7,
  },
});
export type RebateSettings = typeof rebateSettings.defaults;
