import { defineSettingsArea } from '../../platform/settings-area';
import { assertRangeOrdered } from '../settings/ranges';

/** Spec §5: feedback content "between {0} and {1} words", the bounds the merchant's. */
export const feedbackSettings = defineSettingsArea({
  name: 'feedback',
  defaults: { contentMinWords: 5, contentMaxWords: 300 },
  assertCoherent: (settings) => assertRangeOrdered(settings, 'contentMinWords', 'contentMaxWords'),
});
