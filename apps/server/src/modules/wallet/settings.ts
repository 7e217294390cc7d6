import { defineSettingsArea } from '../../platform/settings-area';

/** The wallet's own settings (amounts in centavos), until the operator changes them. */
export const walletSettings = defineSettingsArea({
  name: 'wallet',
  defaults: {
    /** Play money a trial account starts with. */
    trialBalance: 2_000_00n,
  },
});
