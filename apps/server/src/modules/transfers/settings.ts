import { defineSettingsArea } from '../../platform/settings-area';
import { assertRangeOrdered } from '../settings/ranges';

/** The amounts a member may send to the upline in one transfer (centavos). */
export const transferSettings = defineSettingsArea({
  name: 'transfers',
  defaults: { transferMin: 100_00n, transferMax: 50_000_00n },
  assertCoherent: (settings) => assertRangeOrdered(settings, 'transferMin', 'transferMax'),
});
