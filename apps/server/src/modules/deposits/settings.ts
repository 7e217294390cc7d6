import { defineSettingsArea } from '../../platform/settings-area';

export const depositSettings = defineSettingsArea({
  name: 'deposits',
  defaults: {
    /** Turnover a deposit requires, in percent of its amount (100 = bet the deposit once). */
    depositTurnoverPercent: 100,
    /** Unpaid online deposit orders expire after this many minutes. */
    depositExpiryMinutes: 30,
  },
});
