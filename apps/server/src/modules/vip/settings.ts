import { defineSettingsArea } from '../../platform/settings-area';

/** A merchant's VIP club rules; the levels themselves are rows (vip_levels). */
export const vipSettings = defineSettingsArea({
  name: 'vip',
  defaults: {
    needsBoth: 1,
    /** 1: a level's requirements count from the last level change; 0: since registration. */
    sinceLastChange: 0,
    keepPeriodDays: 30,
    relegateBy: 1,
    bonusTurnoverPercent: 100,
    monthlyBonusDay: 1,
  },
});
export type VipSettings = typeof vipSettings.defaults;
