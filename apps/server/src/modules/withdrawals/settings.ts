import { defineSettingsArea } from '../../platform/settings-area';
import { assertRangeOrdered } from '../settings/ranges';

/** A merchant's withdrawal limits (amounts in centavos) and how many payout accounts a member may bind. */
export const withdrawalSettings = defineSettingsArea({
  name: 'withdrawals',
  defaults: {
    withdrawMin: 100_00n,
    withdrawMax: 50_000_00n,
    withdrawDailyCount: 5,
    withdrawDailyAmount: 100_000_00n,
    maxPayoutAccounts: 5,
  },
  assertCoherent: (settings) => assertRangeOrdered(settings, 'withdrawMin', 'withdrawMax'),
});
